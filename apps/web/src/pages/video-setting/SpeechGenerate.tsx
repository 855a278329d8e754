import type { Subtitle } from '@leadreel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Progress, Select, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/index.ts';
import { CancelTaskButton } from '../../features/speech/CancelTaskButton.tsx';
import { SpeechEstimate } from '../../features/speech/SpeechEstimate.tsx';
import {
  isTaskActive,
  refreshAfterTasks,
  refreshTasks,
  speechApi,
  speechKeys,
  useRefreshWhenTasksEnd,
  useSpeechEngines,
  useSpeechEstimate,
  useSpeechTaskStatus,
  useSpeechTasks,
} from '../../features/speech/speechQueries.ts';
import { sameLang, taskErrorText } from '../../features/speech/speechText.ts';
import { useLanguageName } from './SubtitleUpload.tsx';

/**
 * subtitle: "Generate from speech": the spoken language among those the configured engine hears, its cost
 * before starting, then the task's progress until its track is there (or why it failed).
 */
export function SpeechGenerate({
  videoId,
  tracks,
  locked,
  onDone,
}: {
  videoId: string;
  tracks: Subtitle[];
  /** The plan's period closes AI tasks (translate video, disabled from Frozen on). */
  locked: boolean;
  /** The new track is there: the list is read again. */
  onDone: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const languageName = useLanguageName();
  const engines = useSpeechEngines();
  const [chosen, setChosen] = useState<string | null>(null);
  const [started, setStarted] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A transcription started earlier (another visit, another tab) is followed as if started here.
  const running = useSpeechTasks({ tab: 'translating', videoId, page: 1, pageSize: 50 }, { enabled: !locked });
  useRefreshWhenTasksEnd(running.data?.counts.translating, queryClient);
  const earlier = running.data?.list.find((task) => task.kind === 'transcribe' && isTaskActive(task));
  // Held once seen: the task leaves the running list when it ends, and its end is still to be told.
  useEffect(() => {
    if (earlier) setStarted((current) => current ?? earlier.taskId);
  }, [earlier]);
  const taskId = started ?? earlier?.taskId ?? null;
  const status = useSpeechTaskStatus(taskId);
  const task = status.data ?? (earlier?.taskId === taskId ? earlier : null);
  const active = task ? isTaskActive(task) : false;

  const languages = engines.data?.transcribe.languages ?? [];
  const hasTrack = (lang: string) => tracks.some((track) => sameLang(track.lang, lang));
  // The first language the video has no subtitles in yet, unless the owner chose.
  const lang = chosen ?? languages.find((candidate) => !hasTrack(candidate)) ?? languages[0] ?? null;
  const estimate = useSpeechEstimate(
    { videoId, kind: 'transcribe', sourceLang: lang ?? '', targetLangs: [] },
    { enabled: Boolean(lang) && !locked && !active },
  );

  // Once done, the new track is read; said once per task.
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!task || isTaskActive(task) || told.current === task.taskId) return;
    told.current = task.taskId;
    if (task.status === 'done') {
      message.success(t('speech.generate.done', { lang: languageName(task.sourceLang) }));
      void onDone();
      void refreshAfterTasks(queryClient);
    }
  }, [task, message, t, languageName, onDone, queryClient]);

  const start = async (spoken: string) => {
    setBusy(true);
    try {
      const answer = await speechApi.transcribe({ videoId, lang: spoken });
      queryClient.setQueryData(speechKeys.status(answer.taskId), answer);
      setStarted(answer.taskId);
      void refreshTasks(queryClient);
    } catch (failure) {
      message.error(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const progress = () => {
    if (!task) return null;
    const lang = languageName(task.sourceLang);
    if (active)
      return (
        <div className="speech-estimate">
          <Typography.Text>
            {t(task.status === 'queued' ? 'speech.generate.queued' : 'speech.generate.running', { lang })}
          </Typography.Text>
          <Space className="speech-track-progress" wrap>
            <Progress
              percent={task.progress}
              size="small"
              status="normal"
              style={{ minWidth: 200 }}
              aria-label={t('speech.task.progress', { percent: task.progress })}
            />
            <CancelTaskButton
              taskId={task.taskId}
              onCanceled={(canceled) => queryClient.setQueryData(speechKeys.status(canceled.taskId), canceled)}
            />
          </Space>
        </div>
      );
    if (task.status === 'failed')
      return (
        <Alert
          type="error"
          showIcon
          className="speech-estimate"
          title={t('speech.generate.failed', { lang })}
          description={taskErrorText(t, (key) => i18n.exists(key), task.error)}
        />
      );
    if (task.status === 'canceled')
      return <Alert type="info" showIcon className="speech-estimate" title={t('speech.generate.canceled', { lang })} />;
    return null;
  };

  const refused = Boolean(estimate.data?.refusal);
  return (
    <Card title={t('speech.generate.title')} className="speech-generate">
      <Typography.Paragraph type="secondary">{t('speech.generate.intro')}</Typography.Paragraph>
      {engines.error && <Alert type="error" showIcon className="speech-estimate" title={errorText(engines.error)} />}
      {progress()}
      {engines.data && !active && (
        <Form layout="vertical" disabled={locked}>
          {languages.length === 0 ? (
            <Alert type="info" showIcon className="speech-estimate" title={t('speech.generate.noLanguages')} />
          ) : (
            <>
              <Form.Item label={t('speech.generate.lang')} htmlFor="speech-lang">
                <Select
                  id="speech-lang"
                  showSearch={{ optionFilterProp: 'label' }}
                  value={lang}
                  onChange={setChosen}
                  options={languages.map((candidate) => ({
                    value: candidate,
                    label: hasTrack(candidate)
                      ? `${languageName(candidate)} ${t('subtitle.langTaken')}`
                      : languageName(candidate),
                  }))}
                />
              </Form.Item>
              <Typography.Text type="secondary" className="speech-engine">
                {t('speech.generate.engine', {
                  engine: engines.data.transcribe.engine,
                  price: engines.data.prices.transcribePerMinute,
                  count: engines.data.prices.transcribePerMinute,
                })}
              </Typography.Text>
              {!locked && <SpeechEstimate estimate={estimate} />}
              <Button
                type="primary"
                loading={busy}
                disabled={!lang || !estimate.data || refused}
                onClick={() => lang && void start(lang)}
              >
                {t('speech.generate.start')}
              </Button>
            </>
          )}
        </Form>
      )}
    </Card>
  );
}
