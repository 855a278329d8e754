import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { benchAccount, benchSource, benchUpload, median, ratioLine, settle, startBenchServer } from './support.ts';

// bench:first-frame: how long a viewer waits between pressing play on our embed and its first picture. A
// customer's page holds the embed (640x360, on another origin); in Chromium with a cold cache (a new browser
// context for each click), the pointer moves over the player and rests there as a person's does before
// clicking (DWELL_MS), then clicks the play button. The time runs from the click (the frame's click event)
// to the video's first frame presented, as requestVideoFrameCallback reports it (its presentationTime).
// 10 clicks; the figure is their median. Target: at most 500 ms.
const CLICKS = 10;
/** How long the pointer rests over the player before the click: people's pointers rest a few hundred ms. */
const DWELL_MS = 300;
const TARGET_MS = 500;

/** A customer's page on another origin, holding the embed. */
async function hostPage(embedUrl: string) {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A customer's page</title></head><body><h1>Our product</h1><iframe src="${embedUrl}" width="640" height="360" title="Product tour" style="border:0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

/**
 * Runs in every frame before its scripts: notes the click, and hooks each <video> the player makes as it
 * is made (loadedmetadata, the first frame presented), on the frame's own clock (performance.now()).
 */
function instrument() {
  const marks: { click?: number; loadedmetadata?: number; frame?: number } = {};
  (window as unknown as { benchMarks: typeof marks }).benchMarks = marks;
  document.addEventListener('click', () => (marks.click ??= performance.now()), true);
  const create = Document.prototype.createElement;
  Document.prototype.createElement = function (this: Document, name: string, options?: ElementCreationOptions) {
    const element = create.call(this, name, options);
    if (element instanceof HTMLVideoElement) {
      element.addEventListener('loadedmetadata', () => (marks.loadedmetadata ??= performance.now()));
      element.requestVideoFrameCallback((_now, frame) => (marks.frame ??= frame.presentationTime));
    }
    return element;
  } as typeof Document.prototype.createElement;
}

type Round = {
  click: number;
  /** Each phase's end, in ms from the click (negative: before it, fetched on intent). */
  phases: Record<string, number | null>;
};

/** The phases printed for each click, in the order they happen. */
const PHASES = [
  'player.js',
  'hls.js',
  'controls.js',
  'master',
  'level playlist',
  'init segment',
  'first segment',
  'loadedmetadata',
  'first frame',
] as const;

const source = await benchSource(20);
const server = await startBenchServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const { token } = await benchAccount(server);
  const upload = await benchUpload(server, token, await readFile(source), 'bench.mp4');
  await upload.complete();
  await upload.ready();
  const host = await hostPage(`${server.url}/embed/${upload.videoId}`);
  const master = await (await fetch(`${server.url}/media/${upload.videoId}/master.m3u8`)).text();
  const rungs = [...master.matchAll(/RESOLUTION=(\d+x\d+)/g)].map((match) => match[1]);
  console.log(`video: 20 s 1080p30 source, rungs ${rungs.join(', ')}; pointer rests ${DWELL_MS} ms before the click`);
  console.log(
    'per click, ms from the click to the end of each phase (negative: before the click, fetched on intent); first frame from requestVideoFrameCallback',
  );

  const rounds: Round[] = [];
  for (let at = 0; at < CLICKS; at++) {
    await settle(5000);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(instrument);
    const page = await context.newPage();
    try {
      await page.goto(host.url, { waitUntil: 'networkidle' });
      const frame = page.frames().find((each) => each.url().includes('/embed/'));
      if (!frame) throw new Error('the embed did not load');
      const button = frame.getByRole('button', { name: /^Play video/ });
      const box = await button.boundingBox();
      if (!box) throw new Error('no play button');
      // From the page's corner to the button, as a hand moves a pointer, then a rest, then the click.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
      await page.waitForTimeout(DWELL_MS);
      await page.mouse.down();
      await page.mouse.up();
      await frame.waitForFunction(
        () => (window as unknown as { benchMarks: { frame?: number } }).benchMarks.frame !== undefined,
        undefined,
        { timeout: 15_000 },
      );
      const round = await frame.evaluate(() => {
        const marks = (window as unknown as { benchMarks: { click: number; loadedmetadata?: number; frame: number } })
          .benchMarks;
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const ended = (test: (path: string) => boolean) => {
          const entry = resources.find((each) => test(new URL(each.name).pathname));
          return entry ? entry.responseEnd - marks.click : null;
        };
        return {
          click: marks.click,
          phases: {
            'player.js': ended((path) => path === '/player/player.js'),
            'hls.js': ended((path) => path.startsWith('/player/hls')),
            'controls.js': ended((path) => path === '/player/controls.js'),
            master: ended((path) => path.endsWith('/master.m3u8')),
            'level playlist': ended((path) => /\/hls\/.+\.m3u8$/.test(path)),
            'init segment': ended((path) => /\/init[^/]*\.mp4$/.test(path)),
            'first segment': ended((path) => /\.(m4s|ts)$/.test(path)),
            loadedmetadata: marks.loadedmetadata === undefined ? null : marks.loadedmetadata - marks.click,
            'first frame': marks.frame - marks.click,
          },
        };
      });
      const rung = await frame.evaluate(() => {
        const first = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((each) =>
          /\.(m4s|ts)$/.test(each.name),
        );
        return first ? (new URL(first.name).pathname.split('/').at(-2) ?? '') : '';
      });
      rounds.push(round);
      const shown = PHASES.map((phase) => {
        const value = round.phases[phase];
        return `${phase} ${value === null || value === undefined ? '-' : Math.round(value)}`;
      });
      console.log(`click ${at + 1}: ${shown.join(', ')} (first segment from ${rung})`);
    } finally {
      await context.close();
    }
  }

  const firstFrames = rounds.map((round) => round.phases['first frame'] as number);
  const figure = Math.round(median(firstFrames));
  if (figure > TARGET_MS) {
    // Where the time goes: each phase's median end, and what it adds to the one before it.
    let before = 0;
    for (const phase of PHASES) {
      const values = rounds.map((round) => round.phases[phase]).filter((value): value is number => value != null);
      if (values.length === 0) continue;
      const end = median(values);
      console.log(`  ${phase}: ends at ${Math.round(end)} ms (+${Math.round(Math.max(0, end - before))} ms)`);
      before = Math.max(before, end);
    }
  }
  console.log(`first frame after the click, each: ${firstFrames.map((value) => Math.round(value)).join(', ')} ms`);
  console.log(ratioLine('first-frame', `${figure} ms`, figure / TARGET_MS, `<=1.0`));
  host.close();
} finally {
  await browser.close();
  await server.stop();
}
