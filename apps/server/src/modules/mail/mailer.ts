import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export type MailMessage = { to: string; subject: string; text: string; html: string; replyTo?: string };
export type SentMail = { messageId: string; file?: string };

/** Sends a message; `logFields` are added to the outbox's log line (verification codes, so a developer can sign up). */
export type Mailer = {
  send: (message: MailMessage, logFields?: Record<string, string>) => Promise<SentMail>;
  close: () => void;
};

/** Real SMTP when `smtpUrl` is set; otherwise each message becomes an .eml file under `outboxDir`. */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; log: Logger }): Mailer {
  const { smtpUrl, from, outboxDir, log } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        log.info({ to: message.to, messageId: info.messageId }, 'mail sent over SMTP');
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, logFields = {}) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ to: message.to, file, ...logFields }, `mail written to the outbox: ${file}`);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
