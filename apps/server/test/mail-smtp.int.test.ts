import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { type ReceivedMail, startSmtpServer } from './fakes/smtp.ts';
import { createTestApp, post, type TestApp, uniqueEmail } from './helpers.ts';

// Real SMTP: a server started by the test receives what nodemailer sends over the wire.
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let received: ReceivedMail[];
let smtpUrl: string;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  received = smtp.received;
  smtpUrl = smtp.url;
  t = await createTestApp({ SMTP_URL: smtpUrl, MAIL_FROM: 'LeadReel <hello@leadreel.test>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const waitFor = async <T>(find: () => T | undefined): Promise<T> => {
  for (let i = 0; i < 3000; i++) {
    // up to 60 s: a limit for a loaded machine
    const found = find();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no mail arrived');
};

describe('mail over SMTP', () => {
  it('delivers the sign-up code in English with text and HTML parts', async () => {
    const email = uniqueEmail('smtp');
    const response = await post(t.app, '/api/auth/verify-code', { email, scene: 'signup' });
    expect(response.status).toBe(200);
    const message = await waitFor(() => received.find((r) => r.to.includes(email)));
    expect(message.from).toBe('hello@leadreel.test');
    expect(message.mail.subject).toBe('Your LeadReel sign-up code');
    expect(message.mail.text).toMatch(/^\d{6}$/m);
    expect(message.mail.html).toContain('expires in 10 minutes');
  });

  it('delivers the reset code in Chinese to an account that chose Chinese', async () => {
    const email = uniqueEmail('smtp-zh');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-code',
      headers: { 'x-language': 'zh_CN' },
      payload: { email, scene: 'signup' },
    });
    const code = /^(\d{6})$/m.exec(
      (await waitFor(() => received.find((r) => r.to.includes(email)))).mail.text ?? '',
    )?.[1];
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'x-language': 'zh_CN' },
      payload: { email, password: 'a good password', code },
    });
    received.length = 0;
    // The reset mail follows the account's language, not the language of the request.
    await post(t.app, '/api/auth/find-password', { email });
    const reset = await waitFor(() => received.find((r) => r.to.includes(email)));
    expect(reset.mail.subject).toBe('您的 LeadReel 重置密码验证码');
    expect(reset.mail.text).toContain('验证码 10 分钟内有效');
  });

  it('answers 503 email_send_failed when the SMTP server is unreachable, and lets the user retry at once', async () => {
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'x@leadreel.test',
      outboxDir: '/nonexistent',
      log: pino({ level: 'silent' }),
    });
    const down = await createTestApp({}, { mailer });
    try {
      const email = uniqueEmail();
      const first = await post(down.app, '/api/auth/verify-code', { email, scene: 'signup' });
      expect(first.body).toMatchObject({ statusCode: 503, error: 'email_send_failed' });
      // The failed code was rolled back, so the 60-second resend rule does not block the retry.
      const second = await post(down.app, '/api/auth/verify-code', { email, scene: 'signup' });
      expect(second.body.error).toBe('email_send_failed');
      expect(
        await down.db.selectFrom('verification_code').select('id').where('email', '=', email).execute(),
      ).toHaveLength(0);
    } finally {
      await down.close();
    }
  });
});
