import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createLeadReelClient, uploadVideo } from '@leadreel/api-client/source';
import { MESSAGES, type PlanType } from '@leadreel/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountOnPlan, leadFrom, videoWithForm } from '../../../test/factories.ts';
import { post, useTestApp } from '../../../test/helpers.ts';
import { encodeCursor } from '../../db/keyset.ts';
import type { JobQueue } from '../jobs/jobs.ts';

// the public API through the generated client, on a listening server and the real
// PostgreSQL and storage. The limit is small so the rate-limit test reaches it with few requests; every
// other test uses a key of its own account, and each key has its own window.
const LIMIT = 40;
// Jobs go nowhere: the pipeline is tested elsewhere; here an upload ends queued for it.
const queue: JobQueue = { send: async () => undefined };
const t = useTestApp({ API_RATE_LIMIT_PER_MINUTE: String(LIMIT) }, { queue });
let base = '';

// The file's app closes the listener with itself.
beforeAll(async () => {
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});

/** An account on a plan, its API key's secret and a client holding it. */
async function developer(plan: PlanType = 'Pro') {
  const owner = await accountOnPlan(t, plan === 'Free' ? 'Pro' : plan);
  const key = await post(t.app, '/api/api-key/create', { name: 'tests' }, owner.token);
  if (plan === 'Free')
    await t.db.updateTable('account').set({ plan_type: 'Free' }).where('id', '=', owner.accountId).execute();
  const secret: string = key.body.data.secret;
  return {
    ...owner,
    keyId: key.body.data.id as string,
    secret,
    api: createLeadReelClient({ baseUrl: base, apiKey: secret }),
  };
}

/** A request by hand, for what the typed client will not send. */
const raw = (init: RequestInit & { path: string; secret?: string }) =>
  fetch(`${base}/api/v1${init.path}`, {
    ...init,
    headers: {
      ...(init.secret ? { authorization: `Bearer ${init.secret}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string>),
    },
  });

const submitLead = (videoId: string, name: string, from: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/lead',
    payload: leadFrom(videoId, { name }),
    remoteAddress: from,
  });

describe('the public API: keys', () => {
  it('refuses a missing, malformed, unknown, rotated or revoked key with 401, and a plan without API access with 403', async () => {
    const dev = await developer();
    const unknown = `lr_${'a'.repeat(43)}`;
    for (const authorization of [
      undefined,
      'Bearer lr_short',
      `Bearer ${unknown}`,
      `Basic ${dev.secret}`,
      dev.secret,
    ]) {
      const answer = await raw({ path: '/folders', headers: authorization ? { authorization } : {} });
      expect(answer.status, String(authorization)).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(await answer.json()).toMatchObject({ statusCode: 401, error: 'api_key_invalid' });
    }
    // What fetch will not send: NUL, a lone surrogate, a key 10,000 characters long.
    for (const secret of [`${dev.secret}\u0000`, `${dev.secret}\ud800`, `lr_${'a'.repeat(10_000)}`]) {
      const answer = await t.app.inject({ url: '/api/v1/folders', headers: { authorization: `Bearer ${secret}` } });
      expect([answer.statusCode, answer.json().error]).toEqual([401, 'api_key_invalid']);
    }
    expect((await dev.api.GET('/folders')).response.status).toBe(200);

    const rotated = await post(t.app, '/api/api-key/change', { id: dev.keyId }, dev.token);
    expect((await raw({ path: '/folders', secret: dev.secret })).status).toBe(401);
    const fresh = createLeadReelClient({ baseUrl: base, apiKey: rotated.body.data.secret });
    expect((await fresh.GET('/folders')).response.status).toBe(200);
    await post(t.app, '/api/api-key/revoke', { id: dev.keyId }, dev.token);
    expect((await fresh.GET('/folders')).response.status).toBe(401);

    const lapsed = await developer('Free');
    const refused = await lapsed.api.GET('/videos');
    expect(refused.response.status).toBe(403);
    expect(refused.error).toMatchObject({ error: 'api_key_not_allowed', message: MESSAGES.api_key_not_allowed });
  });

  it('admits no more than the limit a minute per key, under 20 concurrent clients, with RateLimit headers', async () => {
    const dev = await developer();
    const other = await developer();
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const statuses: { status: number; remaining: string | null; retryAfter: string | null }[] = [];
        for (let i = 0; i < 3; i += 1) {
          const answer = await raw({ path: '/folders', secret: dev.secret });
          await answer.arrayBuffer();
          statuses.push({
            status: answer.status,
            remaining: answer.headers.get('ratelimit-remaining'),
            retryAfter: answer.headers.get('retry-after'),
          });
        }
        return statuses;
      }),
    );
    const all = answers.flat();
    expect(all.filter((answer) => answer.status === 200)).toHaveLength(LIMIT);
    const refused = all.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(60 - LIMIT);
    for (const answer of refused) {
      expect(answer.remaining).toBe('0');
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    // Each admitted request saw a different place in the window: the count is exact, not approximate.
    const remaining = all.filter((answer) => answer.status === 200).map((answer) => Number(answer.remaining));
    expect(new Set(remaining).size).toBe(LIMIT);
    const fine = await other.api.GET('/folders');
    expect(fine.response.status).toBe(200);
    expect(fine.response.headers.get('ratelimit-limit')).toBe(String(LIMIT));
    expect(fine.response.headers.get('ratelimit-remaining')).toBe(String(LIMIT - 1));
    expect(fine.response.headers.get('ratelimit-policy')).toBe(`${LIMIT};w=60`);
  });
});

describe('the public API: videos and uploads', () => {
  it('uploads a file through the client in parts, then lists, renames, moves and deletes it', async () => {
    const dev = await developer();
    // Two parts: the first of the preferred 32 MiB, the second what is left.
    const bytes = new Uint8Array(32 * 1024 * 1024 + 4096).map((_, i) => i % 251);
    const video = await uploadVideo(dev.api, { name: 'launch-demo.mp4', bytes }, { idempotencyKey: 'launch-demo' });
    // Completing asked storage for every part and found each whole: the video waits for the pipeline.
    expect(video).toMatchObject({
      name: 'launch-demo',
      status: 'uploaded',
      size: bytes.byteLength,
      folderId: dev.folderId,
    });
    // The same upload retried after it finished (a script run twice): the same video, not a second one.
    const again = await uploadVideo(dev.api, { name: 'launch-demo.mp4', bytes }, { idempotencyKey: 'launch-demo' });
    expect(again.videoId).toBe(video.videoId);
    expect((await dev.api.GET('/videos')).data?.data).toHaveLength(1);
    // Completing again is harmless; the upload's state says every part is in.
    expect(
      (await dev.api.POST('/uploads/{videoId}/complete', { params: { path: { videoId: video.videoId } } })).response
        .status,
    ).toBe(200);

    // Once playable, its addresses come whole, with the address the client used: a player elsewhere takes them.
    await t.db.updateTable('video').set({ playable: true }).where('id', '=', video.videoId).execute();
    const playable = (await dev.api.GET('/videos/{videoId}', { params: { path: { videoId: video.videoId } } })).data;
    expect(playable?.hlsUrl).toBe(`${base}/media/${video.videoId}/master.m3u8`);
    expect((await dev.api.GET('/videos')).data?.data[0]?.hlsUrl).toBe(playable?.hlsUrl);

    const folder = (await dev.api.POST('/folders', { body: { name: 'Launch' } })).data;
    expect(folder).toMatchObject({ name: 'Launch', isDefault: false, videoCount: 0 });
    const changed = await dev.api.PATCH('/videos/{videoId}', {
      params: { path: { videoId: video.videoId } },
      body: { name: 'Launch demo (final)', folderId: folder?.folderId },
    });
    expect(changed.data).toMatchObject({ name: 'Launch demo (final)', folderId: folder?.folderId });
    const listed = await dev.api.GET('/videos', { params: { query: { folderId: folder?.folderId } } });
    expect(listed.data?.data.map((item) => item.videoId)).toEqual([video.videoId]);
    expect(listed.data?.nextCursor).toBeNull();

    const removed = await dev.api.DELETE('/videos/{videoId}', { params: { path: { videoId: video.videoId } } });
    expect(removed.response.status).toBe(204);
    expect(
      (await dev.api.GET('/videos/{videoId}', { params: { path: { videoId: video.videoId } } })).response.status,
    ).toBe(404);
  });

  it("refuses a bad upload, and another account's video, folder and upload as not found", async () => {
    const dev = await developer();
    const stranger = await developer();
    const strangers = await videoWithForm(t, stranger);
    for (const body of [
      { name: 'notes.txt', size: 10 },
      { name: 'clip.mp4', size: 0 },
      { name: 'clip.mp4', size: 1.5 },
      { name: '', size: 10 },
      { name: 'a'.repeat(300), size: 10 },
      { name: 'clip\u0000.mp4', size: 10 },
      { name: 'clip\ud800.mp4', size: 10 },
      { name: 'clip.mp4', size: '10' },
      { name: 'clip.mp4', size: 10, extra: true },
    ]) {
      const answer = await raw({ path: '/uploads', method: 'POST', secret: dev.secret, body: JSON.stringify(body) });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const huge = await dev.api.POST('/uploads', { body: { name: 'clip.mp4', size: 10 ** 15 } });
    expect([huge.response.status, huge.error?.error]).toEqual([400, 'upload_too_large']);
    await t.db
      .updateTable('account')
      .set({ used_storage: String(10 ** 15) })
      .where('id', '=', dev.accountId)
      .execute();
    const noRoom = await dev.api.POST('/uploads', { body: { name: 'clip.mp4', size: 10 } });
    expect([noRoom.response.status, noRoom.error?.error]).toEqual([403, 'storage_limit']);
    await t.db.updateTable('account').set({ used_storage: '0' }).where('id', '=', dev.accountId).execute();
    const path = { params: { path: { videoId: strangers } } };
    expect((await dev.api.GET('/videos/{videoId}', path)).response.status).toBe(404);
    expect((await dev.api.GET('/uploads/{videoId}', path)).response.status).toBe(404);
    expect((await dev.api.DELETE('/videos/{videoId}', path)).response.status).toBe(404);
    expect((await dev.api.PATCH('/videos/{videoId}', { ...path, body: { name: 'mine now' } })).response.status).toBe(
      404,
    );
    const moved = await dev.api.PATCH('/videos/{videoId}', {
      params: { path: { videoId: await videoWithForm(t, dev) } },
      body: { folderId: stranger.folderId },
    });
    expect(moved.response.status).toBe(404);
    const empty = await dev.api.PATCH('/videos/{videoId}', { ...path, body: {} });
    expect(empty.response.status).toBe(400);
    expect((await raw({ path: '/videos/not-a-uuid', secret: dev.secret })).status).toBe(400);
    expect(
      (await t.db.selectFrom('video').select('name').where('id', '=', strangers).executeTakeFirstOrThrow()).name,
    ).toBe('pricing-tour.mp4');
  });

  it('pages through videos with cursors: every video once, newest first, and a cursor of its own kind only', async () => {
    const dev = await developer();
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) made.push(await videoWithForm(t, dev));
    // Two rows made in the same microsecond still come apart by id.
    await t.db
      .updateTable('video')
      .set({ created_at: sql`'2026-01-01T00:00:00Z'::timestamptz` })
      .where('id', 'in', made.slice(1, 3))
      .execute();
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 4; page += 1) {
      const answer = await dev.api.GET('/videos', { params: { query: { limit: 2, ...(cursor ? { cursor } : {}) } } });
      expect(answer.response.status).toBe(200);
      seen.push(...(answer.data?.data.map((video) => video.videoId) ?? []));
      cursor = answer.data?.nextCursor ?? undefined;
      if (!cursor) break;
    }
    expect([...seen].sort()).toEqual([...made].sort());
    expect(seen).toHaveLength(5);
    for (const bad of ['x', 'bm90IGEgY3Vyc29y', encodeCursor({ cursor_at: '1', id: 'nope' }), 'a'.repeat(300)]) {
      const answer = await dev.api.GET('/videos', { params: { query: { cursor: bad } } });
      expect([answer.response.status, answer.error?.error], bad).toEqual([400, 'cursor_invalid']);
    }
    for (const limit of [0, 101, 1.5]) {
      expect((await dev.api.GET('/videos', { params: { query: { limit } } })).response.status).toBe(400);
    }
  });
});

describe('the public API: leads, analytics, forms', () => {
  it('lists leads by cursor, reads one, exports them, and reads the video figures', async () => {
    const dev = await developer();
    const videoId = await videoWithForm(t, dev);
    for (let i = 0; i < 3; i += 1)
      expect((await submitLead(videoId, `Lead ${i}`, `198.51.100.${i + 1}`)).statusCode).toBe(200);
    const first = await dev.api.GET('/leads', { params: { query: { limit: 2, videoId } } });
    expect(first.data?.data.map((lead) => lead.answers.name)).toEqual(['Lead 2', 'Lead 1']);
    const cursor = first.data?.nextCursor as string;
    const second = await dev.api.GET('/leads', { params: { query: { limit: 2, cursor } } });
    expect(second.data?.data.map((lead) => lead.answers.name)).toEqual(['Lead 0']);
    expect(second.data?.nextCursor).toBeNull();
    const leadId = second.data?.data[0]?.leadId as string;
    expect((await dev.api.GET('/leads/{leadId}', { params: { path: { leadId } } })).data).toMatchObject({
      leadId,
      videoId,
      answers: { name: 'Lead 0', email: 'ada@example.test' },
    });
    const csv = await raw({ path: `/leads/export?format=csv&videoId=${videoId}`, secret: dev.secret });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = await csv.text();
    for (const name of ['Lead 0', 'Lead 1', 'Lead 2']) expect(text).toContain(name);

    const day = new Date().toISOString().slice(0, 10);
    const figures = await dev.api.GET('/videos/{videoId}/analytics', {
      params: { path: { videoId }, query: { from: day, to: day } },
    });
    expect(figures.response.status).toBe(200);
    expect(figures.data?.engagement.reached).toHaveLength(100);
    const backwards = await dev.api.GET('/videos/{videoId}/analytics', {
      params: { path: { videoId }, query: { from: day, to: '2020-01-01' } },
    });
    expect(backwards.response.status).toBe(400);

    const stranger = await developer();
    expect((await stranger.api.GET('/leads/{leadId}', { params: { path: { leadId } } })).response.status).toBe(404);
    expect((await stranger.api.GET('/leads', { params: { query: { videoId } } })).data?.data).toEqual([]);
    const theirs = await stranger.api.GET('/videos/{videoId}/analytics', {
      params: { path: { videoId }, query: { from: day, to: day } },
    });
    expect(theirs.response.status).toBe(404);
  });

  it("replaces a video's inquiry form", async () => {
    const dev = await developer();
    const videoId = await videoWithForm(t, dev);
    const form = (await dev.api.GET('/videos/{videoId}/form', { params: { path: { videoId } } })).data;
    if (!form) throw new Error('no form');
    const saved = await dev.api.PUT('/videos/{videoId}/form', {
      params: { path: { videoId } },
      body: { ...form, title: 'Book a demo' },
    });
    expect(saved.data?.title).toBe('Book a demo');
    const bad = await dev.api.PUT('/videos/{videoId}/form', {
      params: { path: { videoId } },
      body: { ...form, title: 'x'.repeat(10_000) },
    });
    expect(bad.response.status).toBe(400);
  });

  it("reads and replaces a video's WhatsApp button and watch page, refusing a bad one and another account's video", async () => {
    const dev = await developer();
    const videoId = await videoWithForm(t, dev);
    const path = { params: { path: { videoId } } };
    const current = (await dev.api.GET('/videos/{videoId}/whatsapp', path)).data;
    if (!current) throw new Error('no WhatsApp setting');
    const { enabled: _shown, ...setting } = current;
    const saved = await dev.api.PUT('/videos/{videoId}/whatsapp', {
      ...path,
      body: { ...setting, enabled: true, number: '+8613800138000', message: 'About the demo' },
    });
    expect(saved.data).toMatchObject({ enabled: true, number: '+8613800138000', message: 'About the demo' });
    expect((await dev.api.GET('/videos/{videoId}/whatsapp', path)).data?.number).toBe('+8613800138000');
    const noNumber = await dev.api.PUT('/videos/{videoId}/whatsapp', {
      ...path,
      body: { ...setting, enabled: true, number: '' },
    });
    expect([noNumber.response.status, noNumber.error?.error]).toEqual([400, 'phone_invalid']);

    const seo = (await dev.api.GET('/videos/{videoId}/seo', path)).data;
    if (!seo) throw new Error('no watch page');
    const { videoId: _id, coverUrl: _cover, watchUrl, embedUrl: _embed, ...fields } = seo;
    expect(watchUrl).toContain(videoId);
    const page = await dev.api.PUT('/videos/{videoId}/seo', {
      ...path,
      body: { ...fields, title: 'The 2-minute tour' },
    });
    expect(page.data?.title).toBe('The 2-minute tour');
    // A caller written before the source article existed leaves it out, and the stored one stays.
    const article = 'https://blog.example.test/tour';
    expect(
      (await dev.api.PUT('/videos/{videoId}/seo', { ...path, body: { ...fields, sourceUrl: article } })).data,
    ).toMatchObject({ sourceUrl: article });
    const { sourceUrl: _source, ...older } = fields;
    const kept = await dev.api.PUT('/videos/{videoId}/seo', { ...path, body: { ...older, title: 'Renamed' } });
    expect(kept.data).toMatchObject({ title: 'Renamed', sourceUrl: article });
    expect((await dev.api.GET('/videos/{videoId}/seo', path)).data?.sourceUrl).toBe(article);
    const refused = await dev.api.PUT('/videos/{videoId}/seo', {
      ...path,
      body: { ...fields, sourceUrl: 'javascript:alert(1)' },
    });
    expect([refused.response.status, refused.error?.error]).toEqual([400, 'seo_source_invalid']);

    const stranger = await developer();
    expect((await stranger.api.GET('/videos/{videoId}/whatsapp', path)).response.status).toBe(404);
    expect((await stranger.api.PUT('/videos/{videoId}/seo', { ...path, body: fields })).response.status).toBe(404);
  });
});

describe('the public API: webhooks and idempotency', () => {
  it('creates once per idempotency key, replays the answer, and refuses the key with another body', async () => {
    const dev = await developer();
    const body = { url: 'https://crm.example.test/hooks', events: ['lead.created' as const] };
    const key = { params: { header: { 'Idempotency-Key': 'create-hook-1' } } };
    const first = await dev.api.POST('/webhooks', { ...key, body });
    expect(first.response.status).toBe(201);
    expect(first.data?.secret).toBeTruthy();
    const again = await dev.api.POST('/webhooks', { ...key, body });
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toEqual(first.data);
    const other = await dev.api.POST('/webhooks', { ...key, body: { ...body, url: 'https://other.example.test/' } });
    expect([other.response.status, other.error?.error]).toEqual([422, 'idempotency_key_reused']);
    expect((await dev.api.GET('/webhooks')).data?.data).toHaveLength(1);

    // Another account's same key is its own.
    const stranger = await developer();
    expect(
      (await stranger.api.POST('/webhooks', { ...key, body })).response.headers.get('idempotent-replayed'),
    ).toBeNull();

    const id = first.data?.id as string;
    const paused = await dev.api.PATCH('/webhooks/{webhookId}', {
      params: { path: { webhookId: id } },
      body: { enabled: false },
    });
    expect(paused.data).toMatchObject({ id, enabled: false, url: body.url, events: ['lead.created'] });
    const theirs = await stranger.api.PATCH('/webhooks/{webhookId}', {
      params: { path: { webhookId: id } },
      body: { enabled: true },
    });
    expect(theirs.response.status).toBe(404);
    expect(
      (await stranger.api.DELETE('/webhooks/{webhookId}', { params: { path: { webhookId: id } } })).response.status,
    ).toBe(404);
    expect(
      (await dev.api.DELETE('/webhooks/{webhookId}', { params: { path: { webhookId: id } } })).response.status,
    ).toBe(204);
    expect((await dev.api.GET('/webhooks')).data?.data).toEqual([]);
  });

  it('makes one folder from concurrent retries, lets a failed create be retried, and refuses a malformed key', async () => {
    const dev = await developer();
    const before = (await dev.api.GET('/folders')).data?.data.length ?? 0;
    const headers = { params: { header: { 'Idempotency-Key': 'folder-1' } } };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => dev.api.POST('/folders', { ...headers, body: { name: 'Once' } })),
    );
    const statuses = answers.map((answer) => answer.response.status);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(statuses).toContain(201);
    expect((await dev.api.GET('/folders')).data?.data.length).toBe(before + 1);

    const failed = await dev.api.POST('/folders', {
      params: { header: { 'Idempotency-Key': 'folder-2' } },
      body: { name: ' ' },
    });
    expect(failed.response.status).toBe(400);
    const retried = await dev.api.POST('/folders', {
      params: { header: { 'Idempotency-Key': 'folder-2' } },
      body: { name: 'Later' },
    });
    expect(retried.response.status).toBe(201);

    for (const bad of ['', 'a'.repeat(256), 'caf\u00e9', 'two words', 'tab\there']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/v1/folders',
        headers: { authorization: `Bearer ${dev.secret}`, 'idempotency-key': bad },
        payload: { name: 'Bad key' },
      });
      expect([answer.statusCode, answer.json().error], bad).toEqual([400, 'idempotency_key_invalid']);
    }
    const names = (await dev.api.GET('/folders')).data?.data.map((folder) => folder.name);
    expect(names).not.toContain('Bad key');
  });
});

describe("the README's client, as a developer follows it", () => {
  it('packs the client, installs the tarball in a new project, and uploads with the snippet as written', {
    timeout: 300_000,
  }, async () => {
    const run = promisify(execFile);
    const root = path.resolve(import.meta.dirname, '../../../../..');
    const readme = await readFile(path.join(root, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Public API'), readme.indexOf('## Development'));
    const snippet = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    expect(snippet).toContain("from '@leadreel/api-client'");
    const project = await mkdtemp(path.join(tmpdir(), 'leadreel-readme-'));
    try {
      // `npm pack -w packages/api-client`, as the README says, then the tarball unpacked where `npm install`
      // puts it; its one dependency linked from ours, since a test reaches no registry.
      const packed = await run('npm', ['pack', '-w', 'packages/api-client', '--pack-destination', project, '--json'], {
        cwd: root,
      });
      const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
      const installed = path.join(project, 'node_modules/@leadreel/api-client');
      await mkdir(installed, { recursive: true });
      await run('tar', ['xzf', path.join(project, filename), '-C', installed, '--strip-components=1']);
      await symlink(path.join(root, 'node_modules/openapi-fetch'), path.join(project, 'node_modules/openapi-fetch'));
      await writeFile(path.join(project, 'package.json'), JSON.stringify({ type: 'module', private: true }));
      await writeFile(
        path.join(project, 'demo.mp4'),
        new Uint8Array(4096).map((_, i) => i % 251),
      );
      await writeFile(
        path.join(project, 'main.ts'),
        `${snippet}\nconsole.log(JSON.stringify({ video, leads: data?.data }));\n`,
      );
      const dev = await developer();
      const { stdout } = await run(process.execPath, ['main.ts'], {
        cwd: project,
        env: { ...process.env, LEADREEL_URL: base, LEADREEL_KEY: dev.secret },
      });
      const printed = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
      expect(printed.video).toMatchObject({ name: 'demo', status: 'uploaded', size: 4096, folderId: dev.folderId });
      expect(printed.leads).toEqual([]);
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });
});

describe('the public API: its document and reference page', () => {
  it('serves the document the client was generated from, and a reference page that needs nothing from elsewhere', async () => {
    const served = await (await fetch(`${base}/api/v1/openapi.json`)).json();
    const committed = JSON.parse(
      await readFile(path.resolve(import.meta.dirname, '../../../../../packages/api-client/openapi.json'), 'utf8'),
    );
    expect(served).toEqual(committed);
    const chinese = await (await fetch(`${base}/api/v1/docs/zh`)).text();
    expect(chinese).toMatch(/"locale": "zh-CN"/);
    const page = await fetch(`${base}/api/v1/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('LeadReel API reference');
    expect(html).toMatch(/"locale": "en"/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // Zod inside Scalar's bundle is told, before that bundle runs, not to probe `new Function` under this policy.
    for (const text of [html, chinese]) {
      const jitless = text.indexOf('jitless:true');
      expect(jitless).toBeGreaterThan(0);
      expect(jitless).toBeLessThan(text.search(/<script[^>]*src=/));
    }
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1] as string);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const url = new URL(src, page.url);
      expect(url.origin, src).toBe(base);
      expect((await fetch(url)).status, src).toBe(200);
    }
  });
});
