import { SPEECH_TASK_TABS, type SpeechTask, type SpeechTaskTab } from '@leadreel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Pagination, Progress, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/index.ts';
import { CancelTaskButton } from './CancelTaskButton.tsx';
import { isTaskActive, refreshAfterTasks, speechApi, useRefreshWhenTasksEnd, useSpeechTasks } from './speechQueries.ts';
import { agoText, taskErrorText, useTaskLanguages } from './speechText.ts';
import './speech.css';

/** Tasks per page of a tab. */
export const TASK_PAGE_SIZE = 10;

/** A task's tag colour by status; an export has the same statuses. */
export const TASK_STATUS_COLORS: Record<SpeechTask['status'], string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  canceled: 'warning',
};

/** Where a task's video is worked on: its subtitles for a transcription, GlobalVoice for the rest. */
const screenOf = (task: SpeechTask) =>
  `/video-setting/${task.videoId}/${task.kind === 'transcribe' ? 'subtitle' : 'global-voice'}`;

/** One page of a tab's speech tasks as `useSpeechTasks` answers it. */
type TaskPage = ReturnType<typeof useSpeechTasks>;

/**
 * One tab's translation tasks, of the account or of one video: each task's video, kind, languages, progress
 * and time; a running one can be canceled, a failed or canceled one tried again, and a failure says why.
 */
export function SpeechTaskRows({
  tasks,
  tab,
  page,
  onPage,
  videoId,
  locked,
  onOpenVideo,
  empty = true,
}: {
  tasks: TaskPage;
  tab: SpeechTaskTab;
  page: number;
  onPage: (page: number) => void;
  /** Only this video's tasks, without the video column. */
  videoId?: string;
  /** The plan's period closes new work: retry is off (cancel stays, it gives credits back). */
  locked: boolean;
  /** A video's link was followed (the dialog closes). */
  onOpenVideo?: () => void;
  /** Say so when the tab has no task (false: the caller says it once for every kind of task). */
  empty?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const languages = useTaskLanguages();
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (task: SpeechTask, action: () => Promise<void>) => {
    setBusy(task.taskId);
    try {
      await action();
      await refreshAfterTasks(queryClient);
    } catch (failure) {
      message.error(errorText(failure));
    } finally {
      setBusy(null);
    }
  };
  const retry = (task: SpeechTask) =>
    act(task, async () => {
      await speechApi.retry(task.taskId);
      message.success(t('speech.task.retried'));
    });

  const row = (task: SpeechTask) => {
    const active = isTaskActive(task);
    const reason = taskErrorText(t, (key) => i18n.exists(key), task.error);
    const time = active
      ? t('speech.task.started', { time: agoText(t, task.createdAt) })
      : t('speech.task.finished', { time: agoText(t, task.finishedAt ?? task.updatedAt) });
    return (
      <li key={task.taskId} className="plain-list-item speech-task" data-status={task.status} data-task={task.taskId}>
        <div className="plain-list-main speech-task-body">
          {!videoId && (
            <Link to={screenOf(task)} className="video-title-cell speech-task-video" onClick={onOpenVideo}>
              {task.videoCover ? (
                <img className="video-thumb" src={task.videoCover} alt="" loading="lazy" />
              ) : (
                <div className="video-thumb video-thumb-empty" />
              )}
              <Typography.Text strong className="video-name" ellipsis={{ tooltip: task.videoName }}>
                {task.videoName}
              </Typography.Text>
            </Link>
          )}
          <Space size={6} wrap>
            <Tag color={TASK_STATUS_COLORS[task.status]}>{t(`speech.status.${task.status}`)}</Tag>
            <Typography.Text>{t(`speech.kind.${task.kind}`)}</Typography.Text>
            <Typography.Text type="secondary">{languages(task)}</Typography.Text>
          </Space>
          {active && (
            <Progress
              percent={task.progress}
              size="small"
              status="normal"
              aria-label={t('speech.task.progress', { percent: task.progress })}
            />
          )}
          <Typography.Text type="secondary" className="speech-task-meta">
            {[
              time,
              t('speech.task.engine', { engine: task.engine }),
              t('speech.task.credits', { count: task.credits }),
            ].join(' · ')}
          </Typography.Text>
          {task.refunded > 0 && (
            <Typography.Text type="secondary" className="speech-task-meta">
              {t('speech.task.refunded', { count: task.refunded })}
            </Typography.Text>
          )}
          {/* A canceled task's reason is its tag; a failure says why. */}
          {reason && task.status === 'failed' && <Typography.Text type="danger">{reason}</Typography.Text>}
        </div>
        <div className="plain-list-actions">
          {active && <CancelTaskButton taskId={task.taskId} />}
          {(task.status === 'failed' || task.status === 'canceled') && (
            <Button
              size="small"
              type="primary"
              disabled={locked}
              loading={busy === task.taskId}
              onClick={() => void retry(task)}
            >
              {t('speech.task.retry')}
            </Button>
          )}
        </div>
      </li>
    );
  };

  if (tasks.error) return <Alert type="error" showIcon title={errorText(tasks.error)} />;
  if (!tasks.data) return <Skeleton active />;
  if (tasks.data.list.length === 0)
    return empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`speech.tabs.empty.${tab}`)} /> : null;
  return (
    <>
      <ul className="plain-list speech-tasks">{tasks.data.list.map(row)}</ul>
      <TaskPages total={tasks.data.total} page={page} onPage={onPage} />
    </>
  );
}

/** A tab's pages, once it holds more than one. */
export function TaskPages({ total, page, onPage }: { total: number; page: number; onPage: (page: number) => void }) {
  if (total <= TASK_PAGE_SIZE) return null;
  return (
    <Pagination
      size="small"
      className="speech-tasks-pages"
      current={page}
      pageSize={TASK_PAGE_SIZE}
      total={total}
      showSizeChanger={false}
      onChange={onPage}
    />
  );
}

/** The task center's tabs, each labelled with its count once the counts are known. */
export function TaskTabs({
  tab,
  counts,
  onChange,
}: {
  tab: SpeechTaskTab;
  counts: Record<SpeechTaskTab, number> | undefined;
  onChange: (tab: SpeechTaskTab) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => onChange(key as SpeechTaskTab)}
      items={SPEECH_TASK_TABS.map((key) => ({
        key,
        label: counts ? t(`speech.tabs.${key}Count`, { count: counts[key] }) : t(`speech.tabs.${key}`),
      }))}
    />
  );
}

/**
 * The translation tasks of one video (the console contract: the task center's tabs translating / translated
 * / error, with cancel), in the task center's tabs.
 */
export function SpeechTaskList({
  videoId,
  locked = false,
}: {
  /** Only this video's tasks, without the video column. */
  videoId: string;
  /** The plan's period closes new work: retry is off (cancel stays, it gives credits back). */
  locked?: boolean;
}) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<SpeechTaskTab>('translating');
  const [page, setPage] = useState(1);
  const tasks = useSpeechTasks({ tab, videoId, page, pageSize: TASK_PAGE_SIZE });
  const counts = tasks.data?.counts;
  useRefreshWhenTasksEnd(counts?.translating, queryClient);
  return (
    <div className="speech-task-list">
      <TaskTabs
        tab={tab}
        counts={counts}
        onChange={(key) => {
          setTab(key);
          setPage(1);
        }}
      />
      <SpeechTaskRows tasks={tasks} tab={tab} page={page} onPage={setPage} videoId={videoId} locked={locked} />
    </div>
  );
}
