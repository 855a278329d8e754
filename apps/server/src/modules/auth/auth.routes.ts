import {
  accessTokenData,
  bindReferrerBody,
  CODE_TTL_SECONDS,
  changePasswordBody,
  checkTokenBody,
  checkTokenData,
  emptyData,
  findPasswordBody,
  googleLoginBody,
  loginBody,
  okEnvelope,
  resetPasswordBody,
  setPasswordBody,
  signupBody,
  verifyCodeBody,
  verifyCodeData,
} from '@leadreel/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/language.ts';
import type { AuthHooks } from '../../plugins/auth.ts';
import type { AccountService } from '../account/account.service.ts';
import type { AuthService, Client } from './auth.service.ts';
import { parseCookies, resetNonce, serializeDeviceCookie, serializeResetCookie } from './device-cookie.ts';

type Options = {
  auth: AuthService;
  accounts: AccountService;
  hooks: AuthHooks;
  /** Per-IP limit for every route here, and a per-address limit where a body names an account. */
  perIp: (request: FastifyRequest) => Promise<void>;
  perEmail: (request: FastifyRequest) => Promise<void>;
  /** Device cookies carry Secure when the public address is https. */
  secureCookies: boolean;
};

const ok = <T>(data: T) => ({ statusCode: 200 as const, data });

export const authRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { auth, accounts, hooks, perIp, perEmail, secureCookies },
) => {
  const tags = ['auth'];
  const limited = { onRequest: [perIp], preHandler: [perEmail] };
  const client = (request: FastifyRequest): Client => {
    const cookies = parseCookies(request.headers.cookie);
    return { cookies, ip: request.ip, resetNonce: resetNonce(cookies, secureCookies) };
  };
  /** The asking browser keeps its reset cookie for as long as the code it is about to get lives. */
  const resetClient = (request: FastifyRequest, reply: FastifyReply): Client => {
    const asking = client(request);
    if (asking.resetNonce) {
      reply.header('set-cookie', serializeResetCookie(asking.resetNonce, CODE_TTL_SECONDS, secureCookies));
    }
    return asking;
  };

  app.post(
    '/auth/verify-code',
    {
      schema: { tags, body: verifyCodeBody, response: { 200: okEnvelope(verifyCodeData) } },
      onRequest: [perIp, hooks.optional],
      // Reset codes have allowances per account and browser instead (auth.service.ts), which a flood
      // from elsewhere cannot use up for the owner's browser.
      preHandler: [async (request) => (request.body.scene === 'reset' ? undefined : perEmail(request))],
    },
    async (request, reply) =>
      ok(
        await auth.sendCode(
          request.body,
          requestLanguage(request),
          request.auth,
          request.body.scene === 'reset' ? resetClient(request, reply) : null,
        ),
      ),
  );

  app.post(
    '/auth/signup',
    { schema: { tags, body: signupBody, response: { 200: okEnvelope(accessTokenData) } }, ...limited },
    async (request, reply) => {
      const { deviceCookie, ...data } = await auth.signup(request.body, requestLanguage(request));
      reply.header('set-cookie', serializeDeviceCookie(deviceCookie, secureCookies));
      return ok(data);
    },
  );

  // No per-address limit here: guesses at one account are throttled by device cookie (auth.login), so
  // failures from elsewhere cannot lock its owner out.
  app.post(
    '/auth/login',
    { schema: { tags, body: loginBody, response: { 200: okEnvelope(accessTokenData) } }, onRequest: [perIp] },
    async (request, reply) => {
      const { accessToken, deviceCookie } = await auth.login(request.body, parseCookies(request.headers.cookie));
      reply.header('set-cookie', serializeDeviceCookie(deviceCookie, secureCookies));
      return ok({ accessToken });
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags, response: { 200: okEnvelope(emptyData) } }, onRequest: [hooks.required] },
    async (request) => {
      if (request.auth) await auth.logout(request.auth);
      return ok(null);
    },
  );

  app.post(
    '/auth/find-password',
    { schema: { tags, body: findPasswordBody, response: { 200: okEnvelope(verifyCodeData) } }, onRequest: [perIp] },
    async (request, reply) =>
      ok(
        await auth.sendCode(
          { email: request.body.email, scene: 'reset' },
          requestLanguage(request),
          null,
          resetClient(request, reply),
        ),
      ),
  );

  app.post(
    '/auth/reset-password',
    { schema: { tags, body: resetPasswordBody, response: { 200: okEnvelope(emptyData) } }, onRequest: [perIp] },
    async (request, reply) => {
      const { deviceCookie } = await auth.resetPassword(request.body, client(request));
      reply.header('set-cookie', serializeDeviceCookie(deviceCookie, secureCookies));
      return ok(null);
    },
  );

  app.post(
    '/auth/change-password',
    {
      schema: { tags, body: changePasswordBody, response: { 200: okEnvelope(emptyData) } },
      onRequest: [perIp, hooks.required],
    },
    async (request) => {
      if (request.auth) await auth.changePassword(request.auth, request.body);
      return ok(null);
    },
  );

  app.post(
    '/auth/set-password',
    {
      schema: { tags, body: setPasswordBody, response: { 200: okEnvelope(emptyData) } },
      onRequest: [perIp, hooks.required],
    },
    async (request) => {
      if (request.auth) await auth.setPassword(request.auth, request.body);
      return ok(null);
    },
  );

  app.post(
    '/auth/login/google',
    { schema: { tags, body: googleLoginBody, response: { 200: okEnvelope(accessTokenData) } }, onRequest: [perIp] },
    async (request) => ok(await auth.loginWithGoogle(request.body, requestLanguage(request))),
  );

  app.post(
    '/channel/check-token',
    { schema: { tags, body: checkTokenBody, response: { 200: okEnvelope(checkTokenData) } }, onRequest: [perIp] },
    async (request) => ok({ expireTime: await auth.checkToken(request.body.token) }),
  );

  app.post(
    '/auth/bind-referrer',
    { schema: { tags, body: bindReferrerBody, response: { 200: okEnvelope(emptyData) } }, onRequest: [hooks.required] },
    async (request) => {
      if (request.auth) await accounts.bindReferrer(request.auth.accountId, request.body.ref);
      return ok(null);
    },
  );
};
