import type { SpeechTask } from '@leadreel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/index.ts';
import { refreshAfterTasks, speechApi } from './speechQueries.ts';

/**
 * Cancels a waiting or running piece of work once the owner says yes, and says what credits came back. Its
 * words are under `texts` (cancel, keep, cancelConfirm, cancelHelp, canceled, canceledRefund); `after` reads
 * again what the cancel changed.
 */
export function ConfirmCancelButton<Canceled extends { refunded: number }>({
  texts,
  cancel,
  onCanceled,
  after,
}: {
  texts: 'speech.task' | 'blog.export';
  cancel: () => Promise<Canceled>;
  onCanceled?: (canceled: Canceled) => void;
  after: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const confirmed = async () => {
    setBusy(true);
    try {
      const canceled = await cancel();
      onCanceled?.(canceled);
      message.success(
        canceled.refunded > 0 ? t(`${texts}.canceledRefund`, { count: canceled.refunded }) : t(`${texts}.canceled`),
      );
      await after();
    } catch (failure) {
      message.error(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm
      title={t(`${texts}.cancelConfirm`)}
      description={t(`${texts}.cancelHelp`)}
      okText={t(`${texts}.cancel`)}
      okButtonProps={{ danger: true }}
      cancelText={t(`${texts}.keep`)}
      onConfirm={() => void confirmed()}
    >
      <Button size="small" danger loading={busy}>
        {t(`${texts}.cancel`)}
      </Button>
    </Popconfirm>
  );
}

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
  const queryClient = useQueryClient();
  return (
    <ConfirmCancelButton
      texts="speech.task"
      cancel={() => speechApi.cancel(taskId)}
      onCanceled={onCanceled}
      after={() => refreshAfterTasks(queryClient)}
    />
  );
}
