import { Alert, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorText } from '../../../api/index.ts';
import { useVideoDetailQuery } from '../../../api/queries.ts';
import { FigureCards } from '../../../features/analytics/FigureCards.tsx';
import { PlaysChart } from '../../../features/analytics/PlaysChart.tsx';
import {
  refusedByPeriod,
  useAnalyticsBreakdownQuery,
  useVideoAnalyticsQuery,
} from '../../../features/analytics/queries.ts';
import { RangeBar } from '../../../features/analytics/RangeBar.tsx';
import { type DayRange, DEFAULT_RANGE_DAYS, lastDays } from '../../../features/analytics/range.ts';
import { FiguresFailed, NoPlays } from '../../../features/analytics/ScreenStates.tsx';
import { isLocked, useAccountStore } from '../../../stores/account.ts';
import { ScreenFallback } from '../screen.tsx';
import { Breakdowns } from './Breakdowns.tsx';
import { EngagementChart } from './EngagementChart.tsx';
import { ExportButton } from './ExportButton.tsx';
import { SessionsTable } from './SessionsTable.tsx';
import '../../../features/analytics/analytics.css';
import './analytics.css';

/**
 * video settings, analytics: one video's viewing over a range of days: its figures,
 * where viewers drop off and rewatch, plays by day, where they come from, and each viewing.
 */
export function AnalyticsScreen() {
  const { t } = useTranslation();
  const { videoId = '' } = useParams();
  const account = useAccountStore((s) => s.account);
  const [range, setRange] = useState<DayRange>(() => lastDays(DEFAULT_RANGE_DAYS));
  const video = useVideoDetailQuery(videoId);
  const query = { videoId, ...range };
  const periodLocked = isLocked(account, 'videoSettings');
  const figures = useVideoAnalyticsQuery(query, { enabled: !periodLocked });
  const breakdown = useAnalyticsBreakdownQuery(query, { enabled: !periodLocked });

  if (video.error || !video.data) return <ScreenFallback error={video.error} />;
  const locked = periodLocked || refusedByPeriod(figures.error);
  const data = figures.data;

  let body: ReactNode;
  if (locked) body = null;
  else if (figures.error) {
    body = <FiguresFailed error={figures.error} onRetry={() => void figures.refetch()} />;
  } else if (!data) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (data.totals.loads === 0 && data.totals.plays === 0) {
    body = (
      <>
        <FigureCards totals={data.totals} />
        <NoPlays help={t('analytics.noPlaysHelp')} />
      </>
    );
  } else {
    body = (
      <div className={figures.isPlaceholderData ? 'analytics-body analytics-stale' : 'analytics-body'}>
        <FigureCards totals={data.totals} />
        <EngagementChart data={data} storyboardUrl={video.data.storyboardUrl} />
        <PlaysChart days={data.days} />
        {breakdown.error ? <Alert type="error" showIcon title={errorText(breakdown.error)} /> : null}
        {breakdown.data ? <Breakdowns data={breakdown.data} /> : null}
        <SessionsTable
          key={`${range.from}_${range.to}`}
          videoId={videoId}
          range={range}
          duration={data.duration || (video.data.duration ?? 0)}
        />
      </div>
    );
  }

  return (
    <div className="analytics-screen">
      <div className="analytics-head">
        <Typography.Title level={4} className="analytics-title">
          {video.data.name}
        </Typography.Title>
        {locked ? null : (
          <div className="analytics-tools">
            <RangeBar value={range} onChange={setRange} />
            <ExportButton videoId={videoId} range={range} data={data} />
          </div>
        )}
      </div>
      {locked && <Alert type="warning" showIcon className="seo-locked" title={t('errors.plan_period')} />}
      {body}
    </div>
  );
}
