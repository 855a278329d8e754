import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOnPlan } from '../../../test/factories.ts';
import { hugePage } from '../../../test/fakes/huge-page.ts';
import { createTestApp, get, post, type TestApp, useTestApp } from '../../../test/helpers.ts';
import { type FakeEngineServer, fakeEngineServer } from '../speech/engines/fake-engine-server.ts';

// Blog-to-video projects on the real PostgreSQL, from articles a loopback server serves. The main app may
// fetch private addresses (ARTICLE_FETCH_ALLOW_PRIVATE_TARGETS, as in tests only); `guarded` may not.
const t = useTestApp({ ARTICLE_FETCH_ALLOW_PRIVATE_TARGETS: 'true', ARTICLE_FETCH_TIMEOUT_SECONDS: '1' });
const guarded = useTestApp();

const MB = 1024 * 1024;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 3)]);

const englishParagraph = (n: number) =>
  `<p>Point ${n} shows how short videos turn readers into customers. Each clip should answer one question, ` +
  `e.g. what the product does. Viewers remember 3.5 times more of what they watch!</p>`;
const ENGLISH = `<!doctype html><html lang="en"><head><title>Why video wins</title>
  <meta name="description" content="How short videos turn blog readers into customers.">
  <meta property="og:image" content="/img/og.jpg"></head>
  <body><nav><a href="/">Home</a> <a href="/blog">Blog</a></nav><article><h1>Why video wins</h1>
  ${englishParagraph(1)}<img src="/img/one.png" alt=""><h2>Start small</h2>${englishParagraph(2)}
  <img src="img/two.png"><img src="/img/fake.png">${englishParagraph(3)}<h2>Measure</h2>${englishParagraph(4)}
  ${englishParagraph(5)}${englishParagraph(6)}${englishParagraph(7)}</article><footer>© Acme</footer></body></html>`;
const CHINESE = `<!doctype html><html><head><meta charset="utf-8"><title>视频营销指南</title></head><body><article>
  ${Array.from({ length: 12 }, (_, n) => `<p>第${n + 1}点：短视频能把博客读者变成客户。每个视频只回答一个问题，观众记得更多！</p>`).join('')}
  </article></body></html>`;

type Page = { status?: number; type?: string; body?: string | Buffer };
let server: http.Server;
let base = '';
let hits: string[] = [];
let hugeWritten = 0;
const pages: Record<string, Page> = {
  '/post': { body: ENGLISH },
  '/zh': { body: CHINESE },
  '/nav': { body: '<html><body><nav>Home · Blog · About</nav><p>Welcome!</p></body></html>' },
  '/data.json': { type: 'application/json', body: '{"article": "no"}' },
  '/img/one.png': { type: 'image/png', body: PNG },
  '/img/two.png': { type: 'image/png', body: PNG },
  '/img/og.jpg': { type: 'image/jpeg', body: JPEG },
  '/img/fake.png': { type: 'image/png', body: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' },
};

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    hits.push(url.pathname);
    if (url.pathname === '/redirect') {
      response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      return;
    }
    if (url.pathname === '/huge') {
      hugePage(response, 50 * MB, (count) => {
        hugeWritten += count;
      });
      return;
    }
    if (url.pathname === '/hang') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><body><p>This page never finishes');
      return;
    }
    const page = pages[url.pathname];
    if (!page) return response.writeHead(404).end();
    response.writeHead(page.status ?? 200, { 'content-type': page.type ?? 'text/html; charset=utf-8' });
    response.end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const create = (app: TestApp, token: string, body: Record<string, unknown>) =>
  post(app.app, '/api/blog-to-video/create', body, token);
const detail = (token: string, projectId: string) =>
  get(t.app, `/api/blog-to-video/detail?projectId=${projectId}`, token);
const saveScenes = (token: string, body: Record<string, unknown>) =>
  post(t.app, '/api/blog-to-video/scenes', body, token);
const refusal = (answer: { status: number; body: { error?: string } }) => [answer.status, answer.body.error];
const projectCount = async (app: TestApp, accountId: string) =>
  Number(
    (
      await app.db
        .selectFrom('blog_project')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const PASTED = Array.from(
  { length: 12 },
  (_, n) => `Sentence ${n + 1} says one more thing about video marketing for small teams.`,
).join(' ');

describe('blog-to-video: creating a project', () => {
  it('makes a project of about 7 to 10 scenes from a blog post, with its images stored and served', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const created = await create(t, owner.token, { url: `${base}/post` });
    expect(created.status).toBe(200);
    const project = created.body.data;
    expect(project).toMatchObject({
      title: 'Why video wins',
      description: 'How short videos turn blog readers into customers.',
      sourceUrl: `${base}/post`,
      lang: 'en',
      status: 'draft',
      revision: 1,
      lastExport: null,
      settings: {
        aspect: '16:9',
        subtitles: true,
        logo: false,
        folderId: null,
        voice: { enabled: true, lang: 'en', speed: 1, recordingMaterialId: null },
        bgm: { trackId: null, materialId: null, volume: 30 },
      },
    });
    expect(project.scenes.length).toBeGreaterThanOrEqual(7);
    expect(project.scenes.length).toBeLessThanOrEqual(10);
    expect(project.sceneCount).toBe(project.scenes.length);
    const script = project.scenes.map((scene: { text: string }) => scene.text).join(' ');
    expect(script).toContain('Start small');
    expect(script).toContain('e.g. what the product does.');
    expect(script).not.toContain('Home');
    expect(project.scenes.every((scene: { duration: number }) => scene.duration >= 2)).toBe(true);
    // The SVG dressed as a PNG is not an image by its bytes: two pictures of the article, then its og:image.
    expect(project.articleImages).toEqual([0, 1, 2].map((index) => ({ index, url: expect.any(String) })));
    expect(project.cover).toBe(project.articleImages[0].url);
    const served = await t.app.inject({ method: 'GET', url: project.articleImages[2].url });
    expect([served.statusCode, served.headers['content-type'], served.rawPayload.equals(JPEG)]).toEqual([
      200,
      'image/jpeg',
      true,
    ]);
    expect((await t.app.inject({ method: 'GET', url: `/media/blog/${project.projectId}/article/3` })).statusCode).toBe(
      404,
    );

    const list = await get(t.app, '/api/blog-to-video/list', owner.token);
    expect(list.body.data).toEqual({
      list: [
        {
          projectId: project.projectId,
          title: project.title,
          sourceUrl: project.sourceUrl,
          cover: project.cover,
          status: 'draft',
          sceneCount: project.sceneCount,
          duration: project.duration,
          lastExport: null,
          createdAt: project.createdAt,
          updatedAt: project.updatedAt,
        },
      ],
      total: 1,
    });
    expect((await detail(owner.token, project.projectId)).body.data).toEqual(project);
    expect(
      (await get(t.app, `/api/blog-to-video/materials?projectId=${project.projectId}`, owner.token)).body.data,
    ).toEqual(project.articleImages);
  });

  it('makes one scene per sentence on request, and a project from pasted text', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const bySentence = (await create(t, owner.token, { url: `${base}/post`, sceneMode: 'sentence' })).body.data;
    expect(bySentence.scenes.length).toBeGreaterThan(10);
    const pasted = await create(t, owner.token, { text: `Video for small teams\n${PASTED}` });
    expect(pasted.status).toBe(200);
    expect(pasted.body.data).toMatchObject({
      title: 'Video for small teams',
      sourceUrl: null,
      lang: 'en',
      articleImages: [],
    });
    expect(pasted.body.data.scenes.length).toBeGreaterThanOrEqual(7);
    const titled = await create(t, owner.token, { text: PASTED, title: '  My title ', sceneMode: 'sentence' });
    expect(titled.body.data.title).toBe('My title');
    expect(titled.body.data.scenes).toHaveLength(12);
  });

  it('splits a Chinese article on 。 and names its language', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const project = (await create(t, owner.token, { url: `${base}/zh` })).body.data;
    expect(project.lang).toBe('zh');
    expect(project.title).toBe('视频营销指南');
    expect(project.settings.voice.lang).toBe('zh');
    expect(project.scenes.length).toBeGreaterThanOrEqual(7);
    expect(project.scenes.every((scene: { text: string }) => /[。！]$/.test(scene.text))).toBe(true);
  });

  it('refuses pages that are no article, too large, too slow or not HTML, creating nothing', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    expect(refusal(await create(t, owner.token, { url: `${base}/nav` }))).toEqual([422, 'blog_no_article']);
    expect(refusal(await create(t, owner.token, { url: `${base}/data.json` }))).toEqual([422, 'blog_not_html']);
    expect(refusal(await create(t, owner.token, { url: `${base}/missing` }))).toEqual([502, 'blog_fetch_failed']);
    expect(refusal(await create(t, owner.token, { url: `${base}/huge` }))).toEqual([422, 'blog_page_too_large']);
    expect(hugeWritten).toBeLessThan(50 * MB);
    expect(refusal(await create(t, owner.token, { url: `${base}/hang` }))).toEqual([502, 'blog_fetch_timeout']);
    expect(await projectCount(t, owner.accountId)).toBe(0);
  });

  it('refuses loopback, private and metadata addresses, directly and through a redirect', async () => {
    const owner = await accountOnPlan(guarded, 'Pro');
    hits = [];
    const port = new URL(base).port;
    for (const url of [
      `${base}/post`,
      `http://localhost:${port}/post`,
      `http://[::ffff:127.0.0.1]:${port}/post`,
      'http://10.0.0.1/post',
      'http://192.168.1.20/post',
      'http://169.254.169.254/latest/meta-data/',
      `${base}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`,
    ]) {
      expect([url, ...refusal(await create(guarded, owner.token, { url }))]).toEqual([url, 400, 'blog_url_blocked']);
    }
    expect(hits).toEqual([]);
    expect(await projectCount(guarded, owner.accountId)).toBe(0);

    // With private targets allowed (tests only), a redirect to a metadata service is still refused.
    const tester = await accountOnPlan(t, 'Pro');
    for (const to of ['http://169.254.169.254/latest/meta-data/', 'http://169.254.1.1/', 'http://[fd00:ec2::254]/']) {
      const url = `${base}/redirect?to=${encodeURIComponent(to)}`;
      expect(refusal(await create(t, tester.token, { url }))).toEqual([400, 'blog_url_blocked']);
    }
    expect(await projectCount(t, tester.accountId)).toBe(0);
  });

  it('refuses a source that is missing, both, not a web address, too short, too long or not text', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, 'blog_source_required'],
      [{ url: `${base}/post`, text: PASTED }, 400, 'blog_source_required'],
      [{ url: '   ' }, 400, 'blog_source_required'],
      [{ url: 'ftp://example.test/post' }, 400, 'blog_url_invalid'],
      [{ url: 'javascript:alert(1)' }, 400, 'blog_url_invalid'],
      [{ url: 'not an address' }, 400, 'blog_url_invalid'],
      [{ url: 'http://user:secret@example.test/' }, 400, 'blog_url_invalid'],
      [{ url: `https://example.test/${'a'.repeat(10_000)}` }, 400, 'blog_url_invalid'],
      [{ url: 'https://example.test/\u0000' }, 400, 'illegal_input'],
      [{ text: 'Too short.' }, 422, 'blog_text_too_short'],
      [{ text: 'a '.repeat(50_001) }, 400, 'blog_text_too_long'],
      [{ text: `${PASTED}\u0000` }, 400, 'illegal_input'],
      [{ text: `${PASTED}\ud800` }, 400, 'illegal_input'],
      [{ text: 42 }, 400, 'illegal_input'],
      [{ url: ['http://example.test/'] }, 400, 'illegal_input'],
      [{ text: PASTED, sceneMode: 'paragraph' }, 400, 'illegal_input'],
      [{ text: PASTED, title: 'x'.repeat(201) }, 400, 'illegal_input'],
      [{ text: PASTED, extra: true }, 400, 'unknown_field'],
    ];
    for (const [body, status, error] of cases) {
      expect([JSON.stringify(body).slice(0, 60), ...refusal(await create(t, owner.token, body))]).toEqual([
        JSON.stringify(body).slice(0, 60),
        status,
        error,
      ]);
    }
    expect(await projectCount(t, owner.accountId)).toBe(0);
  });
});

type Detail = {
  projectId: string;
  revision: number;
  scenes: { sceneId: string; text: string }[];
  articleImages: { index: number; url: string }[];
};
const keep = (scene: { sceneId: string; text: string }, text = scene.text) => ({
  sceneId: scene.sceneId,
  text,
  media: null,
});

describe('blog-to-video: editing the script', () => {
  it('reorders, splits, merges and deletes scenes in one save, keeping their identity and voice', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const project: Detail = (await create(t, owner.token, { text: PASTED, sceneMode: 'sentence' })).body.data;
    type Row = Detail['scenes'][number];
    const [a, b, c, d] = project.scenes.slice(0, 4) as [Row, Row, Row, Row];
    const rest = project.scenes.slice(4);
    await t.db
      .updateTable('blog_scene')
      .set({ voice_key: 'media/x/blog/y/voice/1/', voice_hash: 'h', voice_duration: 4.5 })
      .where('id', 'in', [a.sceneId, b.sceneId])
      .execute();
    const saved = await saveScenes(owner.token, {
      projectId: project.projectId,
      revision: project.revision,
      scenes: [
        keep(b),
        { ...keep(a), media: { source: 'article', index: 0 } },
        keep(c, 'First half.'),
        { text: 'Second half.', media: null },
        keep(d, `${d.text} ${rest[0]?.text}`),
        ...rest.slice(2).map((scene) => keep(scene)),
      ],
    });
    // A text-only project has no article image 0.
    expect(refusal(saved)).toEqual([404, 'not_found']);

    const ok = await saveScenes(owner.token, {
      projectId: project.projectId,
      revision: project.revision,
      scenes: [
        keep(b),
        keep(a, `${a.text} Changed.`),
        keep(c, 'First half.'),
        { text: 'Second half.', media: null },
        keep(d, `${d.text} ${rest[0]?.text}`),
        ...rest.slice(2).map((scene) => keep(scene)),
      ],
    });
    expect(ok.status).toBe(200);
    const after: Detail & { scenes: { sceneId: string; text: string; duration: number }[] } = ok.body.data;
    expect(after.revision).toBe(project.revision + 1);
    expect(after.scenes.map((scene) => scene.sceneId).slice(0, 3)).toEqual([b.sceneId, a.sceneId, c.sceneId]);
    expect(after.scenes[3]?.sceneId).not.toBe(d.sceneId);
    expect(after.scenes.map((scene) => scene.text).slice(2, 4)).toEqual(['First half.', 'Second half.']);
    expect(after.scenes).toHaveLength(project.scenes.length - 1);
    expect(after.scenes.some((scene) => scene.sceneId === rest[1]?.sceneId)).toBe(false);
    // b's text is the same: its voice stays, and is its length; a's changed: its voice is gone.
    // A voice lasts its length and a breath after it (VOICE_PAUSE_SECONDS).
    expect(after.scenes[0]?.duration).toBe(4.9);
    const voices = await t.db
      .selectFrom('blog_scene')
      .select(['id', 'voice_key'])
      .where('id', 'in', [a.sceneId, b.sceneId])
      .execute();
    expect(Object.fromEntries(voices.map((row) => [row.id, row.voice_key]))).toEqual({
      [a.sceneId]: null,
      [b.sceneId]: 'media/x/blog/y/voice/1/',
    });
    expect((await detail(owner.token, project.projectId)).body.data).toEqual(after);

    // The revision the first save had is no longer the project's.
    const stale = await saveScenes(owner.token, {
      projectId: project.projectId,
      revision: project.revision,
      scenes: [{ text: 'Lost edit.', media: null }],
    });
    expect(refusal(stale)).toEqual([409, 'blog_project_stale']);
    expect((await detail(owner.token, project.projectId)).body.data).toEqual(after);
  });

  it('refuses scenes that are too many, too long, missing, not text or not the project’s', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const project: Detail = (await create(t, owner.token, { url: `${base}/post` })).body.data;
    const other: Detail = (await create(t, owner.token, { text: PASTED })).body.data;
    const first = project.scenes[0] as Detail['scenes'][0];
    const body = (scenes: unknown, more: Record<string, unknown> = {}) => ({
      projectId: project.projectId,
      revision: project.revision,
      scenes,
      ...more,
    });
    const scene = (text: unknown, more: Record<string, unknown> = {}) => ({ text, media: null, ...more });
    const cases: [unknown, number, string][] = [
      [body([]), 400, 'blog_scenes_required'],
      [body(Array.from({ length: 41 }, (_, n) => scene(`Scene ${n}.`))), 400, 'blog_scenes_too_many'],
      [body([scene('x'.repeat(501))]), 400, 'blog_scene_text_too_long'],
      [body([scene('x'.repeat(10_000))]), 400, 'blog_scene_text_too_long'],
      [body([scene('Bad \u0000 text.')]), 400, 'illegal_input'],
      [body([scene('Bad \ud800 text.')]), 400, 'illegal_input'],
      [body([scene(42)]), 400, 'illegal_input'],
      [body('scenes'), 400, 'illegal_input'],
      [body([scene('Fine.')], { revision: 'one' }), 400, 'illegal_input'],
      [body([scene('Fine.', { media: { source: 'article', index: 12 } })]), 404, 'not_found'],
      [body([scene('Fine.', { media: { source: 'upload', index: 0 } })]), 400, 'illegal_input'],
      [body([scene('Fine.', { media: { source: 'material', materialId: randomUUID() } })]), 404, 'material_not_found'],
      [body([scene('Fine.', { media: { source: 'material', materialId: 'nope' } })]), 400, 'material_not_found'],
      [body([scene('Fine.', { voiceMaterialId: randomUUID() })]), 404, 'material_not_found'],
      [body([scene('Fine.', { sceneId: other.scenes[0]?.sceneId })]), 404, 'blog_scene_not_found'],
      [body([scene('Fine.', { sceneId: randomUUID() })]), 404, 'blog_scene_not_found'],
      // A malformed id is refused by the contract's schema, with the same code.
      [body([scene('Fine.', { sceneId: 'nope' })]), 400, 'blog_scene_not_found'],
      [body([keep(first), keep(first)]), 400, 'illegal_input'],
      [body([scene('Fine.')], { projectId: other.projectId, revision: 99 }), 409, 'blog_project_stale'],
    ];
    for (const [payload, status, error] of cases) {
      expect([
        JSON.stringify(payload).slice(0, 120),
        ...refusal(await saveScenes(owner.token, payload as never)),
      ]).toEqual([JSON.stringify(payload).slice(0, 120), status, error]);
    }
    expect((await detail(owner.token, project.projectId)).body.data).toEqual(project);

    // 40 scenes of 500 characters, an article image and trimmed text are a script.
    const full = await saveScenes(
      owner.token,
      body([
        scene(`  ${'y'.repeat(500)}  `, { media: { source: 'article', index: 1 } }),
        ...Array.from({ length: 39 }, () => scene('y'.repeat(500))),
      ]),
    );
    expect(full.status).toBe(200);
    expect(full.body.data.scenes).toHaveLength(40);
    expect(full.body.data.scenes[0]).toMatchObject({
      text: 'y'.repeat(500),
      media: { source: 'article', index: 1, materialId: null, kind: 'image', url: project.articleImages[1]?.url },
    });
    expect(full.body.data.cover).toBe(full.body.data.scenes[0].media.url);
  });

  it('saves settings with the revision, refusing what is not the account’s or not valid', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const stranger = await accountOnPlan(t, 'Pro');
    const project = (await create(t, owner.token, { text: PASTED })).body.data;
    const settings = (more: Record<string, unknown>) =>
      post(
        t.app,
        '/api/blog-to-video/subtitles',
        { projectId: project.projectId, revision: project.revision, ...more },
        owner.token,
      );
    const saved = await settings({
      title: ' New title ',
      aspect: '9:16',
      subtitles: false,
      logo: true,
      folderId: owner.folderId,
      voice: { enabled: false, lang: 'en-GB', speed: 1.5, recordingMaterialId: null },
      bgm: { trackId: 'calm', materialId: null, volume: 55 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      title: 'New title',
      revision: project.revision + 1,
      settings: {
        aspect: '9:16',
        subtitles: false,
        logo: true,
        folderId: owner.folderId,
        voice: { enabled: false, lang: 'en-GB', speed: 1.5, recordingMaterialId: null },
        bgm: { trackId: 'calm', materialId: null, volume: 55 },
      },
    });
    const revision = saved.body.data.revision;
    const again = (more: Record<string, unknown>) =>
      post(t.app, '/api/blog-to-video/subtitles', { projectId: project.projectId, revision, ...more }, owner.token);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ folderId: stranger.folderId }, 404, 'folder_invalid'],
      [{ bgm: { trackId: 'Not A Track!', materialId: null, volume: 10 } }, 404, 'blog_bgm_not_found'],
      [{ bgm: { trackId: 'calm-piano', materialId: null, volume: 10 } }, 404, 'blog_bgm_not_found'],
      [{ bgm: { trackId: null, materialId: randomUUID(), volume: 10 } }, 404, 'material_not_found'],
      [{ bgm: { trackId: null, materialId: null, volume: 101 } }, 400, 'illegal_input'],
      [{ voice: { enabled: true, lang: 'en', speed: 3, recordingMaterialId: null } }, 400, 'illegal_input'],
      [{ voice: { enabled: true, lang: 'not a language', speed: 1, recordingMaterialId: null } }, 400, 'illegal_input'],
      [
        { voice: { enabled: true, lang: 'en', speed: 1, recordingMaterialId: randomUUID() } },
        404,
        'material_not_found',
      ],
      [{ title: '' }, 400, 'illegal_input'],
      [{ title: 'x'.repeat(10_000) }, 400, 'illegal_input'],
      [{ title: 'a\u0000b' }, 400, 'illegal_input'],
      [{ title: 'a\ud800b' }, 400, 'illegal_input'],
      [{ aspect: '4:3' }, 400, 'illegal_input'],
      [{ subtitles: 'yes' }, 400, 'illegal_input'],
      [{ revision: revision - 1, aspect: '1:1' }, 409, 'blog_project_stale'],
    ];
    for (const [more, status, error] of cases) {
      expect([JSON.stringify(more).slice(0, 80), ...refusal(await again(more))]).toEqual([
        JSON.stringify(more).slice(0, 80),
        status,
        error,
      ]);
    }
    expect((await detail(owner.token, project.projectId)).body.data).toEqual(saved.body.data);
  });

  it('summarises the script into its key sentences', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const project = (await create(t, owner.token, { url: `${base}/post`, sceneMode: 'sentence' })).body.data;
    const summarised = await post(
      t.app,
      '/api/blog-to-video/summarise',
      { projectId: project.projectId, revision: project.revision },
      owner.token,
    );
    expect(summarised.status).toBe(200);
    const before = project.scenes.map((scene: { text: string }) => scene.text).join(' ');
    const after = summarised.body.data.scenes.map((scene: { text: string }) => scene.text).join(' ');
    expect(after.length).toBeLessThan(before.length * 0.6);
    expect(summarised.body.data.revision).toBe(project.revision + 1);
    const stale = await post(
      t.app,
      '/api/blog-to-video/summarise',
      { projectId: project.projectId, revision: project.revision },
      owner.token,
    );
    expect(refusal(stale)).toEqual([409, 'blog_project_stale']);
  });
});

describe('blog-to-video: whose projects, and which plans', () => {
  it('answers 404 for another account’s project on every route, changing nothing', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const stranger = await accountOnPlan(t, 'Pro');
    const project = (await create(t, owner.token, { url: `${base}/post` })).body.data;
    const id = project.projectId;
    const own = (await create(t, stranger.token, { text: PASTED })).body.data;
    const answers = [
      await get(t.app, `/api/blog-to-video/detail?projectId=${id}`, stranger.token),
      await get(t.app, `/api/blog-to-video/materials?projectId=${id}`, stranger.token),
      await saveScenes(stranger.token, { projectId: id, revision: 1, scenes: [{ text: 'Mine now.', media: null }] }),
      await post(t.app, '/api/blog-to-video/subtitles', { projectId: id, revision: 1, aspect: '1:1' }, stranger.token),
      await post(t.app, '/api/blog-to-video/summarise', { projectId: id, revision: 1 }, stranger.token),
      await post(t.app, '/api/blog-to-video/delete', { projectIds: [own.projectId, id] }, stranger.token),
      await get(t.app, `/api/blog-to-video/detail?projectId=${randomUUID()}`, stranger.token),
    ];
    expect(answers.map(refusal)).toEqual(Array(answers.length).fill([404, 'blog_project_not_found']));
    const malformed = await get(t.app, '/api/blog-to-video/detail?projectId=nope', stranger.token);
    expect(refusal(malformed)).toEqual([400, 'blog_project_not_found']);
    // The stranger's own project with the owner's scene in it.
    const theirs = await saveScenes(stranger.token, {
      projectId: own.projectId,
      revision: own.revision,
      scenes: [{ sceneId: project.scenes[0].sceneId, text: 'Taken.', media: null }],
    });
    expect(refusal(theirs)).toEqual([404, 'blog_scene_not_found']);
    expect((await detail(owner.token, id)).body.data).toEqual(project);
    expect((await detail(stranger.token, own.projectId)).body.data).toEqual(own);
    expect((await get(t.app, '/api/blog-to-video/list', stranger.token)).body.data.total).toBe(1);
  });

  it('deletes projects with their stored images', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const one = (await create(t, owner.token, { url: `${base}/post` })).body.data;
    const two = (await create(t, owner.token, { text: PASTED })).body.data;
    const key = `media/${owner.accountId}/blog/${one.projectId}/article/0`;
    expect(await t.services.storage.head(key)).not.toBeNull();
    const deleted = await post(
      t.app,
      '/api/blog-to-video/delete',
      { projectIds: [one.projectId, two.projectId] },
      owner.token,
    );
    expect(deleted.status).toBe(200);
    expect(await t.services.storage.head(key)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: one.articleImages[0].url })).statusCode).toBe(404);
    expect(refusal(await detail(owner.token, one.projectId))).toEqual([404, 'blog_project_not_found']);
    expect(await projectCount(t, owner.accountId)).toBe(0);
    for (const bad of [[], ['nope'], 'x', Array.from({ length: 101 }, () => randomUUID())]) {
      expect(
        (await post(t.app, '/api/blog-to-video/delete', { projectIds: bad }, owner.token)).status,
      ).toBeGreaterThanOrEqual(400);
    }
  });

  it('is for plans with blog-to-video: creating stops from Buffer, editing from Frozen', async () => {
    for (const plan of ['Free', 'Lite'] as const) {
      const account = await accountOnPlan(t, plan);
      const answers = [
        await create(t, account.token, { text: PASTED }),
        await get(t.app, '/api/blog-to-video/list', account.token),
        await get(t.app, `/api/blog-to-video/detail?projectId=${randomUUID()}`, account.token),
        await post(t.app, '/api/blog-to-video/delete', { projectIds: [randomUUID()] }, account.token),
        await saveScenes(account.token, { projectId: randomUUID(), revision: 1, scenes: [{ text: 'x', media: null }] }),
        await post(t.app, '/api/blog-to-video/summarise', { projectId: randomUUID(), revision: 1 }, account.token),
      ];
      expect(answers.map(refusal)).toEqual(Array(answers.length).fill([403, 'blog_not_allowed']));
    }
    const late = await accountOnPlan(t, 'Pro');
    const project = (await create(t, late.token, { text: PASTED })).body.data;
    await t.db.updateTable('account').set({ vip_period: 'buffer-period' }).where('id', '=', late.accountId).execute();
    expect(refusal(await create(t, late.token, { text: PASTED }))).toEqual([403, 'plan_period']);
    const edited = await saveScenes(late.token, {
      projectId: project.projectId,
      revision: project.revision,
      scenes: [{ text: 'Still editable in Buffer.', media: null }],
    });
    expect(edited.status).toBe(200);
    await t.db.updateTable('account').set({ vip_period: 'frozen-period' }).where('id', '=', late.accountId).execute();
    const frozen = await saveScenes(late.token, {
      projectId: project.projectId,
      revision: edited.body.data.revision,
      scenes: [{ text: 'Not in Frozen.', media: null }],
    });
    expect(refusal(frozen)).toEqual([403, 'plan_period']);
    expect((await detail(late.token, project.projectId)).body.data.scenes[0].text).toBe('Still editable in Buffer.');
  });
});

/** A material of the library as its module leaves it once processed (the upload flow is the materials module's to test). */
async function material(
  owner: { accountId: string },
  kind: 'image' | 'material-video' | 'material-audio' | 'tts-scene' | 'tts-subtitle',
  status: 'ready' | 'processing' = 'ready',
) {
  const row = await t.db
    .insertInto('material')
    .values({
      account_id: owner.accountId,
      kind,
      name: `${kind}.bin`,
      size: 10,
      status,
      source_key: `sources/${owner.accountId}/materials/x/source`,
      part_size: 10,
      duration: kind === 'image' ? null : 6.5,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('blog-to-video: the library in a project', () => {
  it('takes the account’s ready pictures, clips, recordings and music, and refuses the others', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const stranger = await accountOnPlan(t, 'Pro');
    const project = (await create(t, owner.token, { text: PASTED, sceneMode: 'sentence' })).body.data;
    const [image, clip, recording, audio, script] = [
      await material(owner, 'image'),
      await material(owner, 'material-video'),
      await material(owner, 'tts-scene'),
      await material(owner, 'material-audio'),
      await material(owner, 'tts-subtitle'),
    ];
    const saved = await saveScenes(owner.token, {
      projectId: project.projectId,
      revision: project.revision,
      scenes: [
        { text: 'A picture.', media: { source: 'material', materialId: image } },
        { text: 'A clip, read by me.', media: { source: 'material', materialId: clip }, voiceMaterialId: recording },
      ],
    });
    expect(saved.status).toBe(200);
    expect(
      saved.body.data.scenes.map((scene: { media: unknown; duration: number }) => [scene.media, scene.duration]),
    ).toEqual([
      [
        {
          source: 'material',
          materialId: image,
          index: null,
          kind: 'image',
          url: `/media/material/${image}/source`,
          cover: null,
        },
        2,
      ],
      [
        {
          source: 'material',
          materialId: clip,
          index: null,
          kind: 'video',
          url: `/media/material/${clip}/source`,
          cover: null,
        },
        6.9,
      ],
    ]);
    expect(saved.body.data.cover).toBe(`/media/material/${image}/source`);
    const settings = await post(
      t.app,
      '/api/blog-to-video/subtitles',
      {
        projectId: project.projectId,
        revision: saved.body.data.revision,
        voice: { enabled: true, lang: 'en', speed: 1, recordingMaterialId: script },
        bgm: { trackId: null, materialId: audio, volume: 20 },
      },
      owner.token,
    );
    expect(settings.body.data.settings).toMatchObject({
      voice: { recordingMaterialId: script },
      bgm: { trackId: null, materialId: audio, volume: 20 },
    });

    const revision = settings.body.data.revision;
    const withMedia = (media: unknown, voiceMaterialId: unknown = null) =>
      saveScenes(owner.token, {
        projectId: project.projectId,
        revision,
        scenes: [{ text: 'Scene.', media, voiceMaterialId }],
      });
    const theirs = await material(stranger, 'image');
    const waiting = await material(owner, 'image', 'processing');
    expect(
      [
        await withMedia({ source: 'material', materialId: theirs }),
        await withMedia({ source: 'material', materialId: audio }),
        await withMedia({ source: 'material', materialId: waiting }),
        await withMedia(null, image),
        await withMedia(null, await material(stranger, 'tts-scene')),
      ].map(refusal),
    ).toEqual([
      [404, 'material_not_found'],
      [400, 'material_wrong_kind'],
      [409, 'material_not_ready'],
      [400, 'material_wrong_kind'],
      [404, 'material_not_found'],
    ]);
    const bgm = await post(
      t.app,
      '/api/blog-to-video/subtitles',
      { projectId: project.projectId, revision, bgm: { trackId: null, materialId: image, volume: 20 } },
      owner.token,
    );
    expect(refusal(bgm)).toEqual([400, 'material_wrong_kind']);
    expect((await detail(owner.token, project.projectId)).body.data).toEqual(settings.body.data);
  });
});

describe('blog-to-video: summarise with a chat model', () => {
  let engine: FakeEngineServer;
  let chat: TestApp;
  let failing = false;
  const SHORTER = 'Video turns readers into customers.\nKeep each clip to one question.';
  beforeAll(async () => {
    engine = await fakeEngineServer(() =>
      failing
        ? { status: 400, body: { error: 'no' } }
        : { body: { choices: [{ message: { content: JSON.stringify({ items: [SHORTER] }) } }] } },
    );
    chat = await createTestApp({ TEXT_TASKS_URL: engine.url, SPEECH_ENGINE_RETRIES: '0' });
  });
  afterAll(async () => {
    await chat?.close();
    await engine?.close();
  });

  it('takes the model’s shorter script, and the key sentences when the model fails', async () => {
    const owner = await accountOnPlan(chat, 'Pro');
    const project = (await create(chat, owner.token, { text: PASTED })).body.data;
    const summarise = (revision: number) =>
      post(chat.app, '/api/blog-to-video/summarise', { projectId: project.projectId, revision }, owner.token);
    const rewritten = await summarise(project.revision);
    expect(rewritten.body.data.scenes.map((scene: { text: string }) => scene.text)).toEqual([
      'Video turns readers into customers.',
      'Keep each clip to one question.',
    ]);
    const sent = JSON.parse(engine.to('/v1/chat/completions')[0]?.body.toString() ?? '{}');
    expect(sent.messages[1].content).toContain('Sentence 1 says one more thing');

    failing = true;
    const kept = await summarise(rewritten.body.data.revision);
    expect(kept.status).toBe(200);
    expect(kept.body.data.scenes.map((scene: { text: string }) => scene.text)).toEqual([
      'Video turns readers into customers.',
    ]);
  });
});
