import { ANALYTICS_RANGE_MAX_DAYS } from '@leadreel/shared/contracts/analytics';
import dayjs, { type Dayjs } from 'dayjs';

/** Days as the server takes them: YYYY-MM-DD, counted in UTC, both ends included. */
export type DayRange = { from: string; to: string };

const DAY = 'YYYY-MM-DD';

/** The quick choices beside the range picker, in days; the screen opens on the middle one. */
export const RANGE_PRESETS = [7, 30, 90] as const;
export const DEFAULT_RANGE_DAYS = 30;

/** Today as the server counts days (UTC), whatever the browser's time zone. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** The last `days` days, today included. */
export function lastDays(days: number, now = new Date()): DayRange {
  const to = utcToday(now);
  return {
    from: dayjs(to)
      .subtract(days - 1, 'day')
      .format(DAY),
    to,
  };
}

/** A range as the picker shows it: each day at midnight, so it reads as the same calendar day. */
export const toPicker = (range: DayRange): [Dayjs, Dayjs] => [dayjs(range.from), dayjs(range.to)];

export const fromPicker = ([from, to]: [Dayjs, Dayjs]): DayRange => ({ from: from.format(DAY), to: to.format(DAY) });

/**
 * Days the picker refuses: after today, and, once one end is picked, those that would make the range longer
 * than the server answers (contract: ANALYTICS_RANGE_MAX_DAYS, both ends included).
 */
export function disabledDay(day: Dayjs, picked: Dayjs | undefined, now = new Date()): boolean {
  if (day.isAfter(dayjs(utcToday(now)), 'day')) return true;
  return picked ? Math.abs(day.diff(picked, 'day')) >= ANALYTICS_RANGE_MAX_DAYS : false;
}

/** YYYY/MM/DD for a day of the contract (YYYY-MM-DD). */
export const dayLabel = (day: string) => day.replaceAll('-', '/');
