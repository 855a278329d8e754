import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, constants } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { benchAccount, benchSource, benchUpload, median, ratioLine, startBenchServer } from './support.ts';

// bench:embed-weight: bytes on the wire before any interaction for a page holding our embed, against
// the same page holding lite-youtube-embed (from npm), both measured here in Chromium, each in a fresh browser
// context, in interleaved rounds (ours, theirs, ours, ...; ROUNDS each), the figure the ratio of the medians;
// then the bytes of script our embed adds when play is pressed against hls.light.min.js alone. Targets: at
// most 0.5, at most 1.15.
const ROUNDS = 5;
const run = promisify(execFile);
const require = createRequire(import.meta.url);
const lite = path.dirname(require.resolve('lite-youtube-embed/src/lite-yt-embed.js'));
const YOUTUBE_ID = 'ogfYd705cRs';

const source = await benchSource(20);
// YouTube's posters for the lite embed, made from the same frame at YouTube's sizes: hqdefault.jpg 480x360
// and the sddefault.webp that lite-youtube-embed upgrades to (640x480). No network here, so they are
// answered locally with what i.ytimg.com would send.
const hq = path.join(tmpdir(), 'leadreel-bench-hqdefault.jpg');
const sd = path.join(tmpdir(), 'leadreel-bench-sddefault.webp');
const frame = ['-hide_banner', '-loglevel', 'error', '-y', '-ss', '0.1', '-i', source, '-frames:v', '1'];
await run('ffmpeg', [...frame, '-vf', 'scale=480:270,pad=480:360:0:45', '-q:v', '4', hq]);
await run('ffmpeg', [...frame, '-vf', 'scale=640:360,pad=640:480:0:60', '-quality', '75', sd]);
const posters = { hq: await readFile(hq), sd: await readFile(sd) };

/** Every byte the page and its frames took from the network (headers and bodies) until it went quiet. */
function meter(page: Page) {
  let bytes = 0;
  const scripts = new Map<string, number>();
  // Each request's sizes are asked for as it finishes; the figures are read once every answer is in (on a
  // loaded machine one came after its page was closed, and failed the run).
  const asked: Promise<unknown>[] = [];
  page.on('requestfinished', (request) => {
    const sized = request.sizes().then((sizes) => {
      const total = sizes.responseBodySize + sizes.responseHeadersSize + sizes.requestHeadersSize;
      bytes += total;
      if (process.env.BENCH_VERBOSE)
        console.log(`  ${total} B ${request.url().slice(0, 90)} (${sizes.responseHeadersSize} B headers)`);
      if (request.resourceType() === 'script') scripts.set(new URL(request.url()).pathname, sizes.responseBodySize);
    });
    // One still asked for when the page closes is past the measure: its failure is not the run's.
    asked.push(sized.catch(() => undefined));
  });
  const bytesSoFar = async () => {
    await Promise.all(asked);
    return bytes;
  };
  return { bytes: bytesSoFar, scripts };
}

async function hostPage(body: string) {
  const server = http.createServer(async (request, response) => {
    if (request.url === '/lite-yt-embed.js' || request.url === '/lite-yt-embed.css') {
      const file = await readFile(path.join(lite, request.url.slice(1)));
      // Served as a CDN would: brotli.
      response.writeHead(200, {
        'content-type': request.url.endsWith('.js') ? 'text/javascript' : 'text/css',
        'content-encoding': 'br',
      });
      response.end(brotliCompressSync(file, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A customer's page</title></head><body><h1>Our product</h1>${body}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

async function measure(browser: Browser, body: string, play?: (page: Page) => Promise<void>) {
  const host = await hostPage(body);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.route('https://i.ytimg.com/**', (route) => {
    const webp = route.request().url().endsWith('.webp');
    return route.fulfill({
      contentType: webp ? 'image/webp' : 'image/jpeg',
      body: webp ? posters.sd : posters.hq,
    });
  });
  const metered = meter(page);
  try {
    await page.goto(host.url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const before = await metered.bytes();
    if (!play) return { before, after: before, scripts: metered.scripts };
    await play(page);
    await page.waitForTimeout(300);
    return { before, after: await metered.bytes(), scripts: metered.scripts };
  } finally {
    await context.close();
    host.close();
  }
}

const server = await startBenchServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
});
try {
  const { token } = await benchAccount(server);
  const upload = await benchUpload(server, token, await readFile(source), 'bench.mp4');
  await upload.complete();
  await upload.ready();
  const embed = `<iframe src="${server.url}/embed/${upload.videoId}" width="640" height="360" title="Product tour" style="border:0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`;
  const liteBody = `<link rel="stylesheet" href="/lite-yt-embed.css"><script src="/lite-yt-embed.js"></script><lite-youtube videoid="${YOUTUBE_ID}" playlabel="Play: Product tour" style="width:640px"></lite-youtube>`;

  const play = async (page: Page) => {
    const frame = page.frameLocator('iframe');
    await frame.getByRole('button', { name: /^Play video/ }).click();
    await frame.locator('video').evaluate(
      (video: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          const check = () => (video.currentTime > 0.2 ? resolve() : requestAnimationFrame(check));
          check();
        }),
    );
  };
  const ourRounds: Awaited<ReturnType<typeof measure>>[] = [];
  const theirRounds: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const ours = await measure(browser, embed, play);
    const theirs = await measure(browser, liteBody);
    ourRounds.push(ours);
    theirRounds.push(theirs.before);
    console.log(`round ${round}: our embed ${ours.before} B, lite-youtube-embed ${theirs.before} B`);
  }
  const ourBefore = median(ourRounds.map((round) => round.before));
  const theirBefore = median(theirRounds);
  // The round whose script bytes after play are the median's.
  const scriptBytes = (round: (typeof ourRounds)[number]) => [...round.scripts.values()].reduce((a, b) => a + b, 0);
  const ours = ourRounds.find(
    (round) => scriptBytes(round) === median(ourRounds.map(scriptBytes)),
  ) as (typeof ourRounds)[number];
  console.log(`before interaction (medians): our embed ${ourBefore} B, lite-youtube-embed ${theirBefore} B`);

  // What pressing play costs in code: every script our embed fetched, against hls.js light by itself as
  // the same server sends it (brotli).
  const hlsAlone = brotliCompressSync(await readFile(require.resolve('hls.js/dist/hls.light.min.js')), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
  const ourScripts = [...ours.scripts.values()].reduce((sum, size) => sum + size, 0);
  console.log(
    `scripts of our embed after play: ${[...ours.scripts].map(([name, size]) => `${name} ${size} B`).join(', ')}`,
  );
  console.log(`hls.light.min.js alone (brotli): ${hlsAlone} B; media after play: ${ours.after - ours.before} B`);
  console.log(
    `after play: ${ourScripts} B of script vs ${hlsAlone} B ratio=${(ourScripts / hlsAlone).toFixed(3)} target <=1.15`,
  );
  console.log(ratioLine('embed-weight', `${ourBefore} B vs ${theirBefore} B`, ourBefore / theirBefore, '<=0.5'));
} finally {
  await browser.close();
  await server.stop();
}
