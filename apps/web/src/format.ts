import dayjs from 'dayjs';

export { formatSize } from '@leadreel/shared/sizes';

/** large counts use M above 999999 and B above 999999999. */
export function formatCount(count: number): string {
  const trim = (n: number) => n.toFixed(1).replace(/\.0$/, '');
  if (count > 999_999_999) return `${trim(count / 1_000_000_000)}B`;
  if (count > 999_999) return `${trim(count / 1_000_000)}M`;
  return String(count);
}

/** 13-digit timestamps are milliseconds, shorter ones seconds. */
export function toDate(timestamp: number): Date {
  return new Date(String(Math.trunc(timestamp)).length >= 13 ? timestamp : timestamp * 1000);
}

/** YYYY/MM/DD. */
export const formatDate = (timestamp: number) => dayjs(toDate(timestamp)).format('YYYY/MM/DD');

/** YYYY/MM/DD with the time of day, for lists of events (the credit ledger, orders). */
export const formatDateMinute = (timestamp: number) => dayjs(toDate(timestamp)).format('YYYY/MM/DD HH:mm');

/** YYYY/MM/DD to the second, for the webhook delivery log: several deliveries (a click, its lead, a
 * resend) often share a minute, and a receiver's own log is matched by the second (`t=` of the signature). */
export const formatDateSecond = (timestamp: number) => dayjs(toDate(timestamp)).format('YYYY/MM/DD HH:mm:ss');

/** "MMM DD, YYYY, h:mm A". */
export const formatDateTime = (timestamp: number) => dayjs(toDate(timestamp)).format('MMM DD, YYYY, h:mm A');

export type TimeAgo = { unit: 'justNow' | 'minutes' | 'hours' | 'days' | 'months' | 'years'; count: number };

/** time-ago wording in minutes, hours, days, months, years; the caller translates the unit. */
export function timeAgo(timestamp: number, now = Date.now()): TimeAgo {
  const seconds = Math.max(0, (now - toDate(timestamp).getTime()) / 1000);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return { unit: 'justNow', count: 0 };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', count: hours };
  const days = Math.floor(hours / 24);
  if (days < 30) return { unit: 'days', count: days };
  const months = Math.floor(days / 30);
  if (months < 12) return { unit: 'months', count: months };
  return { unit: 'years', count: Math.floor(days / 365) };
}
