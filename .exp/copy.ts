import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { uuid } from '../apps/player/src/analytics.ts';
import { arrayLiteral } from '../apps/server/src/modules/analytics/events.repo.ts';

const url = process.argv[2];
const client = new pg.Client(url);
await client.connect();
await client.query(readFileSync('/tmp/copyexp/setup.sql', 'utf8'));
const pid = (await client.query('select pg_backend_pid() as p')).rows[0].p;
const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10_000; }; // µs
const ROWS = 50_000, CHUNK = 5000;
type Row = { id: string; at: number; kind: string; position: number; data: string; src: number };
const account = randomUUID(), video = randomUUID();
function rows(): Row[] {
  const out: Row[] = [];
  const now = Date.now();
  for (let b = 0; b < ROWS / 10; b++) for (let i = 0; i < 10; i++) out.push({ id: uuid(), at: now - i, kind: 'heartbeat', position: i, data: `{"intervals":[[${i},${i + 1}]]}`, src: b });
  return out;
}
const srcOf = (b: number) => ({ account_id: account, video_id: video, session_id: `bench-session-${b}`, viewer_id: `bench-viewer-${b}`, page: 'https://customer.example.test/pricing', referrer: 'https://search.example.test/', device: 'desktop', browser: 'Chrome', os: 'Windows', country: null as string | null });

async function unnest(all: Row[]) {
  for (let i = 0; i < all.length; i += CHUNK) {
    const chunk = all.slice(i, i + CHUNK);
    const srcIdx = [...new Set(chunk.map((r) => r.src))];
    const ord = new Map(srcIdx.map((s, k) => [s, k + 1]));
    const srcs = srcIdx.map(srcOf);
    const f = (p: (s: ReturnType<typeof srcOf>) => string | null) => arrayLiteral(srcs.map(p));
    await client.query(`insert into analytics_event (event_id, at, account_id, video_id, session_id, viewer_id, kind, position,
            data, page, referrer, device, browser, os, country)
          select e.id, to_timestamp(e.at / 1000), s.account_id, s.video_id, s.session_id, s.viewer_id, e.kind,
            e.position, e.data, s.page, s.referrer, s.device, s.browser, s.os, s.country
          from unnest($1::int[], $2::uuid[], $3::float8[], $4::text[], $5::real[], $6::text[]) as e(source, id, at, kind, position, data)
          join unnest($7::uuid[], $8::uuid[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[])
            with ordinality as s(account_id, video_id, session_id, viewer_id, page, referrer, device, browser, os, country, ordinal)
            on s.ordinal = e.source`, [
      arrayLiteral(chunk.map((r) => ord.get(r.src) as number)), arrayLiteral(chunk.map((r) => r.id)), arrayLiteral(chunk.map((r) => r.at)),
      arrayLiteral(chunk.map((r) => r.kind)), arrayLiteral(chunk.map((r) => r.position)), arrayLiteral(chunk.map((r) => r.data)),
      f((s) => s.account_id), f((s) => s.video_id), f((s) => s.session_id), f((s) => s.viewer_id), f((s) => s.page), f((s) => s.referrer), f((s) => s.device), f((s) => s.browser), f((s) => s.os), f((s) => s.country)]);
  }
}
const esc = (v: string | null) => (v === null ? '\\N' : v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')));
async function copy(all: Row[], chunk = CHUNK) {
  for (let i = 0; i < all.length; i += chunk) {
    let text = '';
    for (const r of all.slice(i, i + chunk)) {
      const s = srcOf(r.src);
      text += `${r.id}\t${new Date(r.at).toISOString()}\t${s.account_id}\t${s.video_id}\t${esc(s.session_id)}\t${esc(s.viewer_id)}\t${r.kind}\t${r.position}\t${esc(r.data)}\t${esc(s.page)}\t${esc(s.referrer)}\t${s.device}\t${s.browser}\t${s.os}\t${esc(s.country)}\n`;
    }
    await new Promise<void>((resolve, reject) => {
      const stream = client.query(copyFrom('copy analytics_event (event_id, at, account_id, video_id, session_id, viewer_id, kind, position, data, page, referrer, device, browser, os, country) from stdin'));
      stream.on('finish', resolve); stream.on('error', reject);
      stream.end(text);
    });
  }
}
for (let round = 0; round < 3; round++) {
  for (const [name, fn] of [['unnest', unnest], ['copy', copy]] as const) {
    const data = rows();
    await client.query('truncate analytics_event');
    await client.query('checkpoint');
    const c0 = cpu(); const t0 = performance.now();
    await fn(data);
    const c1 = cpu(); const t1 = performance.now();
    console.log(`${name}: ${((c1 - c0) / ROWS).toFixed(2)} µs PG CPU/event, ${((t1 - t0) * 1000 / ROWS).toFixed(2)} µs wall/event`);
  }
}
await client.end();
