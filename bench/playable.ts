import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { benchAccount, benchApi, benchSource, benchUpload, ratioLine, startBenchServer } from './support.ts';

// issue 4 bench:playable: from "upload complete" (the success call answered) to the first frame playing
// in Chromium through hls.js, divided by the source's duration. Target at most 0.05 for H.264/AAC.
const SECONDS = 60;
const require = createRequire(import.meta.url);

const source = await benchSource(SECONDS);
const bytes = await readFile(source);
const server = await startBenchServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required', '--disable-gpu'],
});
try {
  const { token } = await benchAccount(server);
  const call = benchApi(server, token);
  const { videoId, complete } = await benchUpload(server, token, bytes, 'bench.mp4');

  const page = await browser.newPage();
  // A blank page of the server's origin, without the console's CSP, to host hls.js as an embed would.
  await page.route('**/bench-blank', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><body></body>' }),
  );
  await page.goto(`${server.url}/bench-blank`);
  await page.addScriptTag({ path: require.resolve('hls.js/dist/hls.min.js') });
  await complete();
  const completedAt = performance.now();
  // The server's share: until the video says it is playable.
  const serverSide = (async () => {
    for (;;) {
      const video = await call<{ playable: boolean }>('GET', `/api/vod/video/detail?videoId=${videoId}`);
      if (video.playable) return (performance.now() - completedAt) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  // The page asks for the master playlist until it exists, then plays it and reports the first frame.
  const waitedMs = await page.evaluate(async (masterUrl) => {
    const started = performance.now();
    const Hls = (
      window as unknown as { Hls: new () => { loadSource(u: string): void; attachMedia(v: HTMLVideoElement): void } }
    ).Hls;
    for (;;) {
      const response = await fetch(masterUrl, { cache: 'no-store' });
      if (response.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const video = document.createElement('video');
    video.muted = true;
    document.body.append(video);
    const hls = new Hls();
    hls.loadSource(masterUrl);
    hls.attachMedia(video);
    await video.play().catch(() => undefined);
    await new Promise<void>((resolve) => {
      const check = () => (video.currentTime > 0 ? resolve() : requestAnimationFrame(check));
      check();
    });
    return performance.now() - started;
  }, `${server.url}/media/${videoId}/master.m3u8`);
  const totalSeconds = (performance.now() - completedAt) / 1000;
  console.log(`source: ${SECONDS} s 1080p30 H.264/AAC, ${(bytes.length / 1024 ** 2).toFixed(1)} MiB`);
  console.log(`server: playable after ${(await serverSide).toFixed(2)} s`);
  console.log(
    `page waited ${(waitedMs / 1000).toFixed(2)} s; upload complete to first frame ${totalSeconds.toFixed(2)} s`,
  );
  console.log(ratioLine('playable', `${totalSeconds.toFixed(2)} s for ${SECONDS} s`, totalSeconds / SECONDS, '<=0.05'));
} finally {
  await browser.close();
  await server.stop();
}
