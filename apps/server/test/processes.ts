import { type ChildProcess, spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Server processes for tests that kill, restart or configure the real thing. */
export const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
export const WORKER = path.resolve(import.meta.dirname, '../src/worker.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type Running = { child: ChildProcess; output: () => string; exited: Promise<number | null>; url: string };

export function startServer(dataDir: string, port: number, env: Record<string, string> = {}, entry = MAIN): Running {
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH,
      // make test's compiled-code cache (Makefile): each of the suite's many server starts is faster.
      ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: path.join(dataDir, 'no-console'),
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited, url: `http://127.0.0.1:${port}` };
}

/** Waits until the server answers /readyz: a condition, with a limit generous enough for a loaded machine. */
export async function waitReady(server: Running, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(`${server.url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not ready: ${server.output()}`);
}

/** The state letter of a process in /proc (R, S, Z...), or null when there is no such process. */
async function processState(pid: number): Promise<string | null> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last one.
  return stat ? (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null) : null;
}

/** Whether a process still runs: it exists and is not a zombie waiting to be reaped. */
export async function isRunning(pid: number): Promise<boolean> {
  const state = await processState(pid);
  return state !== null && state !== 'Z';
}

/** The live children of `parent`, with their command lines (arguments joined by spaces), from /proc. */
export async function childrenOf(parent: number): Promise<{ pid: number; command: string }[]> {
  const children: { pid: number; command: string }[] = [];
  for (const name of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await fs.readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) !== parent || fields[0] === 'Z') continue;
    const command = await fs.readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
    children.push({ pid: Number(name), command: command.split('\0').join(' ').trim() });
  }
  return children;
}

export const postJson = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
