import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, postJson, type Running, startServer } from './processes.ts';

// the server lives through its database dying, freezing and coming back.
const run = promisify(execFile);
const PG15 = path.resolve(import.meta.dirname, '../../../scripts/pg15.sh');
const PG_CTL = '/usr/lib/postgresql/15/bin/pg_ctl';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'leadreel-outage-'));
  await chmod(dataDir, 0o755);
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const asPostgres = (command: string, args: string[]) =>
  process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);

/** A login with a wrong password: a database route that answers 4xx while the database is up. */
const login = (server: Running) =>
  postJson(`${server.url}/api/auth/login`, { email: 'nobody@outage.test', password: 'not the password' });
const served = async (server: Running) => {
  const { status } = await login(server);
  return status >= 400 && status < 500 ? true : undefined;
};

async function until<T>(what: string, check: () => Promise<T | undefined>, limitMs = 90_000): Promise<T> {
  for (const start = Date.now(); Date.now() - start < limitMs; ) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** PostgreSQL's postmaster and every backend it forked: what "a frozen database" stops. */
async function clusterPids(postmasterPid: number): Promise<number[]> {
  const pids = [postmasterPid];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === postmasterPid) pids.push(Number(entry));
  }
  return pids;
}

const expectUnavailable = async (response: Response) => {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await response.json()).toEqual({
    statusCode: 503,
    error: 'service_unavailable',
    message: expect.any(String),
  });
};

// These start their own PostgreSQL and servers, whatever the suite's database: once per `make test` is
// enough, so the second pass (on Debian's PostgreSQL 15) leaves this file out (scripts/test-all.sh).
describe('an external PostgreSQL that freezes, stops and comes back', () => {
  it('answers 503 and not ready while it is out, then serves again without a restart of LeadReel', async () => {
    const cluster = path.join(dataDir, 'pg15');
    const pgPort = await freePort();
    const url = (await run('bash', [PG15, 'start', cluster, String(pgPort)])).stdout.trim();
    const server = startServer(dataDir, await freePort(), { DATABASE_URL: url, JOB_SUPERVISE_SECONDS: '2' });
    try {
      await until('the server to start', async () => (await fetch(`${server.url}/readyz`)).ok || undefined);
      expect(await served(server)).toBe(true);

      // Frozen (SIGSTOP): connections are open but nothing answers. /readyz must not hang with it.
      const postmaster = Number((await readFile(path.join(cluster, 'data', 'postmaster.pid'), 'utf8')).split('\n')[0]);
      const frozen = await clusterPids(postmaster);
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
      try {
        const ready = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(20_000) });
        expect(ready.status).toBe(503);
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      } finally {
        for (const pid of frozen) process.kill(pid, 'SIGCONT');
      }
      await until('the thawed database', () => served(server));

      // Stopped: connections are refused.
      await asPostgres(PG_CTL, ['-D', path.join(cluster, 'data'), '-m', 'immediate', '-w', 'stop']);
      await expectUnavailable(await login(server));
      await expectUnavailable(await login(server));
      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

      await asPostgres(PG_CTL, [
        '-D',
        path.join(cluster, 'data'),
        '-l',
        path.join(cluster, 'server.log'),
        '-w',
        '-o',
        `-p ${pgPort} -c listen_addresses=127.0.0.1 -k ${cluster}`,
        'start',
      ]);
      await until('the server to serve again', () => served(server));
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

      // The job queue lived through it too: a job sent now is taken by the server's worker.
      const mark = server.output().length;
      const boss = new PgBoss({ connectionString: url, schema: 'pgboss', supervise: false, schedule: false });
      boss.on('error', () => undefined);
      await boss.start();
      await boss.send('maintenance-sweep', {});
      await boss.stop({ graceful: false });
      await until('the sweep job', async () =>
        server.output().slice(mark).includes('swept expired sessions') ? true : undefined,
      );
      expect(server.child.exitCode).toBeNull();
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await run('bash', [PG15, 'stop', cluster]);
    }
  }, 240_000);
});

describe('the embedded PostgreSQL killed under the server', () => {
  it('is started again by the server, which then serves as before', async () => {
    const embeddedDir = path.join(dataDir, 'embedded');
    const server = startServer(embeddedDir, await freePort());
    try {
      await until('the server to start', async () => (await fetch(`${server.url}/readyz`)).ok || undefined);
      expect(await served(server)).toBe(true);
      const pidFile = path.join(embeddedDir, 'postgres', 'postmaster.pid');
      const postmaster = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
      process.kill(postmaster, 'SIGKILL');

      await until('the restarted database', async () => {
        const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
        return pid !== postmaster ? served(server) : undefined;
      });
      expect(server.output()).toContain('embedded PostgreSQL restarted');
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      expect(server.child.exitCode).toBeNull();

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('embedded PostgreSQL stopped');
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.exited;
      // A failed run must not leave its PostgreSQL behind.
      const left = await readFile(path.join(embeddedDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '');
      if (left) await run('kill', ['-KILL', left.split('\n')[0] as string]).catch(() => undefined);
    }
  }, 180_000);
});
