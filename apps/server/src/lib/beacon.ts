import { MESSAGES, type MessageKey } from '@leadreel/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../errors.ts';

/**
 * A scope for routes the player posts to with navigator.sendBeacon, whose JSON arrives as text/plain (a
 * type that needs no CORS preflight): such bodies are parsed as JSON up to `bodyLimit` bytes.
 */
export function acceptBeacons(scope: FastifyInstance, bodyLimit: number) {
  scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('invalid_body'), undefined);
    }
  });
}

/** A beacon's body checked by its schema: 400 with the first problem's message and field. */
export function parseBeacon<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const message = issue?.message;
  throw badRequest(
    message && message in MESSAGES ? (message as MessageKey) : 'illegal_input',
    String(issue?.path[0] ?? ''),
  );
}
