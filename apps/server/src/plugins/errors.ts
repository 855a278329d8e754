import { type ErrorEnvelope, isMessageKey, MESSAGES } from '@leadreel/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database.ts';
import { AppError } from '../errors.ts';

/** How long a client should wait before trying again while the database is out (RFC 9110 §10.2.3). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

function send(reply: FastifyReply, body: ErrorEnvelope) {
  return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
}

/** The one place errors become the console contract's envelope `{ statusCode, error, message }`. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return send(reply, {
        statusCode: error.statusCode,
        error: error.code,
        message: error.message,
        field: error.field,
        values: error.values,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Report the first problem: the schemas' messages are our message keys (packages/shared/src/messages.ts).
      const issue = error.validation[0];
      const raw = issue?.message ?? '';
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      const unknownKey = issue?.keyword === 'unrecognized_keys';
      const code = unknownKey ? 'unknown_field' : isMessageKey(raw) ? raw : 'illegal_input';
      const keys = (issue?.params as { keys?: string[] } | undefined)?.keys;
      return send(reply, {
        statusCode: 400,
        error: code,
        message: MESSAGES[code],
        field: unknownKey ? keys?.join(',') : field,
      });
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status === 429) {
      return send(reply, { statusCode: 429, error: 'rate_limited', message: MESSAGES.rate_limited });
    }
    if (status === 413) {
      return send(reply, { statusCode: 413, error: 'payload_too_large', message: MESSAGES.payload_too_large });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON or an empty body (400), a body that is not JSON (415), a
      // file path climbing out of the served folder (403, from @fastify/static).
      request.log.info({ code: fastifyError.code }, fastifyError.message);
      const code = status === 415 ? 'unsupported_media_type' : status === 403 ? 'path_forbidden' : 'invalid_body';
      return send(reply, { statusCode: status, error: code, message: MESSAGES[code] });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down, restarting or frozen: the request may succeed later, so 503, not 500.
      request.log.warn({ reason: (error as Error).message }, 'database unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return send(reply, { statusCode: 503, error: 'service_unavailable', message: MESSAGES.service_unavailable });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, {
      statusCode: 500,
      error: 'internal_error',
      message: MESSAGES.internal_error,
      requestId: String(request.id),
    });
  });
}
