import { CODE_TTL_SECONDS } from '@leadreel/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { unauthenticated } from '../../errors.ts';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
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

export const authRoutes: FastifyPluginAsync<Options> = async (
  app,
  { auth, accounts, hooks, perIp, perEmail, secureCookies },
) => {
  const client = (request: FastifyRequest): Client & { resetNonce: string } => {
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

  const route = catalogueRoutes(app, hooks);
  const byIp = { onRequest: [perIp] };

  // Reset codes have allowances per account and browser instead (auth.service.ts), which a flood from
  // elsewhere cannot use up for the owner's browser.
  route(
    'auth.verifyCode',
    (request, body, reply) =>
      auth.sendCode(
        body,
        requestLanguage(request),
        request.auth,
        body.scene === 'reset' ? resetClient(request, reply) : null,
      ),
    {
      ...byIp,
      preHandler: [
        async (request) => ((request.body as { scene?: unknown }).scene === 'reset' ? undefined : perEmail(request)),
      ],
    },
  );

  route(
    'auth.signup',
    async (request, body, reply) => {
      const { deviceCookie, ...data } = await auth.signup(body, requestLanguage(request));
      reply.header('set-cookie', serializeDeviceCookie(deviceCookie, secureCookies));
      return data;
    },
    { ...byIp, preHandler: [perEmail] },
  );

  // No per-address limit here: guesses at one account are throttled by device cookie (auth.login), so
  // failures from elsewhere cannot lock its owner out. A browser asked for a mailed code keeps the code
  // cookie it belongs to.
  route(
    'auth.login',
    async (request, body, reply) => {
      const asking = client(request);
      const result = await auth.login(body, asking);
      if ('codeRequired' in result) {
        throw unauthenticated('login_code_required', {
          'set-cookie': serializeResetCookie(asking.resetNonce, CODE_TTL_SECONDS, secureCookies),
        });
      }
      reply.header('set-cookie', serializeDeviceCookie(result.deviceCookie, secureCookies));
      return { accessToken: result.accessToken };
    },
    byIp,
  );

  route('auth.logout', async (request) => {
    if (request.auth) await auth.logout(request.auth);
    return null;
  });

  route(
    'auth.findPassword',
    (request, { email }, reply) =>
      auth.sendCode({ email, scene: 'reset' }, requestLanguage(request), null, resetClient(request, reply)),
    byIp,
  );

  route(
    'auth.resetPassword',
    async (request, body, reply) => {
      const { deviceCookie } = await auth.resetPassword(body, client(request));
      reply.header('set-cookie', serializeDeviceCookie(deviceCookie, secureCookies));
      return null;
    },
    byIp,
  );

  route(
    'auth.changePassword',
    async (request, body) => {
      if (request.auth) await auth.changePassword(request.auth, body);
      return null;
    },
    byIp,
  );

  route(
    'auth.setPassword',
    async (request, body) => {
      if (request.auth) await auth.setPassword(request.auth, body);
      return null;
    },
    byIp,
  );

  route('auth.google', (request, body) => auth.loginWithGoogle(body, requestLanguage(request)), byIp);

  route('auth.checkToken', async (_request, { token }) => ({ expireTime: await auth.checkToken(token) }), byIp);

  route('auth.bindReferrer', async (request, { ref }) => {
    if (request.auth) await accounts.bindReferrer(request.auth.accountId, ref);
    return null;
  });
};
