import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { siteContact } from '@leadreel/shared';
import autocannon from 'autocannon';
import { createDb } from '../apps/server/src/db/database.ts';
import { precompress } from '../apps/server/src/site/compress.ts';
import { benchAccount, benchApi, benchDatabaseUrl, median, pageLoad, ratioLine, startBenchServer } from './support.ts';

// bench:site-page: requests per second of a public site's home, /sites/{id} (12 visible categories of 20
// ready videos each, 240 in all), against the same HTML served as a static file by the same server, 50
// connections each, with p99 latency. Target: at least 0.5. The two alternate, round by round, so a slow
// minute of the machine slows both; each figure is the median of its rounds.
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CATEGORIES = 12;
const VIDEOS_PER_CATEGORY = 20;
const ROOT = path.resolve(import.meta.dirname, '..');

// The static copy lives in the console's folder of this server (a copy of it, so the build stays clean).
const webDist = await mkdtemp(path.join(tmpdir(), 'leadreel-bench-web-'));
await copyFile(path.join(ROOT, 'apps/web/dist/index.html'), path.join(webDist, 'index.html'));
const server = await startBenchServer({ WEB_DIST: webDist });
const db = createDb(await benchDatabaseUrl(server), 2);

/** A Pro account's site under a brand, with its categories of ready videos made in the database. */
async function siteWithVideos() {
  const { email, token } = await benchAccount(server);
  const call = benchApi(server, token);
  // Sites come with the Pro plan; the brand a site is shown under needs a verified domain, made here as
  // the DNS check would.
  const account = await db
    .updateTable('account')
    .set({ plan_type: 'Pro' })
    .where('email', '=', email)
    .returning(['id', 'default_folder_id'])
    .executeTakeFirstOrThrow();
  const domain = await db
    .insertInto('custom_domain')
    .values({
      account_id: account.id,
      domain: `v-${randomBytes(4).toString('hex')}.example.com`,
      token: randomBytes(8).toString('hex'),
      status: 'verified',
      active: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const brand = await call<{ id: string }>('POST', '/api/brand/add', {
    name: 'Acme',
    logo: null,
    favicon: null,
    pageBackgroundColor: '#ffffff',
    buttonColor: '#1677ff',
    buttonFontColor: '#000000',
    domainId: domain.id,
  });
  const site = await call<{ id: string }>('POST', '/api/brand-channel/add', {
    brandId: brand.id,
    profile: {
      name: 'Acme Videos',
      description: 'Product tours, installation guides and customer stories',
      banner: null,
      picture: null,
      contact: Object.fromEntries(Object.keys(siteContact.shape).map((link) => [link, null])),
    },
  });
  // Ready videos as a worker leaves them once their renditions are out (the upload pipeline has its own
  // benchmarks): playable, with a thumbnail the cards link to.
  const videos = await db
    .insertInto('video')
    .values(
      Array.from({ length: CATEGORIES * VIDEOS_PER_CATEGORY }, (_, n) => ({
        account_id: account.id,
        folder_id: account.default_folder_id as string,
        name: `Product tour ${String(n + 1).padStart(3, '0')}.mp4`,
        status: 'ready' as const,
        playable: true,
        size: 1,
        source_key: `sources/bench-${n}`,
        part_size: 1,
        duration_sec: 75,
        width: 1280,
        height: 720,
        media: JSON.stringify({
          master: 'master.m3u8',
          renditions: [],
          poster: 'poster.jpg',
          thumbnail: 'thumbnail.jpg',
          storyboard: null,
          preview: null,
          bytes: 1,
        }) as never,
      })),
    )
    .returning('id')
    .execute();
  for (let c = 0; c < CATEGORIES; c++) {
    await call('POST', '/api/brand-channel/category/add', {
      siteId: site.id,
      name: `Category ${c + 1}`,
      description: `Videos of category ${c + 1}`,
      visible: true,
      videoIds: videos.slice(c * VIDEOS_PER_CATEGORY, (c + 1) * VIDEOS_PER_CATEGORY).map((video) => video.id),
    });
  }
  return site.id;
}

try {
  const siteUrl = `${server.url}/sites/${await siteWithVideos()}`;
  const html = await (await fetch(siteUrl)).text();
  const shown = html.match(/<section class="site-row" aria-labelledby="c-/g)?.length ?? 0;
  if (shown !== CATEGORIES) throw new Error(`the home shows ${shown} categories, not ${CATEGORIES}`);
  // With its brotli copy beside it, as the console's build leaves its files: the static server then sends
  // the same compressed bytes the page does, and the ratio weighs the page's making, not 10 times the bytes.
  await writeFile(path.join(webDist, 'site.html'), html);
  await writeFile(path.join(webDist, 'site.html.br'), precompress(Buffer.from(html)).br);
  const staticUrl = `${server.url}/site.html`;
  const copy = await fetch(staticUrl, { headers: { 'accept-encoding': 'br' } });
  if (copy.headers.get('content-encoding') !== 'br' || (await copy.text()) !== html)
    throw new Error('the static copy differs');

  // Warm both (JIT, connection pools), then measure them in turn.
  await autocannon({ url: siteUrl, connections: 10, duration: 2 });
  await autocannon({ url: staticUrl, connections: 10, duration: 2 });
  console.log(`${html.length} B of HTML, ${CONNECTIONS} connections, ${SECONDS} s each, ${ROUNDS} rounds`);
  const pages: Awaited<ReturnType<typeof pageLoad>>[] = [];
  const files: Awaited<ReturnType<typeof pageLoad>>[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const page = await pageLoad(siteUrl, CONNECTIONS, SECONDS);
    const file = await pageLoad(staticUrl, CONNECTIONS, SECONDS);
    pages.push(page);
    files.push(file);
    console.log(
      `round ${round}: /sites/{id} ${page.rps.toFixed(0)} req/s, p99 ${page.p99} ms; ` +
        `static ${file.rps.toFixed(0)} req/s, p99 ${file.p99} ms`,
    );
  }
  const pageRps = median(pages.map((each) => each.rps));
  const fileRps = median(files.map((each) => each.rps));
  const p99 = median(pages.map((each) => each.p99));
  console.log(
    ratioLine(
      'site-page',
      `${pageRps.toFixed(0)} req/s vs ${fileRps.toFixed(0)} req/s, p99 ${p99} ms`,
      pageRps / fileRps,
      '>=0.5',
    ),
  );
} finally {
  await db.destroy();
  await server.stop();
  await rm(webDist, { recursive: true, force: true });
}
