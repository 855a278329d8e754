import { DeleteOutlined, EditOutlined, FileTextOutlined } from '@ant-design/icons';
import type { ProjectSummary } from '@leadreel/shared';
import { App, Button, Card, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { blogApi } from '../../api/endpoints.ts';
import { useRowAction } from '../../api/queries.ts';
import { CONFIRM_DIALOG_WIDTH } from '../../constants.ts';
import { formatDuration } from '../../features/videos/format.ts';
import { formatDateTime, timeAgo } from '../../format.ts';
import { blogKeys, editorPath, useExportProgress, videoSettingsPath } from './blogData.ts';

const STATUS_COLORS = { draft: 'default', exporting: 'processing', exported: 'success', failed: 'error' } as const;

/** The project's status; an export under way says how far it is, read every 2 s until it ends. */
function StatusTag({ project }: { project: ProjectSummary }) {
  const { t } = useTranslation();
  const exporting = project.status === 'exporting';
  const progress = useExportProgress(project.projectId, { enabled: exporting });
  if (!exporting) return <Tag color={STATUS_COLORS[project.status]}>{t(`blog.status.${project.status}`)}</Tag>;
  return (
    <Tag color={STATUS_COLORS.exporting}>
      {t('blog.status.exportingPercent', { percent: progress.data?.progress ?? 0 })}
    </Tag>
  );
}

/** The host of an article's address, as the card shows it (the whole address is the link's title). */
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** One project of My projects, with its actions: open in the editor, delete after asking. */
export function ProjectCard({ project }: { project: ProjectSummary }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const remove = useRowAction(
    blogKeys.all,
    () => blogApi.remove({ projectIds: [project.projectId] }),
    () => message.success(t('blog.list.deleted')),
  );
  const names = { title: project.title };
  const ago = timeAgo(project.updatedAt);
  const confirmDelete = () =>
    modal.confirm({
      title: t('blog.list.deleteTitle', names),
      content: t('blog.list.deleteText'),
      okText: t('blog.delete'),
      okButtonProps: { danger: true },
      cancelText: t('blog.cancel'),
      width: CONFIRM_DIALOG_WIDTH,
      onOk: () => remove.mutateAsync().catch(() => undefined),
    });
  const videoId = project.lastExport?.videoId ?? null;
  return (
    <Card
      className="blog-card"
      data-project={project.projectId}
      cover={
        project.cover ? (
          <img className="blog-cover" src={project.cover} alt="" loading="lazy" />
        ) : (
          <div className="blog-cover blog-cover-empty">
            <FileTextOutlined />
          </div>
        )
      }
      actions={[
        <Tooltip key="open" title={t('blog.list.open', names)}>
          <Button
            type="text"
            aria-label={t('blog.list.open', names)}
            icon={<EditOutlined />}
            onClick={() => navigate(editorPath(project.projectId))}
          />
        </Tooltip>,
        <Tooltip key="delete" title={t('blog.list.delete', names)}>
          <Button
            type="text"
            danger
            aria-label={t('blog.list.delete', names)}
            icon={<DeleteOutlined />}
            loading={remove.isPending}
            onClick={confirmDelete}
          />
        </Tooltip>,
      ]}
    >
      <Link to={editorPath(project.projectId)} className="blog-card-title">
        <Typography.Text strong ellipsis={{ tooltip: project.title }}>
          {project.title}
        </Typography.Text>
      </Link>
      {project.sourceUrl && (
        <Typography.Link
          className="blog-card-source"
          href={project.sourceUrl}
          target="_blank"
          rel="noreferrer"
          title={project.sourceUrl}
          ellipsis
        >
          {hostOf(project.sourceUrl)}
        </Typography.Link>
      )}
      <div className="blog-card-meta">
        <StatusTag project={project} />
        <Typography.Text type="secondary">
          {t('blog.list.scenes', { count: project.sceneCount })} · {formatDuration(project.duration)}
        </Typography.Text>
      </div>
      <div className="blog-card-meta">
        {videoId ? (
          <Link to={videoSettingsPath(videoId)}>
            {t('blog.list.lastExport', { version: project.lastExport?.version })}
          </Link>
        ) : (
          <Typography.Text type="secondary">{t('blog.list.notExported')}</Typography.Text>
        )}
        <Tooltip title={formatDateTime(project.updatedAt)}>
          <Typography.Text type="secondary">
            {t('blog.list.updated', { time: t(`timeAgo.${ago.unit}`, { count: ago.count }) })}
          </Typography.Text>
        </Tooltip>
      </div>
    </Card>
  );
}
