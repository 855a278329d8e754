import { TranslationOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { SpeechTaskList } from './SpeechTaskList.tsx';
import { speechApi, speechKeys, type TaskListArgs, useRefreshWhenTasksEnd } from './speechQueries.ts';

/** The tab counts alone: one task of the running tab is enough to read them. */
const COUNTS: TaskListArgs = { tab: 'translating', page: 1, pageSize: 1 };
/** The header's figure moves less urgently than an open list's. */
const HEADER_POLL_MS = 5000;
/** The task center is wider than the default dialog: a row holds a video, languages and a progress bar. */
const TASK_CENTER_WIDTH = 760;

/**
 * The header's way into the task center dialog (translation tasks, tabs translating / translated / error,
 * with cancel), with the number of tasks under way as its badge; shown once the account has any task.
 */
export function TaskCenterButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const account = useAccountStore((s) => s.account);
  const [open, setOpen] = useState(false);
  const counts = useQuery({
    queryKey: speechKeys.tasks(COUNTS),
    queryFn: () => speechApi.tasks(COUNTS),
    select: (data) => data.counts,
    refetchInterval: (query) => ((query.state.data?.counts.translating ?? 0) > 0 ? HEADER_POLL_MS : false),
  });
  const running = counts.data?.translating ?? 0;
  useRefreshWhenTasksEnd(counts.data?.translating, queryClient);
  const any = counts.data ? counts.data.translating + counts.data.translated + counts.data.error > 0 : false;
  if (!any && !open) return null;
  const label = t('speech.center.button', { count: running });
  return (
    <>
      <Badge count={running} size="small" offset={[-6, 6]}>
        <Button
          type="text"
          icon={<TranslationOutlined />}
          aria-label={label}
          title={label}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <Modal
        open={open}
        title={t('speech.center.title')}
        width={TASK_CENTER_WIDTH}
        footer={null}
        destroyOnHidden
        onCancel={() => setOpen(false)}
      >
        <SpeechTaskList locked={isLocked(account, 'translateVideo')} onOpenVideo={() => setOpen(false)} />
      </Modal>
    </>
  );
}
