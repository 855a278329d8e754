import { Alert, Button, Card, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FigureCards } from '../../features/analytics/FigureCards.tsx';
import { PlaysChart } from '../../features/analytics/PlaysChart.tsx';
import { refusedByPeriod, useOverviewQuery } from '../../features/analytics/queries.ts';
import { RangeBar } from '../../features/analytics/RangeBar.tsx';
import { type DayRange, DEFAULT_RANGE_DAYS, lastDays } from '../../features/analytics/range.ts';
import { FiguresFailed, NoPlays } from '../../features/analytics/ScreenStates.tsx';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { PlanUsage } from './PlanUsage.tsx';
import { RecentLeads } from './RecentLeads.tsx';
import { TopVideos } from './TopVideos.tsx';
import '../../features/analytics/analytics.css';
import './dashboard.css';

/** The account's figures the overview shows, each against the range before. */
const OVERVIEW_FIGURES = [
  'plays',
  'uniqueViewers',
  'watchTime',
  'averagePercent',
  'leads',
  'conversionRate',
  'contactClicks',
] as const;

/** A new account's first steps: shown until it has a video. */
function Welcome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card className="dashboard-welcome">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('dashboard.welcome')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('dashboard.intro')}</Typography.Paragraph>
      <Button type="primary" onClick={() => navigate('/guide/user-guide')}>
        {t('dashboard.startGuide')}
      </Button>
    </Card>
  );
}

/**
 * spec dashboard-overview: the account's viewing over a range of days against the range
 * before, plays by day, its most played videos, the newest leads, and its plan's storage and traffic.
 */
export function Overview() {
  const { t } = useTranslation();
  const account = useAccountStore((s) => s.account);
  const [range, setRange] = useState<DayRange>(() => lastDays(DEFAULT_RANGE_DAYS));
  // the overview is disabled from the Frozen period on (the server answers 403 plan_period).
  const periodLocked = isLocked(account, 'dashboardOverview');
  const overview = useOverviewQuery(range, { enabled: Boolean(account) && !periodLocked });
  if (!account) return null;
  const locked = periodLocked || refusedByPeriod(overview.error);
  const data = overview.data;

  let body: ReactNode;
  if (locked) body = null;
  else if (overview.error) {
    body = <FiguresFailed error={overview.error} onRetry={() => void overview.refetch()} />;
  } else if (!data) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else {
    const played = data.totals.loads > 0 || data.totals.plays > 0;
    body = (
      <div className={overview.isPlaceholderData ? 'analytics-body analytics-stale' : 'analytics-body'}>
        <FigureCards totals={data.totals} previous={data.previous} keys={OVERVIEW_FIGURES} />
        {played ? (
          <PlaysChart days={data.days} />
        ) : (
          <Card size="small" className="analytics-card">
            <NoPlays help={t('dashboard.noPlaysHelp')} />
          </Card>
        )}
        <div className="dashboard-columns">
          <TopVideos videos={data.topVideos} />
          <RecentLeads />
        </div>
      </div>
    );
  }

  return (
    <div className="analytics-screen dashboard-overview">
      {account.videoTotal === 0 && <Welcome />}
      <div className="analytics-head">
        <Typography.Title level={4} className="analytics-title">
          {t('dashboard.title')}
        </Typography.Title>
        {locked ? null : (
          <div className="analytics-tools">
            <RangeBar value={range} onChange={setRange} />
          </div>
        )}
      </div>
      {locked && <Alert type="warning" showIcon className="dashboard-locked" title={t('errors.plan_period')} />}
      {body}
      <PlanUsage />
    </div>
  );
}
