import { randomUUID } from 'node:crypto';
import { contactClickBody } from '@leadreel/shared';
import { analyticsBatchBody } from '@leadreel/shared/contracts/analytics';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobQueue } from '../../src/modules/jobs/jobs.ts';
import { v1Document } from '../../src/modules/public-api/openapi-v1.ts';
import { videoWithForm } from '../factories.ts';
import { createTestApp, get, post, signUp, type TestApp } from '../helpers.ts';
import type { JsonSchema, Seeds } from './arbitraries.ts';
import { type FuzzRequest, type RouteSpec, requestArb, signedOutArb } from './requests.ts';

// whatever a client sends to any route, the answer is never a 5xx and always the envelope
// `{ statusCode, error, message }` (or `{ statusCode, data }`) with the HTTP status equal to statusCode.
// Inputs come from each route's own schema (the OpenAPI document the server builds from the shared
// contracts) with mutations at every depth: wrong types, NUL and lone surrogates, huge strings, missing and
// extra fields, numbers out of range, arrays where objects go. Each is sent signed out and with a valid token.
// FUZZ_RUNS and FUZZ_SEED (printed by fast-check on a failure) reproduce or widen a run.
// make test runs 1,000 per route. Each run is one request, signed in two times in three (most routes check a
// session before anything else, so a signed-out request goes no deeper than that check) and otherwise signed
// out or with a broken token.
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let t: TestApp;
let cosToken: string;
/** The public API's key: its id is kept out of the seeds, so the fuzzed key routes cannot revoke it. */
let apiSecret: string;
const seeds: Seeds = { uuids: [], emails: [], strings: [] };
// Jobs are recorded nowhere: the fuzz is about the HTTP answer, and nothing may leave the machine.
const queue: JobQueue = { send: async () => undefined };

/** Rows of every kind a route can name, so generated ids reach the code behind "not found". */
async function seed() {
  const account = await signUp(t);
  const token = account.token;
  // The sign-in routes change passwords and end sessions: they get an account of their own.
  const other = await signUp(t);
  const otherRow = await t.db
    .selectFrom('account')
    .select('id')
    .where('email', '=', other.email)
    .executeTakeFirstOrThrow();
  const row = await t.db
    .updateTable('account')
    .set({ plan_type: 'Pro' })
    .where('email', '=', account.email)
    .returning(['id', 'default_folder_id'])
    .executeTakeFirstOrThrow();
  const folderId = row.default_folder_id as string;
  const video = { id: await videoWithForm(t, { accountId: row.id, folderId }) };
  const folder = await post(t.app, '/api/vod/video/folder/add', { name: 'Fuzz' }, token);
  const leadBody = {
    videoId: video.id,
    answers: { name: 'Ada Lovelace', email: 'ada@example.test', message: 'Call me.' },
    second: 1,
    page: 'https://customer.example.test/pricing',
    referrer: 'https://search.example.test/',
    language: 'en',
    elapsedMs: 8000,
    website: '',
    viewerId: 'viewer_0123456789abcdef',
  };
  const lead = await post(t.app, '/api/public/lead', leadBody);
  const clickBody = { ...leadBody, kind: 'whatsapp', answers: undefined, language: undefined };
  const subtitle = await post(
    t.app,
    '/api/vod/video/subtitle/upload',
    {
      videoId: video.id,
      lang: 'en',
      label: 'English',
      fileName: 'en.srt',
      content: '1\n00:00:00,000 --> 00:00:01,000\nHello\n',
    },
    token,
  );
  const leadRow = await t.db.selectFrom('lead').select('id').executeTakeFirst();
  const webhook = await post(
    t.app,
    '/api/webhook/create',
    { url: 'http://127.0.0.1:9/hook', events: ['lead.created'] },
    token,
  );
  const delivery = await post(t.app, '/api/webhook/test', { id: webhook.body.data?.id }, token);
  const apiKey = await post(t.app, '/api/api-key/create', { name: 'Fuzz' }, token);
  const v1Key = await post(t.app, '/api/api-key/create', { name: 'Fuzz v1' }, token);
  apiSecret = v1Key.body.data?.secret;
  const [uploadingId] = (
    await post(
      t.app,
      '/api/vod/video/pre-add-custom-video',
      {
        videos: [{ videoName: 'clip.mp4', size: 1000 }],
      },
      token,
    )
  ).body.data as string[];
  cosToken = (await get(t.app, '/api/cos/vod/video/credential', token)).body.data.credentials.sessionToken;
  const withCos = { authorization: `Bearer ${token}`, 'x-cos-security-token': cosToken };
  await t.app.inject({
    method: 'POST',
    url: '/api/vod/video/upload/start',
    headers: withCos,
    payload: { sourceVideoId: uploadingId },
  });
  const signed = await t.app.inject({
    method: 'POST',
    url: '/api/vod/video/upload/sign-parts',
    headers: withCos,
    payload: { sourceVideoId: uploadingId, partNumbers: [1] },
  });
  const partUrl = new URL(signed.json().data.urls[0].url, 'http://x.test');
  const ids: Record<string, unknown> = {
    account: row.id,
    defaultFolder: folderId,
    video: video.id,
    folder: folder.body.data?.folderId,
    lead: leadRow?.id,
    subtitle: subtitle.body.data?.subtitleId,
    webhook: webhook.body.data?.id,
    delivery: delivery.body.data?.id,
    apiKey: apiKey.body.data?.id,
    uploading: uploadingId,
  };
  for (const [name, id] of Object.entries(ids)) {
    if (typeof id !== 'string')
      throw new Error(
        `seeding ${name}: ${JSON.stringify({ folder, lead, subtitle, webhook, delivery, apiKey, signed: signed.json() })}`,
      );
  }
  seeds.uuids.push(...(Object.values(ids) as string[]));
  seeds.emails.push(account.email, other.email);
  seeds.strings.push(
    account.password,
    other.password,
    ...partUrl.searchParams.values(),
    '',
    ' ',
    'en',
    'zh_CN',
    'http://127.0.0.1:9/hook',
  );
  // Bodies the public routes accept, the two the issue found failing (NUL or a lone surrogate in page, referrer).
  const examples: Record<string, Record<string, unknown>> = {
    '/api/public/lead': leadBody,
    '/api/public/click': JSON.parse(JSON.stringify({ ...clickBody, elapsedMs: undefined, website: undefined })),
    '/api/public/events': {
      videoId: leadBody.videoId,
      sessionId: 'fuzz-session-00000001',
      page: leadBody.page,
      referrer: leadBody.referrer,
      events: [{ id: randomUUID(), kind: 'play', at: Date.now(), position: 1 }],
    },
  };
  return {
    partQuery: Object.fromEntries(partUrl.searchParams),
    accountId: row.id,
    authAccountId: otherRow.id,
    examples,
  };
}

/** Every route the server registered, from Fastify's own tree: the fuzz must know each one. */
function registeredRoutes(): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─ ]*?)(?:├── |└── )(\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const full = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = full;
    for (const method of (match[3] ?? '').split(', ')) if (method !== 'HEAD') routes.push(`${method} ${full}`);
  }
  return routes;
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};

/** The routes of an OpenAPI document: the path in Fastify's form under `prefix`, the query and the body. */
function specsOf(document: OpenApi, prefix: string, extra: (openApiPath: string) => Partial<RouteSpec>): RouteSpec[] {
  const specs: RouteSpec[] = [];
  for (const [openApiPath, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const queryParams = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
      specs.push({
        method: method.toUpperCase() as RouteSpec['method'],
        path: `${prefix}${openApiPath}`.replace('{*}', '*').replace(/\{(\w+)\}/g, ':$1'),
        query:
          queryParams.length > 0
            ? {
                type: 'object',
                properties: Object.fromEntries(queryParams.map((parameter) => [parameter.name, parameter.schema])),
                required: queryParams.filter((parameter) => parameter.required).map((parameter) => parameter.name),
              }
            : undefined,
        body: operation.requestBody?.content['application/json']?.schema,
        envelope: false,
        ...extra(openApiPath),
      });
    }
  }
  return specs;
}

function routeSpecs(partQuery: Record<string, string>, examples: Record<string, Record<string, unknown>>): RouteSpec[] {
  const specs: RouteSpec[] = [
    ...specsOf(t.app.swagger() as unknown as OpenApi, '', (openApiPath) => ({
      envelope: openApiPath.startsWith('/api/'),
    })),
    // The public API, from its own document (written from its catalogue), signed in with an API key.
    ...specsOf(v1Document() as unknown as OpenApi, '/api/v1', () => ({ apiKey: true })),
  ];
  // Routes kept out of the document: the player's click and event beacons, the local driver's part uploads, health checks,
  // the document itself and the player's scripts, and the not-found handler behind every other path.
  const hidden: RouteSpec[] = [
    {
      method: 'POST',
      path: '/api/public/click',
      body: z.toJSONSchema(contactClickBody, { io: 'input' }) as JsonSchema,
      bodyKind: 'beacon',
      envelope: true,
    },
    {
      method: 'POST',
      path: '/api/public/click',
      body: z.toJSONSchema(contactClickBody, { io: 'input' }) as JsonSchema,
      envelope: true,
    },
    ...(['beacon', undefined] as const).map(
      (bodyKind): RouteSpec => ({
        method: 'POST',
        path: '/api/public/events',
        body: z.toJSONSchema(analyticsBatchBody, { io: 'input' }) as JsonSchema,
        ...(bodyKind ? { bodyKind } : {}),
        envelope: true,
      }),
    ),
    {
      method: 'PUT',
      path: '/api/storage/part',
      query: {
        type: 'object',
        properties: Object.fromEntries(Object.keys(partQuery).map((name) => [name, { type: 'string', pattern: '' }])),
        required: Object.keys(partQuery),
      },
      bodyKind: 'bytes',
      envelope: true,
    },
    { method: 'GET', path: '/healthz', envelope: true },
    { method: 'GET', path: '/readyz', envelope: true },
    { method: 'GET', path: '/api/openapi.json', envelope: false },
    { method: 'GET', path: '/api/v1/openapi.json', envelope: false },
    // The reference pages: Scalar's script is 4 MB, and a thousand runs of each would be most of the fuzz.
    ...['/api/v1/docs', '/api/v1/docs/zh'].flatMap((docs) =>
      ['', '/', '/openapi.json', '/openapi.yaml', '/js/scalar.js'].map(
        (file): RouteSpec => ({ method: 'GET', path: `${docs}${file}`, envelope: false, runs: 50 }),
      ),
    ),
    ...['hls.light.min.js', 'hls.min.js', 'embed.js', 'player.js', 'controls.js', 'feed.js'].map(
      (file): RouteSpec => ({ method: 'GET', path: `/player/${file}`, envelope: false }),
    ),
    { method: 'GET', path: '/api/:anything', envelope: true },
    { method: 'POST', path: '/:anything/:more', envelope: true },
  ];
  return [...specs, ...hidden].map((spec) => ({ ...spec, example: examples[spec.path] }));
}

/** The envelope rule, and no 5xx. */
function check(spec: RouteSpec, request: FuzzRequest, response: LightMyRequestResponse) {
  const problem = (what: string) =>
    new Error(
      `${what}\n${request.method} ${request.url}\n${JSON.stringify(request.headers)}\n${String(request.payload).slice(0, 2000)}\n=> ${response.statusCode} ${response.body.slice(0, 2000)}`,
    );
  if (response.statusCode >= 500) throw problem('server error');
  const type = String(response.headers['content-type'] ?? '');
  const isError = response.statusCode >= 400;
  if (!type.startsWith('application/json')) {
    if (isError && request.url.startsWith('/api/')) throw problem('an API error outside the envelope');
    return;
  }
  if (request.method === 'HEAD' || response.statusCode === 204) return;
  const body = response.json() as Record<string, unknown>;
  if (isError || spec.envelope) {
    if (body.statusCode !== response.statusCode) throw problem('statusCode differs from the HTTP status');
  }
  if (isError && (typeof body.error !== 'string' || typeof body.message !== 'string')) {
    throw problem('an error without { error, message }');
  }
  if (!isError && spec.envelope && !('data' in body)) throw problem('a success without { data }');
}

// Every log line the app writes, kept only when it carries a stack: none may, since no answer is a 5xx.
const stacks: string[] = [];
let logLines = 0;
const log = pino(
  { level: 'info' },
  {
    write(line: string) {
      logLines += 1;
      if (line.includes('"stack"')) stacks.push(line);
    },
  },
);

const isDeletion = (spec: RouteSpec) => spec.method === 'DELETE' || spec.path.includes('delete');

/**
 * Defines the fuzz of one share of the routes (every `shards`-th, from `shard`) on an app and database of its own,
 * so that the shares run in parallel test files, one per core.
 */
export async function fuzzShard(shard: number, shards: number) {
  // Made before the tests are collected, so that each route is a test of its own name.
  // The public API's limit per key would otherwise turn most runs on its routes into a 429.
  t = await createTestApp(
    { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', API_RATE_LIMIT_PER_MINUTE: '100000' },
    { queue, log },
  );
  const { partQuery, accountId, authAccountId, examples } = await seed();
  // Deletes last, so the seeded rows serve every other route first.
  const every = routeSpecs(partQuery, examples).sort((a, b) => Number(isDeletion(a)) - Number(isDeletion(b)));
  const specs = every.filter((_spec, index) => index % shards === shard);
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  let requests = 0;
  afterAll(async () => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const cpu = process.cpuUsage(cpuAtStart);
    const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1);
    console.log(
      `fuzz part ${shard + 1}/${shards}: ${specs.length} routes x ${RUNS} runs, ${requests} requests in ${seconds} s (${cpuSeconds} s CPU)`,
    );
    await t.close();
  });

  /** The request's credentials: null for the seeded account's session, else what signedOutArb sends. */
  const authArb = fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary: signedOutArb(), weight: 1 });

  describe(`every route, fuzzed (part ${shard + 1} of ${shards})`, () => {
    it('knows every registered route, and reads what the app logs', () => {
      // Seeding logged its requests: the check that no stack is logged reads the real log.
      expect(logLines).toBeGreaterThan(0);
      const known = new Set(every.map((spec) => `${spec.method} ${spec.path}`));
      // printRoutes shows the media wildcard route as a bare "*".
      const unknown = registeredRoutes().filter((route) => !known.has(route) && route !== 'GET *');
      expect(unknown).toEqual([]);
    });

    it.each(
      specs.map((spec) => [`${spec.method} ${spec.path}${spec.bodyKind ? ` (${spec.bodyKind})` : ''}`, spec] as const),
    )('%s', async (_name, spec) => {
      // A fuzzed deletion request may type the right email and lock its account: the sign-in routes' account
      // takes it, and any deletion it asked for is cancelled before the next run.
      const deletes = spec.path.startsWith('/api/account/delet');
      const owner = spec.path.startsWith('/api/auth/') || deletes ? authAccountId : accountId;
      let token = await t.services.sessions.issue(owner);
      await fc.assert(
        fc.asyncProperty(requestArb(spec, seeds), authArb, async (request, signedOut) => {
          // Sign-out and password changes end sessions: each run of those routes gets a fresh one.
          if (deletes) await t.services.accountDeletion.cancel(owner).catch(() => undefined);
          if (owner === authAccountId && !signedOut) token = await t.services.sessions.issue(owner);
          const signedIn: Record<string, string> = spec.apiKey
            ? { authorization: `Bearer ${apiSecret}` }
            : { authorization: `Bearer ${token}`, 'x-cos-security-token': cosToken };
          const auth = signedOut ?? signedIn;
          const sent = { ...request, headers: { ...request.headers, ...auth } };
          check(spec, sent, await t.app.inject(sent));
          requests += 1;
        }),
        { numRuns: Math.min(RUNS, spec.runs ?? RUNS), seed: SEED },
      );
      expect(stacks).toEqual([]);
    });
  });
}
