import {
  changeNoticeEmailBody,
  noticeEmailCodeBody,
  noticeEmailData,
  notificationSettingsBody,
  notificationSettingsData,
  okEnvelope,
  verifyCodeData,
} from '@leadreel/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { NoticeService } from './notice.service.ts';

const ok = <T>(data: T) => ({ statusCode: 200 as const, data });

/** spec §2 email-notification and spec §7 account get-notice-email / change-notice-email. */
export const noticeRoutes: FastifyPluginAsyncZod<{
  notices: NoticeService;
  hooks: AuthHooks;
  /** The per-address limit of code mails (shared with the sign-up and reset codes). */
  perEmail: (request: FastifyRequest) => Promise<void>;
}> = async (app, { notices, hooks, perEmail }) => {
  app.addHook('onRequest', hooks.required);
  const tags = ['account'];

  app.get(
    '/account/get-notice-email',
    { schema: { tags, response: { 200: okEnvelope(noticeEmailData) } } },
    async (request) => ok(await notices.get(accountId(request))),
  );

  app.post(
    '/account/notice-email/code',
    {
      schema: { tags, body: noticeEmailCodeBody, response: { 200: okEnvelope(verifyCodeData) } },
      preHandler: [perEmail],
    },
    async (request) => ok(await notices.sendCode(accountId(request), request.body.email)),
  );

  app.post(
    '/account/change-notice-email',
    { schema: { tags, body: changeNoticeEmailBody, response: { 200: okEnvelope(noticeEmailData) } } },
    async (request) => ok(await notices.change(accountId(request), request.body.email, request.body.code)),
  );

  app.get(
    '/account/notification',
    { schema: { tags, response: { 200: okEnvelope(notificationSettingsData) } } },
    async (request) => ok(await notices.settings(accountId(request))),
  );

  app.post(
    '/account/notification',
    { schema: { tags, body: notificationSettingsBody, response: { 200: okEnvelope(notificationSettingsData) } } },
    async (request) => ok(await notices.saveSettings(accountId(request), request.body)),
  );
};
