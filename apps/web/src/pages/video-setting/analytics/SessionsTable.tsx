import type { AnalyticsSession } from '@leadreel/shared/contracts/analytics';
import { Alert, Card, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/index.ts';
import { formatPercent } from '../../../features/analytics/figures.ts';
import { useAnalyticsSessionsQuery } from '../../../features/analytics/queries.ts';
import type { DayRange } from '../../../features/analytics/range.ts';
import { formatDuration } from '../../../features/videos/format.ts';
import { formatDateMinute } from '../../../format.ts';
import { countryName, deviceName, hostName, otherName, placeName, shortViewerId } from './names.ts';
import { SessionBar } from './SessionBar.tsx';

/** The server answers at most 50 sessions a page (contract: analytics.sessions pageSize). */
const PAGE_SIZES = [10, 20, 50];

/** Each viewing of the range, newest first as the server orders them, a page at a time. */
export function SessionsTable({ videoId, range, duration }: { videoId: string; range: DayRange; duration: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const sessions = useAnalyticsSessionsQuery({ videoId, ...range, page, pageSize });

  const columns: TableColumnsType<AnalyticsSession> = [
    {
      title: t('analytics.sessions.started'),
      dataIndex: 'startedAt',
      width: 140,
      render: (value: number) => <span className="analytics-nowrap">{formatDateMinute(value)}</span>,
    },
    {
      title: t('analytics.sessions.viewer'),
      key: 'viewer',
      width: 120,
      render: (_, row) => (
        <div className="analytics-cell-stack">
          {row.viewerId ? (
            <Tooltip title={row.viewerId}>
              <Typography.Text code>{shortViewerId(row.viewerId)}</Typography.Text>
            </Tooltip>
          ) : (
            <Typography.Text type="secondary">{t('analytics.sessions.notTracked')}</Typography.Text>
          )}
          {row.country ? (
            <Typography.Text type="secondary">{countryName(row.country, i18n.language)}</Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      title: t('analytics.sessions.device'),
      key: 'device',
      width: 170,
      render: (_, row) => (
        <div className="analytics-cell-stack">
          <span>{deviceName(row.device, t)}</span>
          <Typography.Text type="secondary">
            {otherName(row.browser, t)} · {otherName(row.os, t)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('analytics.sessions.page'),
      key: 'page',
      ellipsis: { showTitle: false },
      render: (_, row) => (
        <div className="analytics-cell-stack">
          <Typography.Text ellipsis={{ tooltip: row.page || undefined }}>
            {placeName(row.page, t, 'unknown')}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: row.referrer || undefined }}>
            {row.referrer ? t('analytics.sessions.from', { referrer: hostName(row.referrer) }) : t('analytics.direct')}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('analytics.sessions.watched'),
      key: 'watched',
      width: 220,
      render: (_, row) => (
        <div className="analytics-cell-stack">
          <span className="analytics-nowrap">
            {t('analytics.sessions.watchedText', {
              percent: formatPercent(row.percent),
              time: formatDuration(row.watchSeconds),
            })}
          </span>
          <SessionBar intervals={row.intervals} duration={duration} />
        </div>
      ),
    },
    {
      title: t('analytics.sessions.outcome'),
      key: 'outcome',
      width: 150,
      render: (_, row) => (
        <div className="analytics-tags">
          {row.lead ? <Tag color="green">{t('analytics.sessions.lead')}</Tag> : null}
          {row.clicks > 0 ? <Tag>{t('analytics.sessions.clicks', { count: row.clicks })}</Tag> : null}
        </div>
      ),
    },
  ];

  return (
    <Card size="small" className="analytics-card" title={t('analytics.sessions.title')}>
      {sessions.error ? <Alert type="error" showIcon title={errorText(sessions.error)} /> : null}
      <Table<AnalyticsSession>
        rowKey="sessionId"
        size="small"
        className="analytics-sessions"
        loading={sessions.isFetching}
        dataSource={sessions.data?.list ?? []}
        columns={columns}
        scroll={{ x: 960 }}
        locale={{ emptyText: t('analytics.noSessions') }}
        pagination={{
          current: page,
          pageSize,
          total: sessions.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          hideOnSinglePage: true,
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
      />
    </Card>
  );
}
