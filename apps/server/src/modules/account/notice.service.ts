import { CODE_TTL_SECONDS, type NoticeEmail, type NotificationSettings } from '@leadreel/shared';
import type { Logger } from 'pino';
import type { Transact } from '../../db/database.ts';
import { badRequest, planPeriod, unavailable } from '../../errors.ts';
import type { VerificationService } from '../auth/verification.service.ts';
import { verificationCodeMail } from '../mail/mail.templates.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AccountRepo } from './account.repo.ts';
import type { AccountService } from './account.service.ts';

/**
 * Where and when an account hears of its leads (the console contract global-settings email-notification; the console contract
 * account get-notice-email, change-notice-email). The notice email is the sign-in email until another
 * address is proved with a code mailed to it: leads carry people's details and must not go to an address
 * typed by mistake.
 */
export function createNoticeService(deps: {
  transaction: Transact;
  repo: AccountRepo;
  accounts: AccountService;
  codes: VerificationService;
  mailer: Mailer;
  brand: string;
  publicUrl: string;
  log: Logger;
}) {
  const { transaction, repo, accounts, codes, mailer, log } = deps;

  function noticeOf(account: { email: string; notice_email: string | null }): NoticeEmail {
    return {
      noticeEmail: account.notice_email ?? account.email,
      signInEmail: account.email,
      isSignInEmail: account.notice_email === null,
    };
  }

  /** Email notifications are read-only from Frozen on (docs/product.md, Plan periods): they no longer go. */
  async function assertNotificationsOpen(accountId: string) {
    const { account, rights } = await accounts.withRights(accountId);
    if (!rights.features.emailNotifications) throw planPeriod();
    return account;
  }

  return {
    async get(accountId: string): Promise<NoticeEmail> {
      return noticeOf(await accounts.load(accountId));
    },

    /** Step one: a code to the new address, in the account's language. */
    async sendCode(accountId: string, email: string) {
      const account = await assertNotificationsOpen(accountId);
      if (email === (account.notice_email ?? account.email)) throw badRequest('notice_email_same', 'email');
      return codes.issue(
        email,
        'notice-email',
        async (code) => {
          if (code === null) return;
          const mail = verificationCodeMail(
            { brand: deps.brand, url: deps.publicUrl, language: account.language },
            'notice-email',
            code,
            CODE_TTL_SECONDS / 60,
          );
          try {
            await mailer.send({ to: email, ...mail }, { scene: 'notice-email', code });
          } catch (error) {
            log.error({ err: error }, 'could not send a notice-email code');
            throw unavailable('email_send_failed');
          }
        },
        true,
      );
    },

    /** Step two: the code proves the address; back to the sign-in email needs none. */
    async change(accountId: string, email: string, code: string | undefined): Promise<NoticeEmail> {
      const account = await assertNotificationsOpen(accountId);
      if (email === account.email) {
        await repo.setNoticeEmail(accountId, null);
        return noticeOf({ email: account.email, notice_email: null });
      }
      if (!code) throw badRequest('code_incomplete', 'code');
      const codeId = await codes.check(email, 'notice-email', code);
      await transaction(async (trx) => {
        await codes.consume(trx, codeId);
        await repo.setNoticeEmail(accountId, email, trx);
      });
      return noticeOf({ email: account.email, notice_email: email });
    },

    async settings(accountId: string): Promise<NotificationSettings> {
      const account = await accounts.load(accountId);
      return { newLead: account.notify_new_lead, dailyDigest: account.notify_digest };
    },

    async saveSettings(accountId: string, settings: NotificationSettings): Promise<NotificationSettings> {
      await assertNotificationsOpen(accountId);
      await repo.setNotifications(accountId, settings);
      return settings;
    },
  };
}

export type NoticeService = ReturnType<typeof createNoticeService>;
