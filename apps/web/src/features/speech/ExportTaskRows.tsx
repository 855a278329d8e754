import type { ExportListItem } from '@leadreel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Progress, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { blogApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { editorPath, isExportActive, videoSettingsPath } from '../../pages/blog/blogData.ts';
import { ConfirmCancelButton } from './CancelTaskButton.tsx';
import { refreshAfterExports, type useBlogExports } from './exportQueries.ts';
import { TASK_STATUS_COLORS, TaskPages } from './SpeechTaskList.tsx';
import { agoText, taskErrorText } from './speechText.ts';

/**
 * Cancels a waiting or running export once the owner says yes, and says what credits came back (all of them:
 * docs/product.md, "Blog to video").
 */
function CancelExportButton({ projectId }: { projectId: string }) {
  const queryClient = useQueryClient();
  return (
    <ConfirmCancelButton
      texts="blog.export"
      cancel={() => blogApi.cancelExport(projectId)}
      after={() => refreshAfterExports(queryClient)}
    />
  );
}

/**
 * One task center tab's blog-to-video exports: each export's project (to its script), version, status,
 * progress while it runs, credits and what came back, why it failed, and the video it made; one waiting or
 * running can be canceled.
 */
export function ExportTaskRows({
  exports,
  page,
  onPage,
  onOpenLink,
}: {
  exports: ReturnType<typeof useBlogExports>;
  page: number;
  onPage: (page: number) => void;
  /** A project's or video's link was followed (the dialog closes). */
  onOpenLink?: () => void;
}) {
  const { t, i18n } = useTranslation();

  const row = (item: ExportListItem) => {
    const active = isExportActive(item);
    const reason = taskErrorText(t, (key) => i18n.exists(key), item.error);
    const time = active
      ? t('speech.task.started', { time: agoText(t, item.createdAt) })
      : t('speech.task.finished', { time: agoText(t, item.finishedAt ?? item.createdAt) });
    return (
      <li
        key={item.exportId}
        className="plain-list-item speech-task"
        data-status={item.status}
        data-export={item.exportId}
      >
        <div className="plain-list-main speech-task-body">
          <Link to={editorPath(item.projectId)} className="speech-task-video" onClick={onOpenLink}>
            <Typography.Text strong className="video-name" ellipsis={{ tooltip: item.projectTitle }}>
              {item.projectTitle}
            </Typography.Text>
          </Link>
          <Space size={6} wrap>
            <Tag color={TASK_STATUS_COLORS[item.status]}>{t(`blog.export.statuses.${item.status}`)}</Tag>
            <Typography.Text>{t('speech.center.version', { version: item.version })}</Typography.Text>
          </Space>
          {active && (
            <Progress
              percent={item.progress}
              size="small"
              status="normal"
              aria-label={t('blog.export.progress', { percent: item.progress })}
            />
          )}
          <Typography.Text type="secondary" className="speech-task-meta">
            {[time, t('speech.task.credits', { count: item.credits })].join(' · ')}
          </Typography.Text>
          {item.refunded > 0 && (
            <Typography.Text type="secondary" className="speech-task-meta">
              {t('speech.task.refunded', { count: item.refunded })}
            </Typography.Text>
          )}
          {/* A canceled export's reason is its tag; a failure says why. */}
          {reason && item.status === 'failed' && <Typography.Text type="danger">{reason}</Typography.Text>}
          {item.status === 'done' && item.videoId && (
            <Link to={videoSettingsPath(item.videoId)} onClick={onOpenLink}>
              {t('blog.export.openVideo')}
            </Link>
          )}
        </div>
        <div className="plain-list-actions">{active && <CancelExportButton projectId={item.projectId} />}</div>
      </li>
    );
  };

  if (exports.error) return <Alert type="error" showIcon title={errorText(exports.error)} />;
  if (!exports.data) return <Skeleton active />;
  return (
    <>
      <ul className="plain-list speech-tasks">{exports.data.list.map(row)}</ul>
      <TaskPages total={exports.data.total} page={page} onPage={onPage} />
    </>
  );
}
