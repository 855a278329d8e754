import type { AnalyticsSession, VideoAnalytics } from '@leadreel/shared/contracts/analytics';
import type { TFunction } from 'i18next';
import { dayLabel } from '../../../features/analytics/range.ts';
import { formatDateMinute } from '../../../format.ts';
import type { CsvValue } from './csv.ts';

/** The figures of each day of the range, a header first; times in seconds, for a spreadsheet to sum. */
export function dayRows(days: VideoAnalytics['days'], t: TFunction): CsvValue[][] {
  return [
    [
      t('analytics.csv.day'),
      t('analytics.figure.loads'),
      t('analytics.figure.plays'),
      t('analytics.csv.watchSeconds'),
      t('analytics.figure.leads'),
    ],
    ...days.map((day) => [dayLabel(day.day), day.loads, day.plays, day.watchSeconds, day.leads]),
  ];
}

/** Each session as the table lists it, in full: the whole viewer id, page and referrer, every interval. */
export function sessionRows(sessions: AnalyticsSession[], t: TFunction): CsvValue[][] {
  return [
    [
      t('analytics.sessions.started'),
      t('analytics.csv.viewerId'),
      t('analytics.sessions.device'),
      t('analytics.csv.browser'),
      t('analytics.csv.os'),
      t('analytics.csv.country'),
      t('analytics.sessions.page'),
      t('analytics.csv.referrer'),
      t('analytics.csv.watchSeconds'),
      t('analytics.csv.percent'),
      t('analytics.csv.intervals'),
      t('analytics.sessions.lead'),
      t('analytics.csv.clicks'),
    ],
    ...sessions.map((session) => [
      formatDateMinute(session.startedAt),
      session.viewerId ?? '',
      session.device,
      session.browser,
      session.os,
      session.country ?? '',
      session.page,
      session.referrer,
      session.watchSeconds,
      session.percent,
      session.intervals.map(([from, to]) => `${from}-${to}`).join(' '),
      session.lead ? t('analytics.csv.yes') : t('analytics.csv.no'),
      session.clicks,
    ]),
  ];
}
