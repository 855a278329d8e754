import { accountDetailData, emptyData, okEnvelope, setLanguageBody, vipUserInfoData } from '@leadreel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { AccountService } from './account.service.ts';

const ok = <T>(data: T) => ({ statusCode: 200 as const, data });

export const accountRoutes: FastifyPluginAsyncZod<{ accounts: AccountService; hooks: AuthHooks }> = async (
  app,
  { accounts, hooks },
) => {
  app.addHook('onRequest', hooks.required);

  app.get(
    '/account/detail',
    { schema: { tags: ['account'], response: { 200: okEnvelope(accountDetailData) } } },
    async (request) => ok(await accounts.detail(accountId(request))),
  );

  app.post(
    '/account/language',
    { schema: { tags: ['account'], body: setLanguageBody, response: { 200: okEnvelope(emptyData) } } },
    async (request) => {
      await accounts.setLanguage(accountId(request), request.body.language);
      return ok(null);
    },
  );

  app.get(
    '/pay/vip-user-info',
    { schema: { tags: ['pay'], response: { 200: okEnvelope(vipUserInfoData) } } },
    async (request) => ok(await accounts.vipUserInfo(accountId(request))),
  );
};
