import { createHash } from 'node:crypto';
import type { CodeScene, Language, VerifyScene } from '@leadreel/shared';
import { CODE_TTL_SECONDS } from '@leadreel/shared';
import type { Logger } from 'pino';
import type { Db, Transact } from '../../db/database.ts';
import { badRequest, conflict, notFound, unauthenticated, unauthorized, unavailable } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountService } from '../account/account.service.ts';
import { alreadyRegisteredMail, verificationCodeMail } from '../mail/mail.templates.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { DeviceCookies } from './device-cookie.ts';
import type { GoogleVerifier } from './google.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { AuthContext, SessionService } from './session.service.ts';
import type { VerificationService } from './verification.service.ts';

/** What the auth routes know of the client: its cookies, address and reset nonce (auth.routes.ts). */
export type Client = { cookies: Record<string, string>; ip: string; resetNonce: string | null };

/**
 * Reset mails an hour (docs/decisions/0010-sign-in-throttling.md): a browser with a device cookie of the
 * account has its own allowance; other clients share the account's, of which one address gets a few, so
 * one flooder cannot use it all. Requests past an allowance are answered as usual and mail nothing.
 */
export const RESET_MAILS_PER_HOUR = { device: 5, address: 3, account: 10 } as const;

/** Sign-in codes are mailed only for the right password; this caps them should the password leak. */
export const SIGN_IN_MAILS_PER_HOUR = 10;

const requesterOf = (nonce: string | null) => (nonce ? createHash('sha256').update(nonce).digest('hex') : null);

type Deps = {
  transaction: Transact;
  accounts: AccountService;
  sessions: SessionService;
  codes: VerificationService;
  devices: DeviceCookies;
  throttle: LoginThrottle;
  clock: Clock;
  mailer: Mailer;
  google: GoogleVerifier | null;
  brand: string;
  publicUrl: string;
  log: Logger;
};

export function createAuthService(deps: Deps) {
  const { transaction, accounts, sessions, codes, devices, throttle, clock, mailer, log } = deps;
  const context = (language: Language) => ({ brand: deps.brand, url: deps.publicUrl, language });

  async function deliver(email: string, language: Language, scene: CodeScene, code: string | null) {
    const mail =
      code !== null
        ? verificationCodeMail(context(language), scene, code, CODE_TTL_SECONDS / 60)
        : scene === 'reset' || scene === 'sign-in'
          ? null
          : alreadyRegisteredMail(context(language));
    if (!mail) return;
    try {
      await mailer.send({ to: email, ...mail }, code ? { scene, code } : {});
    } catch (error) {
      log.error({ err: error, scene }, 'could not send a verification email');
      throw unavailable('email_send_failed');
    }
  }

  /** New accounts get a default folder; an unknown or invalid ref is ignored so it cannot block a signup. */
  async function createAccount(
    values: { email: string; passwordHash: string | null; googleSub?: string; language: Language; ref?: string },
    beforeCreate?: (trx: Db) => Promise<void>,
  ) {
    const referrer = values.ref ? await accounts.find(values.ref) : undefined;
    return transaction(async (trx) => {
      await beforeCreate?.(trx);
      const created = await accounts.create(trx, { ...values, referrerId: referrer?.id });
      if (!created) throw conflict('email_registered');
      return created;
    });
  }

  async function resetMailAllowed(email: string, accountId: string, client: Client) {
    const device = await devices.deviceOf(accountId, client.cookies, clock.now());
    if (device) return throttle.withinHourly(`reset-mail-device:${device}`, RESET_MAILS_PER_HOUR.device);
    if (!(await throttle.withinHourly(`reset-mail-ip:${email}:${client.ip}`, RESET_MAILS_PER_HOUR.address))) {
      return false;
    }
    return throttle.withinHourly(`reset-mail:${email}`, RESET_MAILS_PER_HOUR.account);
  }

  async function signedIn(accountId: string) {
    return { accessToken: await sessions.issue(accountId), deviceCookie: await devices.issue(accountId, clock.now()) };
  }

  /**
   * Sign-in from an unknown browser while guesses from elsewhere have locked the address for unknown
   * browsers: the right password alone is not enough, but it is not refused either. Without a code, the
   * answer is always `login_code_required`, and a code is mailed to the owner only when the password is
   * right, so the answer tells a guesser nothing. With the code that browser was mailed and the right
   * password, the browser signs in and becomes a known device. Guesses made here do not count: the
   * lock is already on, and a code is needed besides.
   */
  async function stepUp(
    input: { email: string; password: string; code?: string },
    account: Awaited<ReturnType<AccountService['findByEmail']>>,
    client: Client,
  ) {
    const valid = (await verifyPassword(account?.password_hash ?? null, input.password)) && account !== undefined;
    const requester = requesterOf(client.resetNonce);
    if (!requester) throw new Error('a sign-in code needs the asking browser');
    if (input.code === undefined) {
      const { resendAfter } = await codes.issue(
        input.email,
        'sign-in',
        async (code) => {
          if (!code || !account) return;
          if (!(await throttle.withinHourly(`sign-in-mail:${input.email}`, SIGN_IN_MAILS_PER_HOUR))) {
            log.info({ accountId: account.id }, 'sign-in code mail over its hourly allowance: not sent');
            return;
          }
          await deliver(input.email, account.language, 'sign-in', code);
        },
        valid,
        requester,
      );
      return { codeRequired: { resendAfter } } as const;
    }
    const codeId = await codes.check(input.email, 'sign-in', input.code, requester);
    if (!account || !valid) throw unauthenticated('login_incorrect');
    await transaction((trx) => codes.consume(trx, codeId));
    log.info({ accountId: account.id }, 'signed in from a new browser with a mailed code');
    return signedIn(account.id);
  }

  return {
    /**
     * Sends a 6-digit code. The answer is the same whether or not an account exists, and
     * whether or not a reset mail was over its allowance.
     */
    async sendCode(
      input: { email: string; scene: VerifyScene },
      language: Language,
      auth: AuthContext | null,
      client: Client | null = null,
    ) {
      if (input.scene === 'change-email' && !auth) throw unauthorized();
      const existing = await accounts.findByEmail(input.email);
      if (input.scene === 'reset') {
        if (!client?.resetNonce) throw new Error('a reset code needs the asking browser');
        const onlyClient = client;
        // The mail is in the account's language, not the asking browser's.
        return codes.issue(
          input.email,
          'reset',
          async (code) => {
            if (!code || !existing) return;
            if (!(await resetMailAllowed(input.email, existing.id, onlyClient))) {
              log.info({ accountId: existing.id }, 'reset mail over its hourly allowance: not sent');
              return;
            }
            await deliver(input.email, existing.language, 'reset', code);
          },
          existing !== undefined,
          requesterOf(client.resetNonce),
        );
      }
      return codes.issue(
        input.email,
        input.scene,
        (code) => deliver(input.email, language, input.scene, code),
        existing === undefined,
      );
    },

    async signup(input: { email: string; password: string; code: string; ref?: string }, language: Language) {
      // The code proves the caller owns the mailbox before we say whether it is registered.
      const codeId = await codes.check(input.email, 'signup', input.code);
      const passwordHash = await hashPassword(input.password);
      const created = await createAccount({ email: input.email, passwordHash, language, ref: input.ref }, (trx) =>
        codes.consume(trx, codeId),
      );
      log.info({ accountId: created.id }, 'account created');
      return {
        accessToken: await sessions.issue(created.id),
        isNew: true,
        // The browser that proved the mailbox and chose the password is the account's first known device.
        deviceCookie: await devices.issue(created.id, clock.now()),
      };
    },

    /**
     * the same "account or password is incorrect" for an unknown email and a wrong password.
     * Failures count against the browser's device cookie when it holds a valid one for this account, else
     * against the address's untrusted bucket (login-throttle.ts). A locked device bucket is refused before
     * the password is checked. While the untrusted bucket is locked, an unknown browser steps up instead
     * of being refused (`stepUp`). A successful sign-in makes the browser a known device of the account.
     */
    async login(input: { email: string; password: string; code?: string }, client: Client) {
      const account = await accounts.findByEmail(input.email);
      const device = account ? await devices.deviceOf(account.id, client.cookies, clock.now()) : null;
      const bucket = throttle.bucket(input.email, device);
      if (!device && (await throttle.lockedFor(bucket))) return stepUp(input, account, client);
      await throttle.refuseIfLocked(bucket);
      const valid = await verifyPassword(account?.password_hash ?? null, input.password);
      if (!account || !valid) {
        await throttle.failed(bucket);
        throw unauthenticated('login_incorrect');
      }
      await throttle.succeeded(bucket);
      return signedIn(account.id);
    },

    logout: (auth: AuthContext) => sessions.revoke(auth.sessionId),

    /** A reset code works in any browser (the owner reads mail wherever); that browser then becomes a known device. */
    async resetPassword(input: { email: string; code: string; password: string }, client: Client) {
      const codeId = await codes.check(input.email, 'reset', input.code, requesterOf(client.resetNonce), {
        anyBrowser: true,
      });
      const account = await accounts.findByEmail(input.email);
      const passwordHash = await hashPassword(input.password);
      await transaction(async (trx) => {
        await codes.consume(trx, codeId);
        if (!account) throw badRequest('code_expired', 'code');
        await accounts.setPasswordHash(account.id, passwordHash, trx);
      });
      if (!account) throw badRequest('code_expired', 'code');
      await sessions.revokeOthers(account.id);
      return { deviceCookie: await devices.issue(account.id, clock.now()) };
    },

    /** Changing the password ends the account's other sessions. */
    async changePassword(auth: AuthContext, input: { oldPassword: string; newPassword: string }) {
      const account = await accounts.find(auth.accountId);
      if (!account) throw unauthorized();
      if (!account.password_hash) throw conflict('password_not_set');
      if (!(await verifyPassword(account.password_hash, input.oldPassword))) {
        throw badRequest('old_password_incorrect', 'oldPassword');
      }
      await accounts.setPasswordHash(account.id, await hashPassword(input.newPassword));
      await sessions.revokeOthers(account.id, auth.sessionId);
    },

    /** For accounts created without a password (Google sign-in). */
    async setPassword(auth: AuthContext, input: { newPassword: string }) {
      const hash = await hashPassword(input.newPassword);
      if (!(await accounts.setFirstPasswordHash(auth.accountId, hash))) throw conflict('password_already_set');
      await sessions.revokeOthers(auth.accountId, auth.sessionId);
    },

    async loginWithGoogle(input: { idToken: string }, language: Language) {
      if (!deps.google) throw notFound();
      const identity = await deps.google(input.idToken);
      if (!identity) throw unauthenticated('google_token_invalid');
      const bySub = await accounts.findByGoogleSub(identity.sub);
      if (bySub) return { accessToken: await sessions.issue(bySub.id), isNew: false };
      const byEmail = await accounts.findByEmail(identity.email);
      if (byEmail) {
        await accounts.linkGoogle(byEmail.id, identity.sub);
        return { accessToken: await sessions.issue(byEmail.id), isNew: false };
      }
      const created = await createAccount({
        email: identity.email,
        passwordHash: null,
        googleSub: identity.sub,
        language,
      });
      log.info({ accountId: created.id }, 'account created with Google');
      return { accessToken: await sessions.issue(created.id), isNew: true };
    },

    checkToken: (token: string) => sessions.secondsLeft(token),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
