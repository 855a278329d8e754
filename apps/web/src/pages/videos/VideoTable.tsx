import type { Video } from '@leadreel/shared';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../features/videos/format.ts';
import { formatDate, formatSize } from '../../format.ts';
import { ROW_ACTIONS_WIDTH, type RowActionHandlers, RowActions, StatusCell } from './VideoCells.tsx';

export const PAGE_SIZE = 20;
/**
 * Fixed widths (with the table's 8 px cell padding) that hold each header and value on one line in English
 * and Chinese; the title column takes the rest. At 1280 px the table has about 730 px.
 */
const COLUMN_WIDTHS = { duration: 88, status: 150, size: 84, created: 104 };
const VIDEO_TABLE_MIN_WIDTH =
  180 + COLUMN_WIDTHS.duration + COLUMN_WIDTHS.status + COLUMN_WIDTHS.size + COLUMN_WIDTHS.created + ROW_ACTIONS_WIDTH;

/** video list, right: one page of videos, each with its state and actions. */
export function VideoTable(props: {
  rows: Video[];
  loading: boolean;
  page: number;
  total: number;
  onPage: (page: number) => void;
  /** What each row's actions do; `retry` only where a retry can help. */
  actions: (video: Video) => RowActionHandlers;
  /** What an empty table says, when not "no videos yet". */
  emptyText?: string;
}) {
  const { t } = useTranslation();
  const { rows, loading, page, total, onPage, actions } = props;
  return (
    <Table<Video>
      rowKey="videoId"
      className="video-table"
      size="middle"
      tableLayout="fixed"
      loading={loading}
      dataSource={rows}
      // Below this the columns scroll sideways under the pinned, narrow actions; at 1280 px they all fit.
      scroll={{ x: VIDEO_TABLE_MIN_WIDTH }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total,
        onChange: onPage,
        showSizeChanger: false,
      }}
      locale={{ emptyText: props.emptyText ?? t('videos.empty') }}
      columns={[
        {
          title: t('videos.video'),
          key: 'video',
          // No width: the title takes what the others leave, and ends in an ellipsis.
          render: (_, video) => (
            <div className="video-title-cell">
              {video.thumbnail ? (
                <img className="video-thumb" src={video.thumbnail} alt="" loading="lazy" />
              ) : (
                <div className="video-thumb video-thumb-empty" />
              )}
              <Typography.Text strong className="video-name" ellipsis={{ tooltip: video.name }}>
                {video.name}
              </Typography.Text>
            </div>
          ),
        },
        {
          title: t('videos.duration'),
          dataIndex: 'duration',
          width: COLUMN_WIDTHS.duration,
          render: (value: number | null) => formatDuration(value),
        },
        {
          title: t('videos.status.title'),
          key: 'status',
          width: COLUMN_WIDTHS.status,
          render: (_, video) => <StatusCell video={video} />,
        },
        {
          title: t('videos.size'),
          dataIndex: 'size',
          width: COLUMN_WIDTHS.size,
          render: (value: number) => formatSize(value),
        },
        {
          title: t('videos.created'),
          dataIndex: 'createdAt',
          width: COLUMN_WIDTHS.created,
          render: (value: number) => formatDate(value),
        },
        {
          title: t('videos.actions'),
          key: 'actions',
          width: ROW_ACTIONS_WIDTH,
          fixed: 'right',
          render: (_, video) => <RowActions video={video} on={actions(video)} />,
        },
      ]}
    />
  );
}
