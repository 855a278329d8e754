import { App, Button, Drawer, Empty, Progress, Space, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../format.ts';
import type { UploadTask } from './engine.ts';
import { uploadEngine, useUploadStore } from './store.ts';

const STATUS_COLORS: Record<UploadTask['uploadStatus'], string> = {
  uploading: 'processing',
  success: 'success',
  error: 'error',
  paused: 'warning',
  cancel: 'default',
};

/** The task list (the console contract Upload task): every upload with its percent, speed, state and actions. */
export function UploadPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const tasks = useUploadStore((s) => s.tasks);
  const open = useUploadStore((s) => s.panelOpen);
  const setOpen = useUploadStore((s) => s.setPanelOpen);
  const fileInput = useRef<HTMLInputElement>(null);
  const pickFor = useRef<string | null>(null);
  const engine = uploadEngine();

  const actions = (task: UploadTask) => {
    const items = [];
    if (task.uploadStatus === 'uploading') {
      items.push(
        <Button key="pause" size="small" onClick={() => engine.pause(task.taskId)}>
          {t('upload.pause')}
        </Button>,
      );
    }
    // restart only from paused or error.
    if (task.uploadStatus === 'paused' || task.uploadStatus === 'error') {
      items.push(
        <Button
          key="continue"
          size="small"
          type="primary"
          onClick={() => {
            if (task.needsFile) {
              pickFor.current = task.taskId;
              fileInput.current?.click();
            } else engine.restart(task.taskId);
          }}
        >
          {task.needsFile
            ? t('upload.pickAgain')
            : task.uploadStatus === 'error'
              ? t('upload.retry')
              : t('upload.continue')}
        </Button>,
      );
    }
    items.push(
      <Button key="delete" size="small" danger onClick={() => engine.delete(task.taskId)}>
        {t('upload.delete')}
      </Button>,
    );
    return items;
  };

  return (
    <Drawer
      open={open}
      onClose={() => setOpen(false)}
      title={t('upload.tasks', { count: engine.uploadingCount() })}
      size="min(480px, 100vw)"
      extra={
        tasks.length > 0 && (
          <Button size="small" onClick={() => engine.clear()}>
            {t('upload.clear')}
          </Button>
        )
      }
    >
      <input
        ref={fileInput}
        type="file"
        hidden
        data-testid="resume-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          const taskId = pickFor.current;
          event.target.value = '';
          if (!file || !taskId) return;
          // Only the very same file continues the upload: another one would join two files' bytes.
          if (engine.findResumable(file)?.taskId === taskId) engine.attach(taskId, file);
          else message.warning(t('upload.wrongFile'));
        }}
      />
      {tasks.length === 0 ? (
        <Empty description={t('upload.noTasks')} />
      ) : (
        <ul className="plain-list">
          {tasks.map((task) => (
            <li key={task.taskId} className="plain-list-item upload-task" data-status={task.uploadStatus}>
              <div className="upload-task-body">
                <Space size={6} wrap>
                  <Typography.Text strong ellipsis style={{ maxWidth: 200 }} title={task.fileName}>
                    {task.fileName}
                  </Typography.Text>
                  <Tag color={STATUS_COLORS[task.uploadStatus]}>
                    {task.queued ? t('upload.status.waiting') : t(`upload.status.${task.uploadStatus}`)}
                  </Tag>
                </Space>
                <Progress
                  percent={Math.floor(task.uploadPercent)}
                  size="small"
                  // 'normal', not antd's 'active': its shimmer repaints the page without end, a quarter of a
                  // core taken from the upload itself (bench:upload). The bar moves as the bytes do.
                  status={
                    task.uploadStatus === 'error' ? 'exception' : task.uploadStatus === 'success' ? 'success' : 'normal'
                  }
                />
                <Typography.Text type="secondary" className="upload-task-meta">
                  {formatSize(task.uploadSize)} / {formatSize(task.fileSize)}
                  {task.uploadStatus === 'uploading' && task.speed > 0 && ` · ${formatSize(task.speed)}/s`}
                </Typography.Text>
                {task.needsFile && <Typography.Text type="warning">{t('upload.needsFile')}</Typography.Text>}
                {task.errorMessage && <Typography.Text type="danger">{task.errorMessage}</Typography.Text>}
              </div>
              <div className="plain-list-actions">{actions(task)}</div>
            </li>
          ))}
        </ul>
      )}
    </Drawer>
  );
}
