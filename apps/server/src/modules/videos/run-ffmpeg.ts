import { spawn } from 'node:child_process';
import os from 'node:os';

export type RunOptions = {
  /** Wall-time limit; the process is killed (SIGKILL) when it runs longer. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Each chunk of stdout (where `-progress pipe:1` writes). */
  onStdout?: (chunk: string) => void;
};

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
 * Runs ffmpeg or ffprobe without a shell. Resolves with stdout; rejects with an FfmpegError on a non-zero
 * exit, the time limit or the abort signal. The child gets its own process group so a kill reaches it all.
 */
export function runMedia(command: 'ffmpeg' | 'ffprobe', args: string[], options: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new FfmpegError('aborted', 'stopped'));
      return;
    }
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    // Encodes yield to the HTTP server and to other processes on the same machine.
    if (child.pid) {
      try {
        os.setPriority(child.pid, 10);
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
    const onAbort = () => stop(new FfmpegError('aborted', 'stopped'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      ended ??= new FfmpegError('failed', `${command} could not start: ${error.message}`);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (ended) reject(ended);
      else if (code !== 0) reject(new FfmpegError('failed', readableTail(stderr)));
      else resolve(stdout);
    });
  });
}
