import { TranslationOutlined } from '@ant-design/icons';
import type { SpeechTaskTab } from '@leadreel/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blogApi } from '../../api/endpoints.ts';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { ExportTaskRows } from './ExportTaskRows.tsx';
import { type ExportListArgs, exportListKey, refreshAfterExports, useBlogExports } from './exportQueries.ts';
import { SpeechTaskRows, TASK_PAGE_SIZE, TaskTabs } from './SpeechTaskList.tsx';
import { speechApi, speechKeys, type TaskListArgs, useRefreshWhenTasksEnd, useSpeechTasks } from './speechQueries.ts';

/** The tab counts alone: one task of the running tab is enough to read them. */
const COUNTS: TaskListArgs & ExportListArgs = { tab: 'translating', page: 1, pageSize: 1 };
/** The header's figure moves less urgently than an open list's. */
const HEADER_POLL_MS = 5000;
/** The task center is wider than the default dialog: a row holds a video, languages and a progress bar. */
const TASK_CENTER_WIDTH = 760;

type Counts = Record<SpeechTaskTab, number>;
const total = (counts: Counts | undefined) => (counts ? counts.translating + counts.translated + counts.error : 0);
/** Tasks and exports counted together, per tab. */
const sum = (a: Counts, b: Counts | undefined): Counts => ({
  translating: a.translating + (b?.translating ?? 0),
  translated: a.translated + (b?.translated ?? 0),
  error: a.error + (b?.error ?? 0),
});

/**
 * The task center's tabs over both kinds of work (docs/product.md: "the task center lists them with the speech
 * tasks"): a tab's translation tasks, then its video exports, each under its own heading once the account has
 * any export; one empty state when the tab has neither.
 */
function TaskCenterList({ locked, onOpenLink }: { locked: boolean; onOpenLink: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<SpeechTaskTab>('translating');
  const [taskPage, setTaskPage] = useState(1);
  const [exportPage, setExportPage] = useState(1);
  const tasks = useSpeechTasks({ tab, page: taskPage, pageSize: TASK_PAGE_SIZE });
  const exports = useBlogExports({ tab, page: exportPage, pageSize: TASK_PAGE_SIZE });
  useRefreshWhenTasksEnd(tasks.data?.counts.translating, queryClient);
  useRefreshWhenTasksEnd(exports.data?.counts.translating, queryClient, refreshAfterExports);
  // A list the server refused still leaves the other's counts to show.
  const counts = tasks.data && !exports.isPending ? sum(tasks.data.counts, exports.data?.counts) : undefined;
  const titled = total(exports.data?.counts) > 0;
  const noTasks = tasks.data?.list.length === 0;
  const noExports = !exports.error && exports.data?.list.length === 0;

  const body = () => {
    if (noTasks && noExports)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`speech.tabs.empty.${tab}`)} />;
    return (
      <>
        {!noTasks && (
          <section className="task-center-section">
            {titled && <Typography.Title level={5}>{t('speech.center.tasksTitle')}</Typography.Title>}
            <SpeechTaskRows
              tasks={tasks}
              tab={tab}
              page={taskPage}
              onPage={setTaskPage}
              locked={locked}
              onOpenVideo={onOpenLink}
              empty={false}
            />
          </section>
        )}
        {!noExports && (titled || exports.error) && (
          <section className="task-center-section">
            <Typography.Title level={5}>{t('speech.center.exportsTitle')}</Typography.Title>
            <ExportTaskRows exports={exports} page={exportPage} onPage={setExportPage} onOpenLink={onOpenLink} />
          </section>
        )}
      </>
    );
  };

  return (
    <div className="speech-task-list">
      <TaskTabs
        tab={tab}
        counts={counts}
        onChange={(key) => {
          setTab(key);
          setTaskPage(1);
          setExportPage(1);
        }}
      />
      {body()}
    </div>
  );
}

/**
 * The header's way into the task center dialog (translation tasks and video exports, tabs translating /
 * translated / error, with cancel), with the number of them under way as its badge; shown once the account
 * has any.
 */
export function TaskCenterButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const account = useAccountStore((s) => s.account);
  const [open, setOpen] = useState(false);
  const taskCounts = useQuery({
    queryKey: speechKeys.tasks(COUNTS),
    queryFn: () => speechApi.tasks(COUNTS),
    select: (data) => data.counts,
    refetchInterval: (query) => ((query.state.data?.counts.translating ?? 0) > 0 ? HEADER_POLL_MS : false),
  });
  const exportCounts = useQuery({
    queryKey: exportListKey(COUNTS),
    queryFn: () => blogApi.exports(COUNTS),
    select: (data) => data.counts,
    refetchInterval: (query) => ((query.state.data?.counts.translating ?? 0) > 0 ? HEADER_POLL_MS : false),
  });
  useRefreshWhenTasksEnd(taskCounts.data?.translating, queryClient);
  useRefreshWhenTasksEnd(exportCounts.data?.translating, queryClient, refreshAfterExports);
  const running = (taskCounts.data?.translating ?? 0) + (exportCounts.data?.translating ?? 0);
  const any = total(taskCounts.data) + total(exportCounts.data) > 0;
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
        <TaskCenterList locked={isLocked(account, 'translateVideo')} onOpenLink={() => setOpen(false)} />
      </Modal>
    </>
  );
}
