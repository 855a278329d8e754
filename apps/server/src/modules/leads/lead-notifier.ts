import type { Logger } from 'pino';
import type { Db } from '../../db/database.ts';
import { leadMail } from '../mail/mail.templates.ts';
import type { Mailer } from '../mail/mailer.ts';

/**
 * Mails a new lead to the account's notice email (its sign-in email when none is set), in the account's
 * language, once: the lead is claimed before sending and released if the transport fails, so a retried job
 * sends it then and a repeated one never sends twice. The viewer's email, when valid, is the Reply-To.
 */
export function createLeadNotifier(deps: { db: Db; mailer: Mailer; brand: string; publicUrl: string; log: Logger }) {
  const { db, mailer, brand, publicUrl, log } = deps;
  return {
    async send(leadId: string) {
      const claimed = await db
        .updateTable('lead')
        .set({ mailed_at: new Date() })
        .where('id', '=', leadId)
        .where('mailed_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!claimed) return;
      const account = await db
        .selectFrom('account')
        .select(['email', 'notice_email', 'language'])
        .where('id', '=', claimed.account_id)
        .executeTakeFirst();
      if (!account) return;
      const message = leadMail(
        { brand, url: publicUrl, language: account.language },
        {
          id: claimed.id,
          videoName: claimed.video_name,
          second: claimed.second,
          pageUrl: claimed.page_url,
          fields: claimed.fields,
          answers: claimed.answers,
        },
      );
      try {
        // The viewer's address (checked as an email when they sent it) answers straight back to them.
        const replyTo = claimed.fields.some((field) => field.kind === 'email') ? claimed.answers.email : '';
        await mailer.send(
          { to: account.notice_email ?? account.email, ...message, ...(replyTo ? { replyTo } : {}) },
          { leadId },
        );
      } catch (error) {
        await db.updateTable('lead').set({ mailed_at: null }).where('id', '=', leadId).execute();
        log.warn({ err: error, leadId }, 'could not mail a lead; it will be retried');
        throw error;
      }
    },
  };
}
export type LeadNotifier = ReturnType<typeof createLeadNotifier>;
