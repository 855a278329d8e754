import { type ChildProcess, spawn } from 'node:child_process';
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

export async function waitReady(server: Running) {
  for (let i = 0; i < 300; i++) {
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

export const postJson = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
