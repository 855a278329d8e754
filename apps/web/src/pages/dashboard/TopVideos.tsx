import type { Overview } from '@leadreel/shared/contracts/analytics';
import { Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDuration } from '../../features/videos/format.ts';
import { formatCount } from '../../format.ts';

type TopVideo = Overview['topVideos'][number];

/** The range's most played videos, each opening its own analytics. */
export function TopVideos({ videos }: { videos: TopVideo[] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" className="analytics-card dashboard-card" title={t('dashboard.topVideos')}>
      <Table<TopVideo>
        rowKey="videoId"
        size="small"
        pagination={false}
        dataSource={videos}
        scroll={{ x: 480 }}
        locale={{ emptyText: t('dashboard.noTopVideos') }}
        columns={[
          {
            title: t('videos.video'),
            key: 'video',
            render: (_, video) => (
              <Link to={`/video-setting/${video.videoId}/analytics`} className="video-title-cell">
                {video.thumbnail ? (
                  <img className="video-thumb" src={video.thumbnail} alt="" loading="lazy" />
                ) : (
                  <span className="video-thumb video-thumb-empty" />
                )}
                <Typography.Text className="video-name dashboard-video-name" ellipsis={{ tooltip: video.name }}>
                  {video.name}
                </Typography.Text>
              </Link>
            ),
          },
          {
            title: t('analytics.figure.plays'),
            key: 'plays',
            align: 'right',
            width: 80,
            render: (_, video) => formatCount(video.plays),
          },
          {
            title: t('dashboard.watchTime'),
            key: 'watchTime',
            align: 'right',
            width: 100,
            render: (_, video) => formatDuration(video.watchSeconds),
          },
          {
            title: t('analytics.figure.leads'),
            key: 'leads',
            align: 'right',
            width: 72,
            render: (_, video) => formatCount(video.leads),
          },
        ]}
      />
    </Card>
  );
}
