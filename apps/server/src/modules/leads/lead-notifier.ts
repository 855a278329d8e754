import type { Logger } from 'pino';
import type { AccountService } from '../account/account.service.ts';
import { DIGEST_LIST_LIMIT, leadDigestMail, leadMail } from '../mail/mail.templates.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { LeadRepo } from './leads.repo.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Tells an account of its leads by mail, to its notice email (its sign-in email when none is set) and in its
 * language, as its email-notification settings ask:
 * - each new lead, once: the lead is claimed before sending and released if the transport fails, so a
 *   retried job sends it then and a repeated one never sends twice. The viewer's email, when valid, is the
 *   Reply-To;
 * - a daily digest of the last day's leads, once a day per account however many workers run the job.
 * On the Free plan the contents are masked here as in the console: the mail says a lead came.
 */
export function createLeadNotifier(deps: {
  leads: LeadRepo;
  accounts: Pick<AccountService, 'mailTarget' | 'claimDigests' | 'releaseDigest'>;
  mailer: Mailer;
  brand: string;
  publicUrl: string;
  log: Logger;
}) {
  const { leads, accounts, mailer, brand, publicUrl, log } = deps;
  const context = (language: 'en' | 'zh_CN') => ({ brand, url: publicUrl, language });

  return {
    async send(leadId: string) {
      // A lead deleted before its job ran, or an account that only wants the digest.
      if (!(await leads.wantsMail(leadId))) return;
      const claimed = await leads.claimMail(leadId);
      if (!claimed) return;
      const account = await accounts.mailTarget(claimed.account_id);
      // Gone, or past the period where lead notices stop: the lead stays in the console, unmailed.
      if (!account?.leadNotices) return;
      // Free's mail says a lead came and no more.
      const hidden = account.leadDetailsMasked;
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
        await mailer.send({ to: account.to, ...message, ...(replyTo ? { replyTo } : {}) }, { leadId });
      } catch (error) {
        await leads.releaseMail(leadId);
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
      // Twenty hours, not twenty-four: a run a little early the next day still goes out.
      const claimed = await accounts.claimDigests(now, 20 * 3600 * 1000);
      let sent = 0;
      for (const account of claimed) {
        const since = new Date(now.getTime() - DAY_MS);
        const { count, leads: inDay } = await leads.inPeriod(account.id, since, now, DIGEST_LIST_LIMIT);
        if (count === 0) continue;
        const message = leadDigestMail(
          context(account.language),
          {
            count,
            leads: inDay.map((lead) => ({
              videoName: lead.video_name,
              at: lead.created_at,
              who: lead.answers.name || lead.answers.email || '',
            })),
          },
          account.leadDetailsMasked,
        );
        try {
          await mailer.send({ to: account.to, ...message }, { digest: account.id });
          sent++;
        } catch (error) {
          await accounts.releaseDigest(account.id);
          log.warn({ err: error, accountId: account.id }, 'could not mail a lead digest; the next run retries');
        }
      }
      return sent;
    },
  };
}

export type LeadNotifier = ReturnType<typeof createLeadNotifier>;
