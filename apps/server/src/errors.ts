import { MESSAGES, type MessageKey } from '@leadreel/shared';

/**
 * The one error type services throw. `code` is stable (the console translates it), `statusCode` is the
 * HTTP status and the envelope's statusCode.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;
  /** What fills the message's `{{name}}` placeholders; the envelope carries them so the console can too. */
  readonly values: Record<string, string> | undefined;

  /** `values` fill the message's `{{name}}` placeholders (`image_size_failed`'s reason). */
  constructor(
    statusCode: number,
    code: MessageKey,
    options: { field?: string; headers?: Record<string, string>; values?: Record<string, string> } = {},
  ) {
    const values = options.values ?? {};
    super(
      MESSAGES[code].replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
        Object.hasOwn(values, name) ? String(values[name]) : placeholder,
      ),
    );
    this.statusCode = statusCode;
    this.code = code;
    this.field = options.field;
    this.headers = options.headers ?? {};
    this.values = options.values;
  }
}

export const badRequest = (code: MessageKey, field?: string) => new AppError(400, code, { field });
/** A credential that is not (or no longer) valid on a route that answers 401 (sign-in, the public API). */
export const unauthenticated = (code: MessageKey, headers?: Record<string, string>) =>
  new AppError(401, code, { headers });
/** 403 means the token is not (or no longer) valid; the console clears it and goes to login. */
export const unauthorized = () => new AppError(403, 'unauthorized');
export const forbidden = (code: MessageKey = 'forbidden', field?: string) => new AppError(403, code, { field });
/** A missing thing is 404, never 400: the code names what is missing, the field where its id came from. */
export const notFound = (code: MessageKey = 'not_found', field?: string) => new AppError(404, code, { field });
export const conflict = (code: MessageKey, field?: string) => new AppError(409, code, { field });
/** An image whose size could not be read: `reason` is the decoder's words, shown as they are. */
export const imageSizeFailed = (reason: string) =>
  new AppError(400, 'image_size_failed', { field: 'image', values: { reason } });
export const payloadTooLarge = () => new AppError(413, 'payload_too_large');
export const unprocessable = (code: MessageKey, field?: string) => new AppError(422, code, { field });
/** The account is scheduled for deletion: only the routes that let its holder cancel answer. */
export const locked = (code: MessageKey) => new AppError(423, code);
export const tooManyRequests = (code: MessageKey, retryAfterSeconds: number) =>
  new AppError(429, code, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
export const planPeriod = () => new AppError(403, 'plan_period');
/** A third party (a payment provider) refused or failed. */
/** What oEmbed answers for a format it does not speak (https://oembed.com/ §2.2). */
export const notImplemented = (code: MessageKey) => new AppError(501, code);
const NO_STORE = { 'cache-control': 'no-store' };
/** A public file that is not there (or no longer): no cache keeps the answer, so a new one shows at once. */
export const notFoundUncached = () => new AppError(404, 'not_found', { headers: NO_STORE });
/** Playback refused for the owner's bandwidth; not kept by any cache either, so an upgrade works at once. */
export const playbackRefused = () => new AppError(403, 'bandwidth_limit', { headers: NO_STORE });
export const badGateway = (code: MessageKey) => new AppError(502, code);
export const unavailable = (code: MessageKey) => new AppError(503, code);
