import type { VideoAnalytics } from '@leadreel/shared/contracts/analytics';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from './Chart.tsx';
import { playsOption } from './chartOptions.ts';

/** Plays and loads for each day of the range. */
export function PlaysChart({ days }: { days: VideoAnalytics['days'] }) {
  const { t } = useTranslation();
  const plays = t('analytics.figure.plays');
  const loads = t('analytics.figure.loads');
  const option = useMemo(() => playsOption({ days, names: { plays, loads } }), [days, plays, loads]);
  return (
    <Card size="small" className="analytics-card" title={t('analytics.overTime')}>
      <Chart option={option} height={260} label={t('analytics.overTime')} />
    </Card>
  );
}
