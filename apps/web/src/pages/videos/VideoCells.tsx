import {
  CodeOutlined,
  DeleteOutlined,
  FolderOpenOutlined,
  InboxOutlined,
  PlayCircleOutlined,
  RedoOutlined,
  SettingOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { VIDEO_TYPES_TEXT, type Video } from '@leadreel/shared';
import { Button, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadStore } from '../../features/upload/store.ts';

/**
 * How far an upload is: this browser's own figure while it sends the file (its engine reports each second),
 * else the server's (heartbeats of another tab or device). Only this cell follows the engine, not the table.
 */
function UploadProgress({ video }: { video: Video }) {
  const { t } = useTranslation();
  const local = useUploadStore(
    (s) =>
      s.tasks.find((task) => task.data.videoId === video.videoId && task.uploadStatus === 'uploading')?.uploadPercent,
  );
  return (
    <Progress
      className="video-status-progress"
      percent={Math.floor(local ?? video.uploadPercent)}
      size="small"
      format={(p) => t('videos.status.uploading', { percent: p })}
    />
  );
}

export function StatusCell({ video }: { video: Video }) {
  const { t } = useTranslation();
  switch (video.status) {
    case 'uploading':
      return <UploadProgress video={video} />;
    case 'uploaded':
    case 'processing':
      return (
        <Space orientation="vertical" size={0}>
          <Progress
            className="video-status-progress"
            percent={video.processPercent}
            size="small"
            format={(p) => t('videos.status.processing', { percent: p })}
          />
          {video.playable && <Typography.Text type="secondary">{t('videos.status.playableNow')}</Typography.Text>}
        </Space>
      );
    case 'ready':
      // Video: "translating with percent" (a GlobalVoice or subtitles-from-speech task under way).
      return video.translatingPercent === null ? (
        <Tag color="success">{t('videos.status.ready')}</Tag>
      ) : (
        <Progress
          className="video-status-progress"
          percent={video.translatingPercent}
          size="small"
          format={(p) => t('speech.videoTranslating', { percent: p })}
        />
      );
    case 'cleared':
      // The plan lapsed into Clear: renewing encodes it again from its original.
      return <Tag color="warning">{t('videos.status.cleared')}</Tag>;
    default: {
      // The server's reasons are message keys, said in the console's language; a browser's own words as sent.
      const reason = video.failCode ? t(`errors.${video.failCode}`, { types: VIDEO_TYPES_TEXT }) : video.failReason;
      return (
        <Space orientation="vertical" size={0} className="video-fail">
          <Tag color="error">
            {t(video.status === 'failed' ? 'videos.status.failed' : 'videos.status.uploadFailed')}
          </Tag>
          {reason && (
            <Typography.Text type="secondary" className="video-fail-reason" ellipsis={{ tooltip: reason }}>
              {reason}
            </Typography.Text>
          )}
        </Space>
      );
    }
  }
}

/** One row action as an icon: its name is its tooltip and what a screen reader says. */
function Action(props: { label: string; icon: ReactNode; onClick: () => void; disabled?: boolean; danger?: boolean }) {
  return (
    <Tooltip title={props.label}>
      <Button
        size="small"
        type="text"
        aria-label={props.label}
        icon={props.icon}
        disabled={props.disabled}
        danger={props.danger}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

/** What a row's action handlers do; a missing `retry` means no retry can help this video here. */
export type RowActionHandlers = {
  preview: () => void;
  retry?: () => void;
  share: () => void;
  embed: () => void;
  settings: () => void;
  submissions: () => void;
  move: () => void;
  remove: () => void;
};

/**
 * The row's actions as icons with tooltips, four to a line, so the column stays narrow (ROW_ACTIONS_WIDTH)
 * and never covers Size and Uploaded at 1280 px. Retry takes Play's place when it applies:
 * a video that needs one has nothing to play.
 */
export function RowActions({ video, on }: { video: Video; on: RowActionHandlers }) {
  const { t } = useTranslation();
  return (
    <div className="video-actions">
      {on.retry ? (
        <Action label={t('upload.retry')} icon={<RedoOutlined />} onClick={on.retry} />
      ) : (
        <Action
          label={t('videos.preview')}
          icon={<PlayCircleOutlined />}
          disabled={!video.playable}
          onClick={on.preview}
        />
      )}
      <Action label={t('videos.share')} icon={<ShareAltOutlined />} disabled={!video.playable} onClick={on.share} />
      <Action label={t('videos.embed')} icon={<CodeOutlined />} disabled={!video.playable} onClick={on.embed} />
      <Action label={t('videos.settings')} icon={<SettingOutlined />} onClick={on.settings} />
      <Action label={t('leads.submissions')} icon={<InboxOutlined />} onClick={on.submissions} />
      <Action label={t('videos.move')} icon={<FolderOpenOutlined />} onClick={on.move} />
      <Action label={t('videos.delete')} icon={<DeleteOutlined />} danger onClick={on.remove} />
    </div>
  );
}

/** Four 24 px icons a line with 4 px between them, plus the cell's 8 px padding on each side. */
export const ROW_ACTIONS_WIDTH = 4 * 24 + 3 * 4 + 2 * 8;
