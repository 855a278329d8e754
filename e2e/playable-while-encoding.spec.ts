import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { childrenOf, freePort, type Running, startServer, WORKER } from '../apps/server/test/processes.ts';
import { snap } from './support.ts';
import { signUpByApi } from './support-console.ts';
import { ownLeadReel } from './support-server.ts';

// A long video plays while it encodes, its quality menu gains the renditions as they are made, and a worker
// killed with -9 mid-encode leaves a video that still finishes and plays on every rendition. A LeadReel of
// its own runs no jobs; a worker process beside it does them, so the test can kill it.
const run = promisify(execFile);

/** The address of a LeadReel's embedded PostgreSQL: its password file, and the port in postmaster.pid (4th line). */
async function databaseUrl(dataDir: string) {
  const password = (await readFile(path.join(dataDir, '.postgres-password'), 'utf8')).trim();
  const pid = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(pid.split('\n')[3])}/leadreel`;
}

/** The video as the console reads it. */
async function detail(page: Page, token: string, videoId: string) {
  const response = await page.request.get(`/api/vod/video/detail?videoId=${videoId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()).data as { status: string; playable: boolean };
}

/** Waits until the player shows moving pictures: its time goes on past `after` seconds. */
async function plays(page: Page, after = 0.5) {
  await expect
    .poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 120_000 })
    .toBeGreaterThan(after);
}

test('a 10-minute video plays while it encodes, gains renditions, and survives kill -9 of its worker', async ({
  browser,
}) => {
  // The retried encode runs at nice 15: on a loaded machine it yields to everything else and takes its time.
  test.setTimeout(1_200_000);
  // Ten minutes at 12 fps, 480p, MPEG-4 Part 2 in AVI: a file browsers cannot play as it is, so every
  // rendition is encoded, the smallest first.
  const work = await mkdtemp(path.join(tmpdir(), 'leadreel-e2e-long-'));
  const file = path.join(work, 'factory-tour.avi');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=854x480:rate=12:duration=600'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=330:duration=600'],
    ...['-c:v', 'mpeg4', '-q:v', '12', '-c:a', 'libmp3lame', '-b:a', '64k', file],
  ]);
  const leadreel = await ownLeadReel({ WORKERS: '0', DEFAULT_PLAN: 'Pro' });
  const env = { DATABASE_URL: await databaseUrl(leadreel.dataDir), WORKERS: '1', LOG_LEVEL: 'warn' };
  const startWorker = async () => startServer(leadreel.dataDir, await freePort(), env, WORKER);
  let worker: Running = await startWorker();
  const context = await browser.newContext({ baseURL: leadreel.url });
  try {
    const page = await context.newPage();
    const { token } = await signUpByApi(page, leadreel.dataDir);

    // Uploaded through the console.
    await page.goto(`/videos/index?token=${token}`);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.locator('.ant-upload input[type=file]').setInputFiles(file);
    const task = page.locator('.upload-task', { hasText: 'factory-tour.avi' });
    await expect(task.locator('.ant-tag')).toHaveText('Uploaded', { timeout: 240_000 });
    await page.locator('.ant-drawer-close').click();
    const row = page.locator('.ant-table-row', { hasText: 'factory-tour' });
    // The console says it plays before it is ready.
    await expect(row.getByText('Already playable')).toBeVisible({ timeout: 120_000 });
    await expect(row.getByText('10:00')).toBeVisible();
    await snap(page, 'videos-playable-while-encoding');
    const videoId = (await row.getAttribute('data-row-key')) as string;
    expect((await detail(page, token, videoId)).status).toBe('processing');

    // Its watch page plays it, still encoding.
    const viewer = await context.newPage();
    await viewer.goto(`/v/${videoId}`);
    await viewer.getByRole('button', { name: /^Play video/ }).click();
    await plays(viewer);
    expect((await detail(page, token, videoId)).status).toBe('processing');
    // Its timeline is the whole ten minutes, not the part encoded so far.
    await expect(viewer.locator('.lr-time')).toHaveText(/ 10:00$/);
    await snap(viewer, 'watch-playing-while-encoding');
    // The larger renditions join the quality menu as they are made (opening the menu asks for them).
    const quality = viewer.getByRole('combobox', { name: 'Quality' });
    await expect(quality.locator('option')).toContainText(['Auto', '360p']);
    await expect
      .poll(
        async () => {
          await quality.dispatchEvent('pointerdown');
          return quality.locator('option').allTextContents();
        },
        { timeout: 240_000 },
      )
      .toEqual(['Auto', '480p', '360p']);
    expect((await detail(page, token, videoId)).status).toBe('processing');
    await snap(viewer, 'watch-page-while-encoding');

    // kill -9 of the worker while the larger renditions encode; another takes the job over.
    const ladder = await childrenOf(worker.child.pid as number);
    expect((await detail(page, token, videoId)).status).toBe('processing');
    expect(ladder.some((child) => child.command.includes('-var_stream_map'))).toBe(true);
    worker.child.kill('SIGKILL');
    await worker.exited;
    worker = await startWorker();
    await expect
      .poll(async () => (await detail(page, token, videoId)).status, { timeout: 900_000, intervals: [1000] })
      .toBe('ready');

    // Finished: it plays on every rendition.
    await viewer.goto(`/v/${videoId}`);
    await viewer.getByRole('button', { name: /^Play video/ }).click();
    await plays(viewer);
    await expect(quality.locator('option')).toHaveText(['Auto', '480p', '360p']);
    for (const height of [480, 360]) {
      await quality.selectOption(`${height}p`);
      await expect
        .poll(() => viewer.locator('video').evaluate((video: HTMLVideoElement) => video.videoHeight), {
          timeout: 60_000,
        })
        .toBe(height);
      const at = await viewer.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);
      await plays(viewer, at + 0.5);
    }
    await snap(viewer, 'watch-page-after-worker-crash');
  } finally {
    await context.close();
    worker.child.kill('SIGKILL');
    await worker.exited;
    await leadreel.close();
    await rm(work, { recursive: true, force: true });
  }
});
