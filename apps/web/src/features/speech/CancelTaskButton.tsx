import type { SpeechTask } from '@leadreel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/index.ts';
import { refreshAfterTasks, speechApi } from './speechQueries.ts';

/**
 * Cancels a waiting or running task once the owner says yes, and says what credits came back (the part not
 * done); what the task changed is read again.
 */
export function CancelTaskButton({
  taskId,
  onCanceled,
}: {
  taskId: string;
  /** The task as it stands once canceled. */
  onCanceled?: (task: SpeechTask) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      const canceled = await speechApi.cancel(taskId);
      onCanceled?.(canceled);
      message.success(
        canceled.refunded > 0
          ? t('speech.task.canceledRefund', { count: canceled.refunded })
          : t('speech.task.canceled'),
      );
      await refreshAfterTasks(queryClient);
    } catch (failure) {
      message.error(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm
      title={t('speech.task.cancelConfirm')}
      description={t('speech.task.cancelHelp')}
      okText={t('speech.task.cancel')}
      okButtonProps={{ danger: true }}
      cancelText={t('speech.task.keep')}
      onConfirm={() => void cancel()}
    >
      <Button size="small" danger loading={busy}>
        {t('speech.task.cancel')}
      </Button>
    </Popconfirm>
  );
}
