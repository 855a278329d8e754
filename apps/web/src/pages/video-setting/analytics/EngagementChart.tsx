import type { VideoAnalytics } from '@leadreel/shared/contracts/analytics';
import { Card, Empty, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../features/analytics/Chart.tsx';
import { engagementOption } from '../../../features/analytics/chartOptions.ts';
import { Filmstrip } from '../../../features/analytics/Filmstrip.tsx';
import { engagementPoints } from '../../../features/analytics/figures.ts';
import { useStoryboardQuery } from '../../../features/analytics/queries.ts';

/** Where viewers stay, drop off and watch again across the video, drawn over its frames. */
export function EngagementChart({ data, storyboardUrl }: { data: VideoAnalytics; storyboardUrl: string | null }) {
  const { t } = useTranslation();
  const cues = useStoryboardQuery(storyboardUrl).data;
  const watching = t('analytics.engagement.watching');
  const rewatched = t('analytics.engagement.rewatched');
  const option = useMemo(
    () =>
      engagementOption({
        points: engagementPoints(data),
        duration: data.duration,
        cues: cues ?? [],
        names: { watching, rewatched },
      }),
    [data, cues, watching, rewatched],
  );
  return (
    <Card size="small" className="analytics-card" title={t('analytics.engagement.title')}>
      <Typography.Paragraph type="secondary" className="analytics-card-help">
        {t('analytics.engagement.help')}
      </Typography.Paragraph>
      {data.totals.plays > 0 ? (
        <div className="analytics-over-frames">
          <Filmstrip cues={cues ?? []} duration={data.duration} />
          <Chart option={option} height={300} label={t('analytics.engagement.title')} />
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analytics.noPlays')} />
      )}
    </Card>
  );
}
