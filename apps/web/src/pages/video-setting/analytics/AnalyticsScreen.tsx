import { Alert, Button, Empty, Result, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { errorText } from '../../../api/index.ts';
import { useVideoDetailQuery } from '../../../api/queries.ts';
import { isLocked, useAccountStore } from '../../../stores/account.ts';
import { ScreenFallback } from '../screen.tsx';
import { Breakdowns } from './Breakdowns.tsx';
import { EngagementChart } from './EngagementChart.tsx';
import { ExportButton } from './ExportButton.tsx';
import { FigureCards } from './FigureCards.tsx';
import { PlaysChart } from './PlaysChart.tsx';
import { useAnalyticsBreakdownQuery, useVideoAnalyticsQuery } from './queries.ts';
import { RangeBar } from './RangeBar.tsx';
import { type DayRange, DEFAULT_RANGE_DAYS, lastDays } from './range.ts';
import { SessionsTable } from './SessionsTable.tsx';
import './analytics.css';

/** The server's refusal once the plan's period locks video settings (spec §4: disabled from Frozen on). */
const refusedByPeriod = (error: unknown) => error instanceof ApiError && error.code === 'plan_period';

/**
 * spec §2 video settings, analytics (issue 16 item 3): one video's viewing over a range of days: its figures,
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
    body = (
      <Result
        status="error"
        title={t('analytics.failed')}
        subTitle={errorText(figures.error)}
        extra={<Button onClick={() => void figures.refetch()}>{t('analytics.retry')}</Button>}
      />
    );
  } else if (!data) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (data.totals.loads === 0 && data.totals.plays === 0) {
    body = (
      <>
        <FigureCards totals={data.totals} />
        <Empty className="analytics-empty" description={t('analytics.noPlays')}>
          <Typography.Text type="secondary">{t('analytics.noPlaysHelp')}</Typography.Text>
        </Empty>
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
