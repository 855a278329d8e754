import { PERIODS, type Period, periodRank } from '@leadreel/shared';
import { formatDay } from '@leadreel/shared/dates';
import { LIFECYCLE_TEXT, type PlanNotice } from '@leadreel/shared/viewer-text/lifecycle';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock.ts';
import type { AccountService } from '../account/account.service.ts';
import type { Catalogue } from '../entitlements/catalogue.ts';
import { currentPeriodEnd, periodAt, periodStarts } from '../entitlements/period-dates.ts';
import type { EventBus } from '../events/events.ts';
import { mailHtml } from '../mail/mail.templates.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { LifecycleRepo } from './lifecycle.repo.ts';

const DAY_MS = 86_400_000;

/** The notice each period after a plan's end gives when the account enters it. */
const PERIOD_NOTICE: Record<Exclude<Period, 'normal-period'>, PlanNotice> = {
  'buffer-period': 'buffer',
  'frozen-period': 'frozen',
  'clear-period': 'clear',
  'real-clear-period': 'real-clear',
};

/**
 * The plan lifecycle: reminders before a paid plan ends (WeChat Pay and Alipay do not
 * renew by themselves; neither does a plan an operator opened), and, once it has ended, each account
 * moved through Buffer, Frozen, Clear and RealClear on the catalogue's dates. Each move is one transaction
 * with its notice, so however often (or late) the job runs, each happens once; a renewal (a new plan end)
 * wins over a move in flight and starts a new series of notices.
 */
export function createLifecycle(deps: {
  repo: LifecycleRepo;
  accounts: Pick<AccountService, 'lapsed' | 'ending' | 'movePeriod' | 'mailTarget' | 'find'>;
  /** The account's plan renews by itself (a subscription with auto-renew on): no reminders then. */
  renews: (accountId: string) => Promise<boolean>;
  /** A link to download the account's originals and leads, valid until a date (the exports module's). */
  exportLink: (accountId: string, until: Date) => Promise<string>;
  events: EventBus;
  catalogue: Catalogue;
  mailer: Mailer;
  brand: string;
  publicUrl: string;
  clock: Clock;
  log: Logger;
}) {
  const { repo, accounts, events, catalogue } = deps;
  const { lifecycle } = catalogue;

  /** The reminder due `daysLeft` days before the end: the nearest threshold it has reached, if any. */
  const reminderDue = (daysLeft: number) =>
    [...lifecycle.reminderDays].sort((a, b) => a - b).find((threshold) => daysLeft <= threshold);

  async function remind(now: Date) {
    const furthest = Math.max(0, ...lifecycle.reminderDays);
    let sent = 0;
    for (const account of await accounts.ending(now, new Date(now.getTime() + furthest * DAY_MS))) {
      const planEnd = account.period_end_at as Date;
      const daysLeft = Math.ceil((planEnd.getTime() - now.getTime()) / DAY_MS);
      const threshold = reminderDue(daysLeft);
      if (threshold === undefined || (await deps.renews(account.id))) continue;
      await events.transaction(async (trx, publish) => {
        if (!(await repo.record(trx, account.id, planEnd, `reminder-${threshold}`))) return;
        publish('plan.notice', {
          accountId: account.id,
          notice: `reminder-${threshold}`,
          planEnd: planEnd.toISOString(),
        });
        sent += 1;
      });
    }
    return sent;
  }

  async function advance(now: Date) {
    let moved = 0;
    for (const account of await accounts.lapsed(now)) {
      const planEnd = account.period_end_at as Date;
      const target = periodAt(planEnd, now, lifecycle);
      if (periodRank(target) <= periodRank(account.vip_period)) continue;
      await events.transaction(async (trx, publish) => {
        if (!(await accounts.movePeriod(trx, account.id, account.vip_period, target, planEnd))) return;
        // A job that was down for a while crosses several periods at once: each is recorded, and only the
        // newest is mailed (its text says what the earlier ones did).
        const crossed = PERIODS.slice(periodRank(account.vip_period) + 1, periodRank(target) + 1);
        for (const period of crossed) {
          await repo.record(trx, account.id, planEnd, PERIOD_NOTICE[period as keyof typeof PERIOD_NOTICE]);
        }
        publish('plan.notice', {
          accountId: account.id,
          notice: PERIOD_NOTICE[target as keyof typeof PERIOD_NOTICE],
          planEnd: planEnd.toISOString(),
        });
        // What the period does to the videos, by their owner's worker (retried until done).
        if (target === 'clear-period' || target === 'real-clear-period') {
          publish('plan.lapsed', { accountId: account.id, period: target, planEnd: planEnd.toISOString() });
        }
        moved += 1;
      });
    }
    return moved;
  }

  return {
    /** One run of the lifecycle job: reminders, then moves. Answers what it did. */
    async run() {
      const now = deps.clock.now();
      return { reminded: await remind(now), moved: await advance(now) };
    },

    /** Mails a recorded notice to the account's notice address in its language, once. */
    async mail(accountId: string, notice: string, planEndIso: string) {
      const planEnd = new Date(planEndIso);
      const [target, account] = await Promise.all([accounts.mailTarget(accountId), accounts.find(accountId)]);
      if (!target || !account) return;
      // A renewal since: the notice no longer holds.
      if (account.period_end_at?.getTime() !== planEnd.getTime()) return;
      if (!(await repo.claimMail(accountId, planEnd, notice, deps.clock.now()))) return;
      const t = LIFECYCLE_TEXT[target.language];
      const kind: PlanNotice = notice.startsWith('reminder-') ? 'reminder' : (notice as PlanNotice);
      const date =
        kind === 'reminder' ? planEnd : currentPeriodEnd(account.vip_period, account.period_end_at, lifecycle);
      const fill = (text: string) =>
        text
          .replaceAll('{brand}', deps.brand)
          .replaceAll('{plan}', account.plan_type)
          .replaceAll('{date}', date ? formatDay(date) : '')
          .replaceAll(
            '{days}',
            t.days(Math.max(0, Math.ceil((planEnd.getTime() - deps.clock.now().getTime()) / DAY_MS))),
          )
          .replaceAll('{url}', deps.publicUrl);
      // Before Clear the holder gets a link to their originals and leads, valid until RealClear.
      const realClear = periodStarts(planEnd, lifecycle)['real-clear-period'];
      const exportLine =
        kind === 'frozen'
          ? `\n\n${t.exportLink
              .replace('{link}', await deps.exportLink(accountId, realClear))
              .replace('{until}', formatDay(realClear))}`
          : '';
      const text = `${fill(t[kind].body)}${exportLine}\n\n${fill(t.renew)}\n\n${fill(t.signature)}\n`;
      try {
        await deps.mailer.send({
          to: target.to,
          subject: fill(t[kind].subject),
          text,
          html: mailHtml(text.trim().split('\n\n')),
        });
      } catch (error) {
        await repo.releaseMail(accountId, planEnd, notice);
        throw error;
      }
    },
  };
}
export type LifecycleService = ReturnType<typeof createLifecycle>;
