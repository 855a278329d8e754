import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { NoticeService } from './notice.service.ts';

/** email-notification and the console contract account get-notice-email / change-notice-email. */
export const noticeRoutes: FastifyPluginAsync<{
  notices: NoticeService;
  hooks: AuthHooks;
  /** The per-address limit of code mails (shared with the sign-up and reset codes). */
  perEmail: (request: FastifyRequest) => Promise<void>;
}> = async (app, { notices, hooks, perEmail }) => {
  const route = catalogueRoutes(app, hooks);
  route('account.noticeEmail', (request) => notices.get(accountId(request)));
  route('account.noticeEmailCode', (request, { email }) => notices.sendCode(accountId(request), email), {
    preHandler: [perEmail],
  });
  route('account.changeNoticeEmail', (request, { email, code }) => notices.change(accountId(request), email, code));
  route('account.notification', (request) => notices.settings(accountId(request)));
  route('account.saveNotification', (request, settings) => notices.saveSettings(accountId(request), settings));
};
