import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import pg from 'pg';
import { type Logger, pino } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type Services } from '../src/app.ts';
import { type Config, parseConfig } from '../src/config.ts';
import { createDb, type Db } from '../src/db/database.ts';
import { type Clock, manualClock } from '../src/lib/clock.ts';
import { JOB_KINDS } from '../src/modules/index.ts';
import { type JobQueue, openJobs } from '../src/modules/jobs/jobs.ts';
import { createMailer, type Mailer } from '../src/modules/mail/mailer.ts';
import { jobWorkers } from '../src/runtime.ts';

export type TestDatabase = { db: Db; url: string; drop: () => Promise<void> };

/**
 * A fresh, migrated database of its own for one test file, on the run's PostgreSQL (18 or 15): the
 * application's tables and the analytics ones, or only the analytics ones (a database for
 * ANALYTICS_DATABASE_URL).
 */
export async function createTestDatabase(only?: 'analytics'): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A copy of the run's migrated template (global-setup.ts), not the migrations run again.
  const templates = inject('databaseTemplates');
  await admin.query(`create database ${name} template ${only === 'analytics' ? templates.analytics : templates.full}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 5);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  services: Services;
  db: Db;
  /** Where the analytics tables are: `db`, or a database of their own (`separateAnalytics`). */
  analyticsDb: Db;
  config: Config;
  clock: Clock & { advance: (ms: number) => void };
  mailer: Mailer;
  outbox: string;
  close: () => Promise<void>;
};

/**
 * What a test file makes before its tests and closes after them (vitest runs after-hooks in reverse, so
 * what is made later closes first). Its fields are read through the answer once made; before, they throw.
 */
function madeBeforeAll<T extends object>(make: () => Promise<T>, close: (made: T) => Promise<void>): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  afterAll(async () => {
    if (made) await close(made);
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!made) throw new Error('used before its beforeAll made it');
      return Reflect.get(made, key);
    },
  });
}

/** The file's test app, started before its tests and closed after them. */
export const useTestApp = (...args: Parameters<typeof createTestApp>): TestApp =>
  madeBeforeAll(
    () => createTestApp(...args),
    (app) => app.close(),
  );

/** The file's own database, made before its tests and dropped after them (after its app closes). */
export const useTestDatabase = (): TestDatabase => madeBeforeAll(createTestDatabase, (database) => database.drop());

/** The real app on a real database, with the outbox mailer writing into a temporary folder. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    database?: TestDatabase;
    mailer?: Mailer;
    media?: boolean;
    pageCacheMs?: number;
    /** A queue of the test's own (jobs recorded, run by hand); `media` brings the real one instead. */
    queue?: JobQueue;
    /** Where the app logs (silent unless given). */
    log?: Logger;
    /** The analytics tables in a database of their own, as ANALYTICS_DATABASE_URL puts them. */
    separateAnalytics?: boolean;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const analytics = options.separateAnalytics ? await createTestDatabase('analytics') : undefined;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'leadreel-app-'));
  const config = parseConfig({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-console'),
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const log = options.log ?? pino({ level: 'silent' });
  const outbox = path.join(dataDir, 'mail');
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: outbox, log });
  const clock = manualClock(new Date());
  // With media, the real job queue and one worker run the real ffmpeg pipeline, as in production.
  const jobs = options.media
    ? await openJobs({
        connectionString: database.url,
        log,
        kinds: JOB_KINDS,
        timings: { heartbeatSeconds: 10, superviseSeconds: 2 },
      })
    : undefined;
  const { app, services } = await buildApp({
    config,
    db: database.db,
    analyticsDb: analytics?.db,
    mailer,
    clock,
    log,
    queue: jobs ?? options.queue,
    pageCacheMs: options.pageCacheMs,
  }).catch(async (error: unknown) => {
    // An app that cannot start (a test of a bad setting) leaves nothing behind.
    await jobs?.stop();
    await analytics?.drop();
    if (!options.database) await database.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  if (jobs) await jobs.startWorkers(1, jobWorkers(services, config, log));
  await app.ready();
  return {
    app,
    services,
    db: database.db,
    analyticsDb: analytics?.db ?? database.db,
    config,
    clock,
    mailer,
    outbox,
    async close() {
      await app.close();
      await jobs?.stop();
      await analytics?.drop();
      if (!options.database) await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The raw messages in the outbox, oldest first. */
export async function outboxMessages(outbox: string): Promise<string[]> {
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8')));
}

/** The outbox's messages to `email`, parsed, oldest first. */
export async function mailsTo(outbox: string, email: string): Promise<ParsedMail[]> {
  const parsed = await Promise.all((await outboxMessages(outbox)).map((raw) => simpleParser(raw)));
  return parsed.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === email);
}

/** The six-digit code of the newest message sent to `email`. */
export async function lastCode(outbox: string, email: string): Promise<string> {
  const code = /^(\d{6})$/m.exec((await mailsTo(outbox, email)).at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export async function post(app: FastifyInstance, url: string, body: unknown, token?: string) {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: body === undefined ? undefined : (body as object),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, body: response.json() };
}

export async function get(app: FastifyInstance, url: string, token?: string) {
  const response = await app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.statusCode, body: response.json() };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString('hex')}@example.test`;
}

/** Signs a new account up through the API, as the console does. */
export async function signUp(t: TestApp, email = uniqueEmail(), password = 'correct horse battery') {
  const sent = await post(t.app, '/api/auth/verify-code', { email, scene: 'signup' });
  if (sent.status !== 200) throw new Error(`verify-code failed: ${JSON.stringify(sent.body)}`);
  const code = await lastCode(t.outbox, email);
  const signup = await post(t.app, '/api/auth/signup', { email, password, code });
  if (signup.status !== 200) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  return { email, password, token: signup.body.data.accessToken as string };
}

/**
 * A browser on the auth routes: it sends back the cookies they set (device and reset cookies), as the
 * console's same-origin fetch does, from one address.
 */
export function browser(app: FastifyInstance, ip = '203.0.113.10') {
  const jar = new Map<string, string>();
  return {
    jar,
    async post(url: string, body: unknown) {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await app.inject({
        method: 'POST',
        url,
        remoteAddress: ip,
        payload: body as object,
        headers: cookie ? { cookie } : {},
      });
      for (const line of [response.headers['set-cookie'] ?? []].flat()) {
        const pair = line.split(';')[0] ?? '';
        const at = pair.indexOf('=');
        if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return { status: response.statusCode, body: response.json() };
    },
  };
}
