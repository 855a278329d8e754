import { MESSAGES, type MessageKey } from '@leadreel/shared';

/**
 * The one error type services throw. `code` is stable (the console translates it), `statusCode` is the
 * HTTP status and the envelope's statusCode (spec §7).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: MessageKey,
    options: { field?: string; headers?: Record<string, string> } = {},
  ) {
    super(MESSAGES[code]);
    this.statusCode = statusCode;
    this.code = code;
    this.field = options.field;
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (code: MessageKey, field?: string) => new AppError(400, code, { field });
/** spec §7: 403 means the token is not (or no longer) valid; the console clears it and goes to login. */
export const unauthorized = () => new AppError(403, 'unauthorized');
export const forbidden = (code: MessageKey = 'forbidden') => new AppError(403, code);
export const notFound = () => new AppError(404, 'not_found');
export const conflict = (code: MessageKey) => new AppError(409, code);
export const tooManyRequests = (code: MessageKey, retryAfterSeconds: number) =>
  new AppError(429, code, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
export const planPeriod = () => new AppError(403, 'plan_period');
export const unavailable = (code: MessageKey) => new AppError(503, code);
