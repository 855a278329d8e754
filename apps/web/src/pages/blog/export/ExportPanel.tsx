import type { ExportVersion } from '@leadreel/shared';
import type { RouteOutput } from '@leadreel/shared/routes/schemas';
import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Popconfirm, Progress, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { blogApi } from '../../../api/endpoints.ts';
import { errorText } from '../../../api/index.ts';
import { LinkNotice } from '../../../components/LinkNotice.tsx';
import { useVideoLinks } from '../../../features/share/useVideoLinks.ts';
import { formatDateMinute } from '../../../format.ts';
import { blogKeys, isExportActive, useExportProgress, videoSettingsPath } from '../blogData.ts';

const STATUS_COLORS = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  canceled: 'warning',
} as const;

/** What exporting costs, or why it cannot start, with the way to more credits when that is why. */
function Estimate({
  estimate,
  active,
}: {
  estimate: UseQueryResult<RouteOutput<'blogToVideo.estimate'>>;
  /** An export runs: the progress below says so, the refusal to start another need not. */
  active: boolean;
}) {
  const { t } = useTranslation();
  if (estimate.error) return <Alert type="error" showIcon title={errorText(estimate.error)} />;
  if (!estimate.data) return <Skeleton active paragraph={false} />;
  const { minutes, credits, balance, refusal } = estimate.data;
  return (
    <>
      <Typography.Paragraph data-testid="blog-estimate">
        {t('blog.export.cost', { minutes, credits, balance, count: credits })}
      </Typography.Paragraph>
      {refusal === 'credits_insufficient' ? (
        <LinkNotice
          type="warning"
          title={t('errors.credits_insufficient')}
          to="/buy-credits"
          action={t('blog.export.buyCredits')}
        />
      ) : (
        refusal &&
        !(active && refusal === 'blog_export_running') && (
          <Alert type="warning" showIcon title={t(`errors.${refusal}`)} />
        )
      )}
    </>
  );
}

/** The video an export made: its settings in the console and its public watch page. */
function VideoLinks({ videoId }: { videoId: string }) {
  const { t } = useTranslation();
  const links = useVideoLinks(videoId);
  return (
    <Space wrap>
      <Link to={videoSettingsPath(videoId)}>{t('blog.export.openVideo')}</Link>
      {links.data && (
        <Typography.Link href={links.data.watchUrl} target="_blank" rel="noreferrer">
          {t('blog.export.watchPage')}
        </Typography.Link>
      )}
    </Space>
  );
}

/** The export under way, or how the last one ended. */
function Current({
  version,
  onCancel,
  canceling,
}: {
  version: ExportVersion;
  onCancel: () => void;
  canceling: boolean;
}) {
  const { t } = useTranslation();
  if (isExportActive(version))
    return (
      <div className="blog-export-current">
        <Typography.Text>
          {t(version.status === 'queued' ? 'blog.export.queued' : 'blog.export.running', { version: version.version })}
        </Typography.Text>
        <Flex align="center" gap={12}>
          <Progress percent={version.progress} aria-label={t('blog.export.progress', { percent: version.progress })} />
          <Popconfirm
            title={t('blog.export.cancelConfirm')}
            description={t('blog.export.cancelHelp')}
            okText={t('blog.export.cancel')}
            okButtonProps={{ danger: true }}
            cancelText={t('blog.export.keep')}
            onConfirm={onCancel}
          >
            <Button danger loading={canceling}>
              {t('blog.export.cancel')}
            </Button>
          </Popconfirm>
        </Flex>
      </div>
    );
  if (version.status === 'done' && version.videoId)
    return (
      <Alert
        type="success"
        showIcon
        className="blog-export-current"
        title={t('blog.export.done', { version: version.version })}
        description={<VideoLinks videoId={version.videoId} />}
      />
    );
  if (version.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        className="blog-export-current"
        title={t('blog.export.failed', { reason: t(`errors.${version.error?.code ?? 'blog_render_failed'}`) })}
        description={version.refunded > 0 ? t('blog.export.refunded', { count: version.refunded }) : undefined}
      />
    );
  return null;
}

/** Every export of the project: version, status, date, credits and the video it made. */
function History({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const history = useQuery({ queryKey: blogKeys.history(projectId), queryFn: () => blogApi.history(projectId) });
  if (history.error) return <Alert type="error" showIcon title={errorText(history.error)} />;
  return (
    <Table<ExportVersion>
      rowKey="exportId"
      size="small"
      loading={history.isLoading}
      dataSource={history.data ?? []}
      pagination={false}
      locale={{ emptyText: t('blog.export.noHistory') }}
      columns={[
        { title: t('blog.export.version'), key: 'version', render: (_, row) => `v${row.version}` },
        {
          title: t('blog.export.status'),
          key: 'status',
          render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{t(`blog.export.statuses.${row.status}`)}</Tag>,
        },
        { title: t('blog.export.date'), key: 'date', render: (_, row) => formatDateMinute(row.createdAt) },
        {
          title: t('blog.export.credits'),
          key: 'credits',
          render: (_, row) =>
            row.refunded > 0
              ? t('blog.export.creditsRefunded', { credits: row.credits, refunded: row.refunded })
              : row.credits,
        },
        {
          title: t('blog.export.video'),
          key: 'video',
          render: (_, row) =>
            row.videoId && row.status === 'done' ? (
              <Link to={videoSettingsPath(row.videoId)}>{row.videoName ?? t('blog.export.openVideo')}</Link>
            ) : (
              '–'
            ),
        },
      ]}
    />
  );
}

/**
 * Export (the top bar's Export): what it costs, the render started, followed every 2 s with Cancel (its
 * credits given back), the new video once done, and every earlier version.
 */
export function ExportPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const progress = useExportProgress(projectId);
  const estimate = useQuery({ queryKey: blogKeys.estimate(projectId), queryFn: () => blogApi.estimate(projectId) });
  const [starting, setStarting] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const version = progress.data ?? null;
  const active = isExportActive(version);

  // When a render ends, what it changed is read again: the history, the balance, the list's status.
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) void queryClient.invalidateQueries({ queryKey: blogKeys.all });
    wasActive.current = active;
  }, [active, queryClient]);

  const start = async () => {
    setStarting(true);
    try {
      const queued = await blogApi.exportVideo(projectId);
      queryClient.setQueryData(blogKeys.progress(projectId), queued);
      await queryClient.invalidateQueries({
        queryKey: blogKeys.all,
        predicate: (query) => query.queryKey[1] !== 'blogToVideo.progress',
      });
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setStarting(false);
    }
  };
  const cancel = async () => {
    setCanceling(true);
    try {
      const canceled = await blogApi.cancelExport(projectId);
      queryClient.setQueryData(blogKeys.progress(projectId), canceled);
      message.success(
        canceled.refunded > 0
          ? t('blog.export.canceledRefund', { count: canceled.refunded })
          : t('blog.export.canceled'),
      );
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setCanceling(false);
    }
  };

  return (
    <div className="blog-export">
      <Estimate estimate={estimate} active={active} />
      <Button
        type="primary"
        className="blog-export-start"
        loading={starting}
        disabled={active || !estimate.data || Boolean(estimate.data.refusal)}
        onClick={() => void start()}
      >
        {t('blog.export.start')}
      </Button>
      {version && <Current version={version} onCancel={() => void cancel()} canceling={canceling} />}
      <Typography.Title level={5}>{t('blog.export.history')}</Typography.Title>
      <History projectId={projectId} />
    </div>
  );
}
