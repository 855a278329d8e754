import { EngineError } from './engine.ts';

/** How an HTTP engine waits and tries again; tests shorten every figure. */
export type HttpPolicy = {
  /** One attempt, answer read included (SPEECH_ENGINE_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** Attempts after the first, for timeouts, network errors, 429 and 5xx (SPEECH_ENGINE_RETRIES). */
  retries: number;
  /** The first wait before trying again; each next one doubles, up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A Retry-After longer than this is not waited for: the call fails with what the server said, to be retried later. */
  maxRetryAfterMs: number;
};

export const DEFAULT_HTTP_POLICY: HttpPolicy = {
  timeoutMs: 300_000,
  retries: 3,
  backoffMs: 1_000,
  maxBackoffMs: 30_000,
  maxRetryAfterMs: 120_000,
};

/** An HTTP engine's settings from configuration. */
export type HttpEngineSettings = {
  url: string;
  apiKey?: string;
  model: string;
  /** BCP 47 tags the engine is offered for (the *_LANGUAGES settings). */
  languages: string[];
  policy: HttpPolicy;
};

/** "OpenAI-compatible (whisper-1) at api.openai.com": which server and model the console names. */
export function httpEngineName(kind: string, model: string | undefined, url: string): string {
  return `${kind}${model ? ` (${model})` : ''} at ${new URL(url).host}`;
}

export type HttpRequest = {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Made again for each attempt (a multipart form's file is read anew). */
  body?: () => NonNullable<RequestInit['body']>;
  /** The largest answer read; a longer one is garbage rather than memory (default 20 MB). */
  maxBytes?: number;
};

export type HttpAnswer = { status: number; contentType: string; body: Buffer };

/** The start of an answer, as an error's detail shows it. */
export const excerpt = (body: Buffer | string) =>
  (typeof body === 'string' ? body : body.toString('utf8')).replace(/\s+/g, ' ').trim().slice(0, 200);

/** Headers that say who is calling, never shown in an error. */
export function bearer(key: string | undefined): Record<string, string> {
  return key ? { authorization: `Bearer ${key}` } : {};
}

/** Retry-After in milliseconds (delta-seconds or an HTTP date, RFC 9110 §10.2.3), or null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The wait before attempt `attempt + 1`: exponential, with "full jitter" over its upper half (AWS Architecture Blog, "Exponential Backoff And Jitter"). */
export function backoffMs(attempt: number, policy: HttpPolicy): number {
  const ceiling = Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** A wait that a cancel ends at once, rejecting with the signal's reason. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function readLimited(response: Response, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!response.body) return Buffer.alloc(0);
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await response.body.cancel().catch(() => {});
      throw new EngineError('speech_engine_garbage', `answer longer than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
    signal.throwIfAborted();
  }
  return Buffer.concat(chunks);
}

type Attempt = { answer: HttpAnswer } | { error: EngineError; waitMs: number | null };

async function attempt(request: HttpRequest, policy: HttpPolicy, signal: AbortSignal): Promise<Attempt> {
  const host = new URL(request.url).host;
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  const both = AbortSignal.any([signal, timeout]);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body?.(),
      signal: both,
    });
    const body = await readLimited(response, request.maxBytes ?? 20_000_000, both);
    const answer = { status: response.status, contentType: response.headers.get('content-type') ?? '', body };
    if (response.ok) return { answer };
    const detail = `HTTP ${response.status}: ${excerpt(body)}`;
    const after = retryAfterMs(response.headers.get('retry-after'));
    if (response.status === 429) return { error: new EngineError('speech_engine_busy', detail, true), waitMs: after };
    if (response.status >= 500) return { error: new EngineError('speech_engine_failed', detail, true), waitMs: after };
    return { error: new EngineError('speech_engine_failed', detail), waitMs: null };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof EngineError) return { error, waitMs: null };
    if (timeout.aborted) {
      const seconds = Math.round(policy.timeoutMs / 100) / 10;
      return {
        error: new EngineError('speech_engine_timeout', `no answer from ${host} in ${seconds} s`, true),
        waitMs: null,
      };
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error as Error).message;
    return { error: new EngineError('speech_engine_failed', `${host}: ${why}`, true), waitMs: null };
  }
}

/**
 * One call to an HTTP engine: each attempt within the policy's time limit, tried again after a timeout, a
 * network error, a 429 or a 5xx, waiting as the answer's Retry-After asks or with exponential backoff. The
 * caller's cancel stops it at once, between attempts too, and rejects with the signal's reason. Any other
 * answer than a 2xx rejects with an EngineError whose detail is the status and the start of the body.
 */
export async function callHttp(request: HttpRequest, policy: HttpPolicy, signal: AbortSignal): Promise<HttpAnswer> {
  for (let tried = 0; ; tried++) {
    signal.throwIfAborted();
    const result = await attempt(request, policy, signal);
    if ('answer' in result) return result.answer;
    const { error, waitMs } = result;
    if (!error.retryable || tried >= policy.retries) throw error;
    if (waitMs !== null && waitMs > policy.maxRetryAfterMs) throw error;
    await sleep(waitMs ?? backoffMs(tried, policy), signal);
  }
}

/** An answer's body as JSON, or speech_engine_garbage naming what came instead. */
export function answerJson(answer: HttpAnswer): unknown {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new EngineError('speech_engine_garbage', `not JSON: ${excerpt(answer.body)}`);
  }
}

/** POSTs JSON and answers the JSON that comes back. */
export async function postJson(
  url: string,
  payload: unknown,
  headers: Record<string, string>,
  policy: HttpPolicy,
  signal: AbortSignal,
): Promise<unknown> {
  const body = JSON.stringify(payload);
  const answer = await callHttp(
    { url, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: () => body },
    policy,
    signal,
  );
  return answerJson(answer);
}

/**
 * A base URL and an API path joined with one slash. A base already ending in the path's /v1 (as OpenAI's
 * own documentation writes it, https://api.openai.com/v1) is taken as the same server.
 */
export function endpoint(base: string, path: string): string {
  const root = base.replace(/\/+$/, '');
  return path.startsWith('/v1/') ? `${root.replace(/\/v1$/, '')}${path}` : `${root}${path}`;
}

/** `work` over the items in batches of `size`, one after the other, in order, with progress after each. */
export async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  work: (batch: T[]) => Promise<R[]>,
  onProgress?: (fraction: number) => void,
): Promise<R[]> {
  const results: R[] = [];
  for (let from = 0; from < items.length; from += size) {
    results.push(...(await work(items.slice(from, from + size))));
    onProgress?.(Math.min(1, (from + size) / items.length));
  }
  return results;
}

/** A shared promise (a cached list) awaited by one caller, whose cancel ends its wait at once. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
