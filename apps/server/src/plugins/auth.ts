import type { FastifyReply, FastifyRequest } from 'fastify';
import { locked, unauthorized } from '../errors.ts';
import type { AuthContext, SessionService } from '../modules/auth/session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** onRequest hooks: `required` answers 403 without a valid token, `optional` just identifies. */
export function createAuthHooks(sessions: SessionService) {
  return {
    async required(request: FastifyRequest, _reply: FastifyReply) {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      request.auth = await sessions.authenticate(token);
      // 423, not 403: the token is valid and the console keeps it, showing the page that cancels the deletion.
      if (request.auth.locked) throw locked('account_deletion_pending');
    },
    /** As `required`, for the routes an account scheduled for deletion may still call (catalogue `whileDeleting`). */
    async whileDeleting(request: FastifyRequest, _reply: FastifyReply) {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      request.auth = await sessions.authenticate(token);
    },
    async optional(request: FastifyRequest, _reply: FastifyReply) {
      const token = bearerToken(request);
      request.auth = token ? await sessions.authenticate(token).catch(() => null) : null;
    },
  };
}
export type AuthHooks = ReturnType<typeof createAuthHooks>;

/** The signed-in account of a request behind the `required` hook. */
export function accountId(request: { auth: AuthContext | null }): string {
  if (!request.auth) throw unauthorized();
  return request.auth.accountId;
}
