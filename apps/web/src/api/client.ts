import type { ErrorEnvelope } from '@leadreel/shared';
import { API_TIMEOUT_MS } from '../constants.ts';

/** A failed call: `code` is the server's error key (else the HTTP status), `message` its text. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly field: string | undefined;
  /** Seconds the server asks to wait (its Retry-After header on a 429), when it says. */
  readonly retryAfter: number | undefined;
  /** What fills the placeholders of the code's text (`image_size_failed`'s reason), as the server sent it. */
  readonly values: Record<string, string>;
  constructor(
    code: string,
    message: string,
    status: number,
    field?: string,
    retryAfter?: number,
    values: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.field = field;
    this.retryAfter = retryAfter;
    this.values = values;
  }
}

export type ClientOptions = {
  baseUrl?: string;
  getToken: () => string | null;
  getLanguage: () => string;
  /** a 403 for an invalid token clears it and goes to login. */
  onUnauthorized: () => void;
  /** A 423: the account is scheduled for deletion, and only the page that cancels it answers. */
  onLocked?: () => void;
  timeoutMs?: number;
};

type Query = Record<string, string | number | boolean | undefined | null>;

/** Drops undefined values before building a query or a body. */
function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The envelope's values that are strings: whatever else an answer holds is not ours to show. */
function stringValues(values: unknown): Record<string, string> {
  if (!values || typeof values !== 'object') return {};
  return Object.fromEntries(Object.entries(values).filter(([, value]) => typeof value === 'string'));
}

export function createApiClient(options: ClientOptions) {
  const baseUrl = options.baseUrl ?? '/api';
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;

  async function request<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    payload?: object,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    let url = `${baseUrl}${path}`;
    const headers: Record<string, string> = { 'x-language': options.getLanguage(), ...extraHeaders };
    const token = options.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (method === 'GET') {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(defined((payload ?? {}) as Query))) {
        if (value !== null) query.set(key, String(value));
      }
      if ([...query].length > 0) url += `?${query}`;
    } else if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(defined(payload as Record<string, unknown>));
    }

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body, signal: controller.signal });
    } catch (error) {
      const aborted = (error as Error).name === 'AbortError';
      throw new ApiError(aborted ? 'timeout' : 'network', aborted ? 'Request timeout' : 'Network error', 0);
    } finally {
      clearTimeout(timer);
    }

    let envelope: Partial<ErrorEnvelope> & { data?: T };
    try {
      envelope = await response.json();
    } catch {
      if (!response.ok) throw new ApiError('http_status', `HTTP ${response.status}`, response.status);
      throw new ApiError('invalid_json', 'Invalid JSON structure', response.status);
    }
    const statusCode = envelope.statusCode ?? response.status;
    if (statusCode === 200 && response.ok) return envelope.data as T;
    const code = envelope.error ?? String(statusCode || 500);
    if (statusCode === 403 && (code === 'unauthorized' || !envelope.error)) options.onUnauthorized();
    if (statusCode === 423) options.onLocked?.();
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(
      code,
      envelope.message ?? 'Unknown error',
      statusCode,
      envelope.field,
      retryAfter > 0 ? retryAfter : undefined,
      stringValues(envelope.values),
    );
  }

  return {
    get: <T>(path: string, query?: Query) => request<T>('GET', path, query),
    post: <T>(path: string, body?: object, headers?: Record<string, string>) => request<T>('POST', path, body, headers),
    delete: <T>(path: string, body?: object) => request<T>('DELETE', path, body),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
