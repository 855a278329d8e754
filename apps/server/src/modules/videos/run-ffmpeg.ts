import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';

/**
 * ffmpeg must not outlive the worker that started it: killed with -9 (or by the OOM killer), the worker
 * cannot stop its children, which would then encode on for a minute beside the retried job.
 * util-linux's setpriv asks the kernel to send SIGKILL to the child when its parent dies (prctl
 * PR_SET_PDEATHSIG, https://man7.org/linux/man-pages/man2/prctl.2.html) and then executes ffmpeg in place,
 * which keeps that setting. Debian ships it in util-linux (essential); where it is missing (macOS), the
 * child's pid is left in its job folder and the next worker to start on the machine ends it
 * (job-folders.ts).
 */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((file) => existsSync(file));

/** The command line that runs `command` so that it dies with this process, where the system allows. */
export function dieWithParent(command: string, args: string[]): [string, string[]] {
  return SETPRIV ? [SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args]] : [command, args];
}

export type RunOptions = {
  /** Wall-time limit; the process is killed (SIGKILL) when it runs longer. */
  timeoutMs: number;
  /**
   * Processor-time limit (all its threads), checked every second where /proc tells it (Linux). A
   * background encode yields to everything else on a busy machine, so its wall time says little about
   * whether the file is stuck or hostile; the processor time it burned does.
   */
  cpuLimitMs?: number;
  signal?: AbortSignal;
  /** Each chunk of stdout (where `-progress pipe:1` writes). */
  onStdout?: (chunk: string) => void;
  /** Called with the child's pid once it runs, and with null when it has ended. */
  onChild?: (pid: number | null) => void;
  /**
   * `waited` for what someone is waiting on right now (the probe, the copy of a source served as it is, the smallest rung encoded apart, between "upload
   * complete" and "playable"): normal priority. `background` (the default) for the encodes that follow:
   * they take what the machine has spare, after its requests and the viewers' first seconds.
   */
  priority?: 'waited' | 'background';
};

/**
 * Niceness of background encodes: 15, as PeerTube gives its VOD transcodes. At 10 (each ffmpeg thread a
 * tenth of a normal one) the ladder's dozen threads still took a third of the CPU from the work that starts
 * a first viewer's playback; at 15 each weighs a twentieth.
 */
export const BACKGROUND_NICE = 15;

let ticksPerSecond: number | undefined;
/** The kernel's clock ticks per second, in which /proc reports processor time (100 on every Linux we know). */
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** The processor time a process has used so far (user + system, all threads), or null where /proc is not. */
export async function processorMs(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, so split after its closing parenthesis).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / clockTicks() : null;
  } catch {
    return null;
  }
}

/** Why an ffmpeg or ffprobe run failed; `reason` is the tail of its error output, readable by a user. */
export class FfmpegError extends Error {
  readonly kind: 'timeout' | 'failed' | 'aborted';
  readonly reason: string;
  constructor(kind: 'timeout' | 'failed' | 'aborted', reason: string) {
    super(reason);
    this.kind = kind;
    this.reason = reason;
  }
}

/** The last lines of ffmpeg's error output, without paths of our own folders. */
function readableTail(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => line.replace(/\/\S*\/(?=[^/\s]+)/g, ''));
  return lines.slice(-3).join(' ').slice(0, 500) || 'ffmpeg stopped without saying why';
}

/**
 * Runs ffmpeg or ffprobe (or rsvg-convert, which draws the materials library's SVG pictures) without a
 * shell. Resolves with stdout; rejects with an FfmpegError on a non-zero exit, the time limit or the abort
 * signal. The child dies with this process (dieWithParent).
 */
export function runMedia(
  command: 'ffmpeg' | 'ffprobe' | 'rsvg-convert',
  args: string[],
  options: RunOptions,
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new FfmpegError('aborted', 'stopped'));
      return;
    }
    const [file, argv] = dieWithParent(command, args);
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid) options.onChild?.(child.pid);
    // Background encodes yield to the HTTP server, the database and other processes on the same machine.
    if (child.pid && options.priority !== 'waited') {
      try {
        os.setPriority(child.pid, BACKGROUND_NICE);
      } catch {
        // Not permitted here (some containers): run at normal priority.
      }
    }
    let stdout = '';
    let stderr = '';
    let ended: FfmpegError | null = null;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (options.onStdout) options.onStdout(chunk);
      else if (stdout.length < 10_000_000) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-20_000);
    });
    const stop = (error: FfmpegError) => {
      ended ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => stop(new FfmpegError('timeout', `processing took longer than ${Math.round(options.timeoutMs / 1000)} s`)),
      options.timeoutMs,
    );
    const { cpuLimitMs } = options;
    const pid = child.pid;
    const cpuWatch =
      cpuLimitMs && pid
        ? setInterval(() => {
            void processorMs(pid).then((used) => {
              if (used !== null && used > cpuLimitMs) {
                stop(
                  new FfmpegError(
                    'timeout',
                    `processing took more than ${Math.round(cpuLimitMs / 1000)} s of processor time`,
                  ),
                );
              }
            });
          }, 1000)
        : undefined;
    const onAbort = () => stop(new FfmpegError('aborted', 'stopped'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      ended ??= new FfmpegError('failed', `${command} could not start: ${error.message}`);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      clearInterval(cpuWatch);
      options.onChild?.(null);
      options.signal?.removeEventListener('abort', onAbort);
      if (ended) reject(ended);
      else if (code !== 0) reject(new FfmpegError('failed', readableTail(stderr)));
      else resolve(stdout);
    });
  });
}
