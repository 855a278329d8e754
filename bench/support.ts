import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * A real LeadReel server on a throwaway data folder (embedded PostgreSQL), for benchmarks; `entry` is the
 * script the process runs, from the repository's root.
 */
export async function startBenchServer(env: Record<string, string> = {}, entry = 'apps/server/src/main.ts') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'leadreel-bench-'));
  await chmod(dataDir, 0o755);
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      // BENCH_CPU_PROFILE=<folder>: the server writes its V8 CPU profile there as it stops.
      ...(process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []),
      path.join(ROOT, entry),
    ],
    {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  // A bench that fails takes its LeadReel (and that one's PostgreSQL) down with it, rather than leaving them
  // running with its output pipe open.
  const stopWithBench = () => child.kill('SIGTERM');
  process.once('exit', stopWithBench);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600 || child.exitCode !== null) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dataDir,
    /** CPU seconds spent so far by the server process, and by the processes it started (its PostgreSQL). */
    cpuSeconds: () => treeCpuSeconds(child.pid as number),
    async stop() {
      process.off('exit', stopWithBench);
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Linux's clock ticks a second (getconf CLK_TCK), the unit of /proc/<pid>/stat's CPU times. */
const TICKS = 100;

/**
 * CPU seconds (user and system) of a process, and of its descendants, from /proc: a figure other work on the
 * machine hardly moves, where a rate it shares the cores with does. A descendant that has exited (a
 * PostgreSQL backend) counts in its parent's reaped-children times, so the total never goes back.
 */
export async function treeCpuSeconds(pid: number) {
  const processes: { pid: number; parent: number; seconds: number; reaped: number }[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // After the command's closing parenthesis: state, ppid, ... utime is field 14, stime 15, and the reaped
    // children's cutime 16 and cstime 17 (1-based).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.length < 15) continue;
    processes.push({
      pid: Number(entry),
      parent: Number(fields[1]),
      seconds: (Number(fields[11]) + Number(fields[12])) / TICKS,
      reaped: (Number(fields[13]) + Number(fields[14])) / TICKS,
    });
  }
  const own = processes.find((p) => p.pid === pid)?.seconds ?? 0;
  const tree = new Set([pid]);
  let descendants = 0;
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of processes) {
      if (tree.has(p.pid) || !tree.has(p.parent)) continue;
      tree.add(p.pid);
      descendants += p.seconds + p.reaped;
      grew = true;
    }
  }
  return { server: own, children: descendants };
}

/** Signs a new account up with the code from the outbox; answers its token. */
export async function benchAccount(server: { url: string; dataDir: string }) {
  const email = `bench-${Date.now()}@example.test`;
  const post = (url: string, body: unknown) =>
    fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/auth/verify-code', { email, scene: 'signup' });
  const outbox = path.join(server.dataDir, 'mail');
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    for (const file of existsSync(outbox) ? await readdir(outbox) : []) {
      const text = await readFile(path.join(outbox, file), 'utf8');
      if (text.includes(email)) code = /^(\d{6})\r?$/m.exec(text)?.[1];
    }
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const answer = (await (await post('/api/auth/signup', { email, password: 'benchmark password', code })).json()) as {
    data: { accessToken: string };
  };
  return { email, token: answer.data.accessToken };
}

/**
 * A source like a real camera's: 1080p30 H.264/AAC with moving detail and noise, which encoders cannot
 * cheat on the way they can on flat test patterns, at `rate` (a camera's 8 Mb/s; a phone's 16). Made once
 * and cached.
 */
export async function benchSource(seconds = 60, size = '1920x1080', rate = '8M'): Promise<string> {
  const file = path.join(tmpdir(), `leadreel-bench-${size}-${seconds}s${rate === '8M' ? '' : `-${rate}`}.mp4`);
  if (existsSync(file)) return file;
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=30:duration=${seconds},noise=alls=20:allf=t+u`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-b:v',
    rate,
    '-pix_fmt',
    'yuv420p',
    '-g',
    '60',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    `${file}.tmp.mp4`,
  ]);
  await run('mv', [`${file}.tmp.mp4`, file]);
  return file;
}

/**
 * A low-bitrate source as phones and screen recorders send: 720p30 H.264 at about 127 kb/s with 48 kb/s
 * AAC, 175 kb/s in all (a low-bitrate source the ladder must not inflate). Made once and cached.
 */
export async function benchLowBitrateSource(seconds = 30): Promise<string> {
  const file = path.join(tmpdir(), `leadreel-bench-720p-175k-${seconds}s.mp4`);
  if (existsSync(file)) return file;
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${seconds},noise=alls=6:allf=t`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '120k', '-maxrate', '120k', '-bufsize', '240k'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '48k', `${file}.tmp.mp4`],
  ]);
  await run('mv', [`${file}.tmp.mp4`, file]);
  return file;
}

/** The address of a bench server's embedded PostgreSQL: its password file, and the port in postmaster.pid (4th line). */
export async function benchDatabaseUrl(server: { dataDir: string }) {
  const password = (await readFile(path.join(server.dataDir, '.postgres-password'), 'utf8')).trim();
  const pid = await readFile(path.join(server.dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(pid.split('\n')[3])}/leadreel`;
}

/** The middle value (the upper one of an even count): a figure one slow round does not move. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * Requests a second and p99 latency (ms) of a page asked for as browsers ask (brotli accepted), with
 * autocannon; any error or non-2xx answer fails the benchmark.
 */
export async function pageLoad(url: string, connections: number, seconds: number) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'br' },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** The ratio line every benchmark ends with. */
export function ratioLine(name: string, figure: string, ratio: number, target: string) {
  return `${name}: ${figure} ratio=${ratio.toFixed(3)} target ${target}`;
}

/** The JSON API as a signed-in account, for benchmarks. */
export function benchApi(server: { url: string }, token: string) {
  return async <T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { statusCode: number; data: T };
    if (answer.statusCode !== 200) throw new Error(`${url}: ${JSON.stringify(answer)}`);
    return answer.data;
  };
}

/**
 * The browser's side of an upload, up to the last part: answers the video id and `complete`, the success
 * call (which starts the pipeline), for benchmarks that time what follows it.
 */
export async function benchUpload(server: { url: string }, token: string, bytes: Buffer<ArrayBuffer>, name: string) {
  const call = benchApi(server, token);
  const [videoId] = await call<string[]>('POST', '/api/vod/video/pre-add-custom-video', {
    videos: [{ videoName: name, size: bytes.length }],
  });
  if (!videoId) throw new Error('pre-add refused the file');
  const cos = {
    'x-cos-security-token': (
      await call<{ credentials: { sessionToken: string } }>('GET', '/api/cos/vod/video/credential')
    ).credentials.sessionToken,
  };
  const started = await call<{ partSize: number; partCount: number }>(
    'POST',
    '/api/vod/video/upload/start',
    { sourceVideoId: videoId },
    cos,
  );
  const partNumbers = Array.from({ length: started.partCount }, (_, i) => i + 1);
  const { urls } = await call<{ urls: { partNumber: number; url: string }[] }>(
    'POST',
    '/api/vod/video/upload/sign-parts',
    { sourceVideoId: videoId, partNumbers },
    cos,
  );
  for (const { partNumber, url } of urls) {
    const body = bytes.subarray((partNumber - 1) * started.partSize, partNumber * started.partSize);
    const put = await fetch(new URL(url, server.url), { method: 'PUT', body });
    if (!put.ok) throw new Error(`part ${partNumber}: ${put.status}`);
  }
  return {
    videoId,
    complete: () => call('POST', '/api/vod/video/add-custom-video-success', { sourceVideoId: videoId }),
    /** Waits until the video is ready (the whole ladder out). */
    async ready() {
      for (;;) {
        const video = await call<{ status: string }>('GET', `/api/vod/video/detail?videoId=${videoId}`);
        if (video.status === 'ready') return;
        if (video.status === 'failed') throw new Error('the video failed');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
  };
}

/** The machine's busy share (0 to 1) over `ms`, from /proc/stat. */
async function busyShare(ms: number) {
  const sample = async () => {
    const cpu = (await readFile('/proc/stat', 'utf8')).split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
    return { idle, total: cpu.reduce((a, b) => a + b, 0) };
  };
  const before = await sample();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = await sample();
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
}

/**
 * Waits until the machine has been nearly idle for a second (at most `limitMs`), and says how long that took.
 * The browser and the server share this machine's two cores, where a viewer's browser is on another one: a
 * Chromium still starting up (its processes took 1.5 cores for two seconds after launch) would otherwise be
 * measured as the server's slowness.
 */
export async function settle(limitMs = 20_000) {
  const started = performance.now();
  let quiet = 0;
  while (quiet < 4 && performance.now() - started < limitMs) {
    quiet = (await busyShare(250)) < 0.15 ? quiet + 1 : 0;
  }
  return (performance.now() - started) / 1000;
}
