import { spawn } from 'node:child_process';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dieWithParent } from '../../videos/run-ffmpeg.ts';
import { EngineError } from './engine.ts';

export type ProgramOptions = {
  /** The caller's cancel: the program is killed and the call rejects with the signal's reason. */
  signal: AbortSignal;
  /** Wall-time limit; the program is killed and the call rejects with speech_engine_timeout. */
  timeoutMs: number;
  /**
   * The program's standard input (text never goes on a command line). It is a file, not a pipe: Node's
   * pipes are sockets, and apertium and flite open /dev/stdin by name, which a socket refuses.
   */
  input?: string;
  /** Each chunk of standard output as it comes (a transcription's words as they are recognised). */
  onStdout?: (chunk: string) => void;
};

/** Lines of a program's chatter that say nothing about why it failed (pocketsphinx logs every setting as INFO). */
const CHATTER = /^(INFO|DEBUG|WARN(ING)?):|^\s*-\w+\s/;

/** The last lines of what a program said on stderr, for the owner to read beside the failure. */
export function stderrTail(stderr: string, program: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !CHATTER.test(line));
  return lines.slice(-3).join(' ').slice(-500) || `${program} stopped without saying why`;
}

/**
 * Runs a local engine's program without a shell and resolves with its standard output. It runs in a process
 * group of its own, killed whole on abort or time limit: apertium is a shell script whose pipeline of
 * lt-proc and friends would otherwise run on. The group's leader dies with this process (dieWithParent).
 */
export async function runProgram(program: string, args: string[], options: ProgramOptions): Promise<string> {
  options.signal.throwIfAborted();
  const folder = await mkdtemp(path.join(tmpdir(), 'leadreel-engine-'));
  try {
    const input = path.join(folder, 'input.txt');
    await writeFile(input, options.input ?? '', { mode: 0o600 });
    const stdin = await open(input, 'r');
    try {
      return await spawnProgram(program, args, options, stdin.fd);
    } finally {
      await stdin.close();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function spawnProgram(program: string, args: string[], options: ProgramOptions, stdin: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const [file, argv] = dieWithParent(program, args);
    const child = spawn(file, argv, { stdio: [stdin, 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let ended: unknown = null;
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const stop = (reason: unknown) => {
      ended ??= reason;
      kill();
    };
    const timer = setTimeout(
      () =>
        stop(
          new EngineError(
            'speech_engine_timeout',
            `${program} ran longer than ${Math.round(options.timeoutMs / 1000)} s`,
            true,
          ),
        ),
      options.timeoutMs,
    );
    const onAbort = () => {
      stop(signal.reason);
      // The caller is told at once; the kill and the close that follows need not be waited for.
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < 50_000_000) stdout += chunk;
      options.onStdout?.(chunk);
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-20_000);
    });
    child.on('error', (error) => {
      ended ??= new EngineError('speech_engine_failed', `${program} could not start: ${error.message}`);
    });
    child.on('close', (code, killedBy) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (ended) reject(ended);
      else if (code !== 0) {
        const status = code === null ? `killed by ${killedBy}` : `exit ${code}`;
        reject(new EngineError('speech_engine_failed', `${program} ${status}: ${stderrTail(stderr, program)}`));
      } else resolve(stdout);
    });
  });
}

/**
 * What a program lists of itself (apertium's pairs, espeak-ng's voices), read the first time it is asked for
 * and kept: packages do not change under a running server. A failed read is tried again the next time.
 */
export function listingOnce<T>(program: string, args: string[], parse: (stdout: string) => T): () => Promise<T> {
  let listed: Promise<T> | undefined;
  return () => {
    listed ??= runProgram(program, args, { signal: new AbortController().signal, timeoutMs: 30_000 }).then(
      parse,
      (error: unknown) => {
        listed = undefined;
        throw error;
      },
    );
    return listed;
  };
}
