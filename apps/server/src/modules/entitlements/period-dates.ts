import { PERIODS, type Period, periodRank } from '@leadreel/shared';
import type { Catalogue } from './catalogue.ts';

const DAY_MS = 86_400_000;

export type Lifecycle = Catalogue['lifecycle'];

/**
 * When each period after a plan's end begins (durations in the catalogue, the spec gives
 * none): Buffer at the end, Frozen `bufferDays` later, Clear `frozenDays` after that, RealClear
 * `clearDays` after that.
 */
export function periodStarts(planEnd: Date, lifecycle: Lifecycle): Record<Period, Date> {
  const at = (days: number) => new Date(planEnd.getTime() + days * DAY_MS);
  const frozen = lifecycle.bufferDays;
  const clear = frozen + lifecycle.frozenDays;
  return {
    'normal-period': new Date(0),
    'buffer-period': planEnd,
    'frozen-period': at(frozen),
    'clear-period': at(clear),
    'real-clear-period': at(clear + lifecycle.clearDays),
  };
}

/** The period a paid plan that ends (or ended) at `planEnd` is in at `now`. */
export function periodAt(planEnd: Date, now: Date, lifecycle: Lifecycle): Period {
  const starts = periodStarts(planEnd, lifecycle);
  return [...PERIODS].reverse().find((period) => starts[period] <= now) ?? 'normal-period';
}

/**
 * When the account's current period ends: the date its banner and mails give (the console contract "cleared after the
 * period end date"). Normal ends with the plan; RealClear, and a plan with no end, have none.
 */
export function currentPeriodEnd(period: Period, planEnd: Date | null, lifecycle: Lifecycle): Date | null {
  if (!planEnd) return null;
  const next = PERIODS[periodRank(period) + 1];
  return next ? periodStarts(planEnd, lifecycle)[next] : null;
}
