import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnalyticsBatch, PlayEvent } from '@leadreel/shared/contracts/analytics';
import { expect, test } from '@playwright/test';
import { failOnPageProblems, snap } from './support.ts';
import { signUpByApi } from './support-console.ts';
import { uploadVideo } from './support-video.ts';

// the player's side: what a viewing sends to /api/public/events, and that the server takes it.
//
// Playwright's headless Chromium says "HeadlessChrome" in its user agent, which isbot takes for a bot: the
// server checks each batch against the contract (400 for a malformed one), then answers 204 and stores
// nothing of it. So this test holds the batches to what the browser sent and to the 204s; what is stored is
// the server's tests' part (analytics.int.test.ts).
failOnPageProblems(test);

const EVENTS = '/api/public/events';

/** How many of `intervals` hold second `t`. */
const timesWatched = (intervals: [number, number][], t: number) =>
  intervals.filter(([from, to]) => from <= t && t <= to).length;

test('a viewing sends its load, play, seek, pause and the seconds watched, a part watched again twice', async ({
  page,
}) => {
  const { token } = await signUpByApi(page);
  const videoId = await uploadVideo(page.request, token, 'analytics-tour.mp4');

  const sent: { body: AnalyticsBatch; type: string }[] = [];
  const answers: number[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== EVENTS) return;
    sent.push({ body: JSON.parse(request.postData() ?? 'null'), type: request.headers()['content-type'] ?? '' });
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === EVENTS) answers.push(response.status());
  });
  const events = () => sent.flatMap(({ body }) => body.events);
  const ofKind = (kind: PlayEvent['kind']) => events().filter((event) => event.kind === kind);

  await page.goto(`/v/${videoId}`);
  const video = page.locator('video');
  // Waits in the page, not by polling from here, so a slow machine does not play on to the end meanwhile.
  const reach = (second: number, pause = false) =>
    video.evaluate(
      (v: HTMLVideoElement, [second, pause]) =>
        new Promise<void>((resolve) => {
          const check = () => {
            if (v.currentTime <= second) return;
            v.removeEventListener('timeupdate', check);
            if (pause) v.pause();
            resolve();
          };
          v.addEventListener('timeupdate', check);
        }),
      [second, pause] as const,
    );
  await page.getByRole('button', { name: /^Play video: / }).click();
  // The six-second video plays past its fourth second, then goes back to the start (Home, in the player) and
  // plays its first two seconds again.
  await reach(4);
  await page.keyboard.press('Home');
  await reach(2, true);
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await snap(page, 'analytics-collection');

  // The viewer switches tabs: what waits is sent at once.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => ofKind('pause').length).toBe(1);

  // Every batch is one viewing's, sent as a beacon (text/plain, so no CORS preflight), and taken with 204.
  await expect.poll(() => answers.length).toBe(sent.length);
  expect(answers.every((status) => status === 204)).toBe(true);
  for (const { body, type } of sent) {
    expect(type).toMatch(/^text\/plain/);
    expect(body).toMatchObject({ videoId, page: expect.stringContaining(`/v/${videoId}`) });
    expect(body.sessionId).toBe(sent[0]?.body.sessionId);
    expect(body.viewerId).toMatch(/^[0-9a-f]{32}$/);
  }
  const ids = events().map((event) => event.id);
  expect(new Set(ids).size).toBe(ids.length);

  // The facade once, then play from the start.
  expect(ofKind('load')).toEqual([expect.objectContaining({ position: 0 })]);
  expect(ofKind('play')[0]?.position).toBeLessThan(0.5);
  expect(events().findIndex((event) => event.kind === 'load')).toBe(0);
  // The rendition played: the upload's one rung, 360p.
  expect(ofKind('rendition').map((event) => event.rendition)).toEqual([360]);

  // The seek back: from where it was, to the start. (hls.js may nudge the start by a frame: a seek of its own.)
  const back = ofKind('seek').find((event) => (event.from ?? 0) >= 4);
  expect(back?.position).toBeLessThan(0.5);
  const firstEnd = back?.from ?? 0;
  const pausedAt = ofKind('pause')[0]?.position ?? 0;
  expect(pausedAt).toBeGreaterThanOrEqual(2);
  expect(pausedAt).toBeLessThan(firstEnd);

  // The heartbeats: the seconds watched, the first two twice, the rest once; nothing past the pause again.
  const intervals = ofKind('heartbeat').flatMap((event) => event.intervals ?? []);
  for (const [from, to] of intervals) {
    expect(from).toBeLessThanOrEqual(to);
    expect(to).toBeLessThanOrEqual(firstEnd);
  }
  for (let t = 0.5; t <= 2; t += 0.1) expect(timesWatched(intervals, t), `second ${t}`).toBe(2);
  expect(firstEnd - pausedAt).toBeGreaterThan(0.6);
  for (let t = pausedAt + 0.3; t < firstEnd - 0.3; t += 0.1) expect(timesWatched(intervals, t), `second ${t}`).toBe(1);
  // Each heartbeat comes before what stopped the playing it reports.
  const kinds = events().map((event) => event.kind);
  expect(kinds[kinds.indexOf('pause') - 1]).toBe('heartbeat');
});

/**
 * A customer's site on another origin than the server's: `/` holds an embed, `/next` is a page of its own, and
 * everything else goes through to the server, so the embed (framed from 127.0.0.1, the host page is localhost)
 * sends its batches here. Each batch is kept as it arrived, with the server's answer: what the network carried,
 * whatever Playwright sees of a frame being taken down.
 */
async function customerSite(server: string, videoId: string) {
  const batches: { body: AnalyticsBatch; status: number }[] = [];
  const site = http.createServer((request, response) => {
    const port = (site.address() as AddressInfo).port;
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname === '/' || pathname === '/next') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        pathname === '/'
          ? `<!doctype html><title>Customer</title><iframe src="http://127.0.0.1:${port}/embed/${videoId}" width="640" height="360" allow="autoplay"></iframe>`
          : '<!doctype html><title>Next</title><h1>Another page</h1>',
      );
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const upstream = http.request(
        new URL(request.url ?? '/', server),
        { method: request.method, headers: { ...request.headers, host: new URL(server).host } },
        (answer) => {
          if (pathname === EVENTS)
            batches.push({ body: JSON.parse(body.toString('utf8')), status: answer.statusCode ?? 0 });
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.writeHead(502).end());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const port = (site.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    batches,
    // The browser keeps its connections open: they are ended, or close would wait for them.
    close: () =>
      new Promise<void>((resolve) => {
        site.close(() => resolve());
        site.closeAllConnections();
      }),
  };
}

test('an embed playing when its host page is left still sends the seconds it watched last', async ({
  page,
  baseURL,
}) => {
  const { token } = await signUpByApi(page);
  const videoId = await uploadVideo(page.request, token, 'analytics-leave.mp4');
  const site = await customerSite(baseURL as string, videoId);
  try {
    await page.goto(site.url);
    const frame = page.frameLocator('iframe');
    const video = frame.locator('video');
    await frame.getByRole('button', { name: /^Play video: / }).click();
    // Waited for in the frame, then the time read at once: the viewer leaves while the video plays on.
    const leftAt = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          const check = () => {
            if (v.currentTime <= 2.5) return;
            v.removeEventListener('timeupdate', check);
            resolve(v.currentTime);
          };
          v.addEventListener('timeupdate', check);
        }),
    );
    await page.goto(`${site.url}/next`);

    // Ten seconds of heartbeat have not passed, so only the beacon sent as the frame went can carry these.
    const watched = () =>
      site.batches
        .flatMap(({ body }) => body.events)
        .flatMap((event) => event.intervals ?? [])
        .reduce((furthest, [, to]) => Math.max(furthest, to), 0);
    await expect.poll(watched, { timeout: 30_000 }).toBeGreaterThanOrEqual(Math.floor(leftAt * 10) / 10 - 0.3);
    expect(site.batches.map(({ status }) => status).every((status) => status === 204)).toBe(true);
    expect(site.batches.every(({ body }) => body.videoId === videoId)).toBe(true);
  } finally {
    await site.close();
  }
});
