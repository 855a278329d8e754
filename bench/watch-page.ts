import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { lighthousePerformance } from './lighthouse.ts';
import { benchAccount, benchSource, benchUpload, ratioLine, startBenchServer } from './support.ts';

// bench:watch-page: requests per second of /v/{id} (rendered per request from the database) against
// the same HTML served as a static file by the same server, 50 connections each, with p99 latency.
// Target: at least 0.5. Beside it, Lighthouse's mobile performance of the watch page (moved here from the
// e2e test: a score that measures speed is a benchmark's figure).
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROOT = path.resolve(import.meta.dirname, '..');

// The static copy lives in the console's folder of this server (a copy of it, so the build stays clean).
const webDist = await mkdtemp(path.join(tmpdir(), 'leadreel-bench-web-'));
await copyFile(path.join(ROOT, 'apps/web/dist/index.html'), path.join(webDist, 'index.html'));
const server = await startBenchServer({ WEB_DIST: webDist });

async function load(url: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'accept-encoding': 'br' },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

try {
  const { token } = await benchAccount(server);
  const upload = await benchUpload(server, token, await readFile(await benchSource(10)), 'bench.mp4');
  await upload.complete();
  await upload.ready();
  const watchUrl = `${server.url}/v/${upload.videoId}`;
  const html = await (await fetch(watchUrl)).text();
  await writeFile(path.join(webDist, 'watch.html'), html);
  const staticUrl = `${server.url}/watch.html`;
  if ((await (await fetch(staticUrl)).text()) !== html) throw new Error('the static copy differs');

  // Warm both (JIT, connection pools), then measure each in turn.
  await autocannon({ url: watchUrl, connections: 10, duration: 2 });
  await autocannon({ url: staticUrl, connections: 10, duration: 2 });
  const page = await load(watchUrl);
  const file = await load(staticUrl);
  console.log(`${html.length} B of HTML, ${CONNECTIONS} connections, ${SECONDS} s each`);
  console.log(`/v/{id}: ${page.rps.toFixed(0)} req/s, p99 ${page.p99} ms`);
  console.log(`static:  ${file.rps.toFixed(0)} req/s, p99 ${file.p99} ms`);
  const lighthouse = await lighthousePerformance(watchUrl, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
  console.log(`Lighthouse mobile performance of /v/{id}: ${lighthouse.score}; ${lighthouse.metrics}`);
  console.log(
    ratioLine(
      'watch-page',
      `${page.rps.toFixed(0)} req/s vs ${file.rps.toFixed(0)} req/s, p99 ${page.p99} ms`,
      page.rps / file.rps,
      '>=0.5',
    ),
  );
} finally {
  await server.stop();
  await rm(webDist, { recursive: true, force: true });
}
