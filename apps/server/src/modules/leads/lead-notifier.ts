import type { Logger } from 'pino';
import type { AccountService } from '../account/account.service.ts';
import { DIGEST_LIST_LIMIT, leadDigestMail, leadMail } from '../mail/mail.templates.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { LeadRepo } from './leads.repo.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * How long after a lead mail further leads wait to go together in one mail: long enough that a flood of
 * hundreds a minute is one mail, short enough that a real second inquiry is read within the quarter hour.
 */
export const LEAD_MAIL_WINDOW_MS = 10 * 60_000;

/**
 * Tells an account of its leads by mail, to its notice email (its sign-in email when none is set) and in its
 * language, as its email-notification settings ask:
 * - a new lead at once, when no lead mail went to the account in the last LEAD_MAIL_WINDOW_MS; the leads
 *   that come while that window is open wait, and all go in one mail when it closes, however many there
 *   are. Each lead is claimed before its mail and released if the transport fails, so a retried job sends
 *   it then and a repeated one never sends twice. The viewer's email, when valid, is the Reply-To;
 * - a daily digest of the last day's leads, once a day per account however many workers run the job.
 * On the Free plan the contents are masked here as in the console: the mail says a lead came.
 */
export function createLeadNotifier(deps: {
  leads: LeadRepo;
  accounts: Pick<AccountService, 'mailTarget' | 'claimDigests' | 'releaseDigest'>;
  mailer: Mailer;
  /**
   * Sends the mail of the leads waiting since a window opened, when it closes. Without it (tests of other
   * modules run without a queue) nothing could send them later, so every lead is mailed at once.
   */
  sendLater: ((burst: { accountId: string; since: string }, afterSeconds: number) => Promise<void>) | null;
  brand: string;
  publicUrl: string;
  log: Logger;
}) {
  const { leads, accounts, mailer, sendLater, brand, publicUrl, log } = deps;
  const context = (language: 'en' | 'zh_CN') => ({ brand, url: publicUrl, language });

  return {
    async send(leadId: string) {
      // A lead deleted before its job ran, an account that only wants the digest, or a lead a burst mail took.
      const state = await leads.mailState(leadId);
      if (!state?.notify_new_lead || state.mailed_at) return;
      const account = await accounts.mailTarget(state.account_id);
      // Gone, or past the period where lead notices stop: the lead stays in the console, unmailed, and
      // opens no window (the next lead after a renewal is mailed at once).
      if (!account?.leadNotices) {
        await leads.claimMail(leadId);
        return;
      }
      if (sendLater) {
        const window = await leads.openMailWindow(state.account_id, LEAD_MAIL_WINDOW_MS);
        if (!window.opened) {
          // The lead waits for its window's one mail, which the first lead to wait queues.
          if (!window.queueBurstOf) return;
          const closesIn = window.queueBurstOf.getTime() + LEAD_MAIL_WINDOW_MS - Date.now();
          await sendLater(
            { accountId: state.account_id, since: window.queueBurstOf.toISOString() },
            Math.max(1, Math.ceil(closesIn / 1000)),
          ).catch(async (error: unknown) => {
            await leads.unqueueBurst(state.account_id);
            throw error;
          });
          return;
        }
      }
      const claimed = await leads.claimMail(leadId);
      if (!claimed) return;
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
     * One mail for every lead of the account still unmailed from the window that opened at `openedAt`: how
     * many, and the newest of them as the digest lists them. They are claimed first and given back if the
     * transport fails. A lead stored a moment before the window opened, whose job ran after, waited too, so
     * the mail reaches one window further back.
     */
    async sendBurst(accountId: string, openedAt: Date) {
      const account = await accounts.mailTarget(accountId);
      if (!account?.leadNotices) return;
      const claimed = await leads.claimSince(accountId, new Date(openedAt.getTime() - LEAD_MAIL_WINDOW_MS));
      if (claimed.length === 0) return;
      const newest = claimed.toSorted((a, b) => b.created_at.getTime() - a.created_at.getTime());
      const message = leadDigestMail(
        context(account.language),
        {
          count: claimed.length,
          leads: newest.slice(0, DIGEST_LIST_LIMIT).map((lead) => ({
            videoName: lead.video_name,
            at: lead.created_at,
            who: lead.answers.name || lead.answers.email || '',
          })),
        },
        account.leadDetailsMasked,
        'burst',
      );
      try {
        await mailer.send({ to: account.to, ...message }, { burst: accountId });
      } catch (error) {
        await leads.releaseMails(claimed.map((lead) => lead.id));
        log.warn({ err: error, accountId }, 'could not mail a burst of leads; it will be retried');
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
