import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, fakeApi } from '../../test/fakeApi.ts';
import { type FakeSpeech, fakeSpeechRoutes, fakeSpeechState, fakeTask } from '../../test/fakeSpeech.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOUR = '44444444-4444-4444-8444-444444444444';
const WEBINAR = '44444444-4444-4444-8444-444444444445';
const id = (n: number) => `99999999-9999-4999-8999-${String(n).padStart(12, '0')}`;
const now = Math.floor(Date.now() / 1000);

/** Two tasks under way, one done, one failed by its engine, one canceled with its credits given back. */
const tasks = () => [
  fakeTask(id(1), TOUR, {
    videoCover: '/media/tour/cover.jpg',
    targetLangs: ['fr', 'de'],
    progress: 40,
    credits: 8,
    createdAt: now - 300,
  }),
  fakeTask(id(2), WEBINAR, { videoName: 'webinar.mp4', kind: 'dub', status: 'queued', progress: 0, credits: 10 }),
  fakeTask(id(3), TOUR, {
    kind: 'transcribe',
    targetLangs: [],
    status: 'done',
    progress: 100,
    engine: 'pocketsphinx',
    finishedAt: now - 2 * 3600,
  }),
  fakeTask(id(4), WEBINAR, {
    videoName: 'webinar.mp4',
    status: 'failed',
    targetLangs: ['es'],
    error: { code: 'speech_engine_timeout', detail: 'no answer in 60 s' },
    refunded: 4,
    finishedAt: now - 60,
  }),
  fakeTask(id(5), TOUR, {
    status: 'canceled',
    targetLangs: ['de'],
    error: { code: 'speech_canceled', detail: null },
    refunded: 4,
    finishedAt: now - 120,
  }),
];

function open(speech: FakeSpeech, language: 'en' | 'zh_CN' = 'en') {
  const calls: FakeCall[] = fakeApi(fakeSpeechRoutes(speech));
  renderApp('/account/change-password', { token: 'tok', language });
  return calls;
}

const bodiesOf = (calls: FakeCall[], path: string) => calls.filter((call) => call.path === path).map((c) => c.body);
const dialog = () => screen.getByRole('dialog');
const rowOf = (taskId: string) => document.querySelector(`[data-task="${taskId}"]`) as HTMLElement;
const findRow = (taskId: string) =>
  waitFor(() => {
    expect(rowOf(taskId)).toBeTruthy();
    return rowOf(taskId);
  });

describe('the task center', () => {
  it('opens from the header with the running count, and lists each tab with its count, video, languages and time', async () => {
    open(fakeSpeechState({ tasks: tasks() }));
    fireEvent.click(await screen.findByRole('button', { name: 'Translation tasks (2 in progress)' }));
    expect(await within(dialog()).findByText('Task center')).toBeTruthy();
    expect(await within(dialog()).findByRole('tab', { name: 'Translating (2)' })).toBeTruthy();
    expect(within(dialog()).getByRole('tab', { name: 'Translated (1)' })).toBeTruthy();
    expect(within(dialog()).getByRole('tab', { name: 'Error (2)' })).toBeTruthy();

    const running = rowOf(id(1));
    expect(within(running).getByRole('link', { name: 'tour.mp4' }).getAttribute('href')).toBe(
      `/video-setting/${TOUR}/global-voice`,
    );
    expect(running.querySelector('img')?.getAttribute('src')).toBe('/media/tour/cover.jpg');
    expect(within(running).getByText('In progress')).toBeTruthy();
    expect(within(running).getByText('Translation')).toBeTruthy();
    expect(within(running).getByText('English → French, German')).toBeTruthy();
    expect(within(running).getByRole('progressbar', { name: 'Progress 40%' })).toBeTruthy();
    expect(within(running).getByText('Started 5 minutes ago · Engine: apertium · 8 credits')).toBeTruthy();
    const queued = rowOf(id(2));
    expect(within(queued).getByText('Waiting')).toBeTruthy();
    expect(within(queued).getByText('Translation and dubbing')).toBeTruthy();

    fireEvent.click(within(dialog()).getByRole('tab', { name: 'Translated (1)' }));
    const done = await findRow(id(3));
    expect(within(done).getByRole('link', { name: 'tour.mp4' }).getAttribute('href')).toBe(
      `/video-setting/${TOUR}/subtitle`,
    );
    expect(within(done).getByText('Subtitles from speech')).toBeTruthy();
    expect(within(done).getByText('English')).toBeTruthy();
    expect(within(done).getByText(/^Ended 2 hours ago/)).toBeTruthy();
    expect(within(done).queryByRole('progressbar')).toBeNull();
    expect(within(done).queryByRole('button')).toBeNull();
  });

  it('follows running tasks while open', async () => {
    const speech = fakeSpeechState({ tasks: tasks() });
    open(speech);
    fireEvent.click(await screen.findByRole('button', { name: 'Translation tasks (2 in progress)' }));
    expect(await within(dialog()).findByRole('progressbar', { name: 'Progress 40%' })).toBeTruthy();
    Object.assign(speech.tasks[0] ?? {}, { progress: 75 });
    expect(await within(dialog()).findByRole('progressbar', { name: 'Progress 75%' })).toBeTruthy();
    Object.assign(speech.tasks[0] ?? {}, { status: 'done', progress: 100, finishedAt: now });
    expect(await within(dialog()).findByRole('tab', { name: 'Translated (2)' })).toBeTruthy();
    await waitFor(() => expect(rowOf(id(1))).toBeNull());
  });

  it('cancels a running task after asking, and says what credits came back', async () => {
    const speech = fakeSpeechState({ tasks: tasks() });
    const calls = open(speech);
    fireEvent.click(await screen.findByRole('button', { name: 'Translation tasks (2 in progress)' }));
    const running = await findRow(id(1));
    fireEvent.click(within(running).getByRole('button', { name: 'Cancel task' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('Cancel this task?');
    expect(confirm.textContent).toContain('Credits for the work not done yet are given back.');
    expect(bodiesOf(calls, '/speech-to-text/task/cancel')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel task' }));
    expect(await screen.findByText('Task canceled. 8 credits given back.')).toBeTruthy();
    expect(bodiesOf(calls, '/speech-to-text/task/cancel')).toEqual([{ taskId: id(1) }]);
    expect(await within(dialog()).findByRole('tab', { name: 'Translating (1)' })).toBeTruthy();
    expect(within(dialog()).getByRole('tab', { name: 'Error (3)' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Translation tasks (1 in progress)' })).toBeTruthy();
  });

  it('shows why a task failed in the error tab, and tries a failed or canceled one again', async () => {
    const calls = open(fakeSpeechState({ tasks: tasks() }));
    fireEvent.click(await screen.findByRole('button', { name: 'Translation tasks (2 in progress)' }));
    fireEvent.click(await within(dialog()).findByRole('tab', { name: 'Error (2)' }));
    const failed = await findRow(id(4));
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('The speech engine did not answer in time: no answer in 60 s')).toBeTruthy();
    expect(within(failed).getByText('4 credits given back')).toBeTruthy();
    const canceled = rowOf(id(5));
    expect(within(canceled).getByText('Canceled')).toBeTruthy();
    expect(within(canceled).getByRole('button', { name: 'Retry' })).toBeTruthy();

    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Task started again')).toBeTruthy();
    expect(bodiesOf(calls, '/speech-to-text/task/retry')).toEqual([{ taskId: id(4) }]);
    expect(await within(dialog()).findByRole('tab', { name: 'Error (1)' })).toBeTruthy();
    expect(within(dialog()).getByRole('tab', { name: 'Translating (3)' })).toBeTruthy();
    await waitFor(() => expect(rowOf(id(4))).toBeNull());
  });

  it('says a refused cancel in the user’s language', async () => {
    const speech = fakeSpeechState({ tasks: tasks() });
    const routes = fakeSpeechRoutes(speech);
    fakeApi({
      ...routes,
      'POST /speech-to-text/task/cancel': () => ({ status: 409, error: 'speech_task_not_cancelable' }),
    });
    renderApp('/account/change-password', { token: 'tok' });
    fireEvent.click(await screen.findByRole('button', { name: 'Translation tasks (2 in progress)' }));
    fireEvent.click(within(await findRow(id(1))).getByRole('button', { name: 'Cancel task' }));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Cancel task' }));
    expect(await screen.findByText('Only a task that is waiting or running can be canceled')).toBeTruthy();
  });

  it('is not in the header before the account has any task', async () => {
    const calls = open(fakeSpeechState());
    expect(await screen.findByTestId('account-menu')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.path === '/speech-to-text/task/list')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: /Translation tasks/ })).toBeNull();
  });

  it('speaks Chinese', async () => {
    open(fakeSpeechState({ tasks: tasks() }), 'zh_CN');
    fireEvent.click(await screen.findByRole('button', { name: '翻译任务（2 个进行中）' }));
    expect(await within(dialog()).findByText('任务中心')).toBeTruthy();
    expect(await within(dialog()).findByRole('tab', { name: '翻译中（2）' })).toBeTruthy();
    expect(within(rowOf(id(1))).getByText('英语 译为 法语、德语')).toBeTruthy();
    expect(within(rowOf(id(1))).getByText('5 分钟前开始 · 引擎：apertium · 8 积分')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('tab', { name: '出错（2）' }));
    const failed = await findRow(id(4));
    expect(within(failed).getByText('失败')).toBeTruthy();
    expect(within(failed).getByText('语音引擎未能及时响应：no answer in 60 s')).toBeTruthy();
    expect(within(failed).getByRole('button', { name: /重\s*试/ })).toBeTruthy();
  });
});
