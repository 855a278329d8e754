import type { Logger } from 'pino';
import type { Db } from '../../db/database.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import { DIGEST_LIST_LIMIT, leadDigestMail, leadMail } from '../mail/mail.templates.ts';
import type { Mailer } from '../mail/mailer.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Tells an account of its leads by mail, to its notice email (its sign-in email when none is set) and in its
 * language, as its email-notification settings ask (spec §2):
 * - each new lead, once: the lead is claimed before sending and released if the transport fails, so a
 *   retried job sends it then and a repeated one never sends twice. The viewer's email, when valid, is the
 *   Reply-To;
 * - a daily digest of the last day's leads, once a day per account however many workers run the job.
 * On the Free plan the contents are masked here as in the console (spec §6): the mail says a lead came.
 */
export function createLeadNotifier(deps: {
  db: Db;
  mailer: Mailer;
  entitlements: Pick<EntitlementsService, 'ofAccount'>;
  brand: string;
  publicUrl: string;
  log: Logger;
}) {
  const { db, mailer, entitlements, brand, publicUrl, log } = deps;
  /** Free's mail says a lead came and no more; an account deleted meanwhile is treated like Free. */
  const masked = async (accountId: string) => (await entitlements.ofAccount(accountId))?.leadDetailsMasked ?? true;
  const context = (language: 'en' | 'zh_CN') => ({ brand, url: publicUrl, language });

  return {
    async send(leadId: string) {
      const wanted = await db
        .selectFrom('lead')
        .innerJoin('account', 'account.id', 'lead.account_id')
        .select('account.notify_new_lead')
        .where('lead.id', '=', leadId)
        .executeTakeFirst();
      // A lead deleted before its job ran, or an account that only wants the digest.
      if (!wanted?.notify_new_lead) return;
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
      const hidden = await masked(claimed.account_id);
      const message = leadMail(
        context(account.language),
        {
          id: claimed.id,
          videoName: claimed.video_name,
          second: claimed.second,
          pageUrl: claimed.page_url,
          fields: claimed.fields,
          answers: claimed.answers,
        },
        hidden,
      );
      try {
        // The viewer's address (checked as an email when they sent it) answers straight back to them.
        const replyTo = !hidden && claimed.fields.some((field) => field.kind === 'email') ? claimed.answers.email : '';
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

    /**
     * The daily digest to every account that asked for it and had leads in the last day. Each account is
     * claimed (its digest time moved to now) before its mail, so a second run the same day sends nothing; a
     * failed send gives the claim back and the next run tries again.
     */
    async sendDigests(now: Date) {
      const claimed = await db
        .updateTable('account')
        .set({ digest_sent_at: now })
        .where('notify_digest', '=', true)
        // Twenty hours, not twenty-four: a run a little early the next day still goes out.
        .where((eb) =>
          eb.or([
            eb('digest_sent_at', 'is', null),
            eb('digest_sent_at', '<=', new Date(now.getTime() - 20 * 3600 * 1000)),
          ]),
        )
        .returning(['id', 'email', 'notice_email', 'language'])
        .execute();
      let sent = 0;
      for (const account of claimed) {
        const since = new Date(now.getTime() - DAY_MS);
        const inDay = db
          .selectFrom('lead')
          .where('account_id', '=', account.id)
          .where('created_at', '>', since)
          .where('created_at', '<=', now);
        const { count } = await inDay.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
        if (Number(count) === 0) continue;
        const leads = await inDay
          .select(['video_name', 'created_at', 'answers'])
          .orderBy('created_at', 'desc')
          .limit(DIGEST_LIST_LIMIT)
          .execute();
        const message = leadDigestMail(
          context(account.language),
          {
            count: Number(count),
            leads: leads.map((lead) => ({
              videoName: lead.video_name,
              at: lead.created_at,
              who: lead.answers.name || lead.answers.email || '',
            })),
          },
          await masked(account.id),
        );
        try {
          await mailer.send({ to: account.notice_email ?? account.email, ...message }, { digest: account.id });
          sent++;
        } catch (error) {
          await db.updateTable('account').set({ digest_sent_at: null }).where('id', '=', account.id).execute();
          log.warn({ err: error, accountId: account.id }, 'could not mail a lead digest; the next run retries');
        }
      }
      return sent;
    },
  };
}

export type LeadNotifier = ReturnType<typeof createLeadNotifier>;
