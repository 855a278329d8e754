import type { AccountDetail, Language, Period, PlanType, PrivacySettings } from '@leadreel/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../errors.ts';
import { detailOf, type EntitlementsService, type Standing } from '../entitlements/entitlements.ts';
import type { AccountRepo } from './account.repo.ts';

/** What a signup gives to make an account. */
type NewAccount = Omit<Parameters<AccountRepo['create']>[1], 'planType'>;

export function createAccountService(deps: {
  accounts: AccountRepo;
  /** The account's number of videos (the console contract videoTotal), answered by the videos module. */
  countVideos: (accountId: string) => Promise<number>;
  /** Makes a new account's default folder in its transaction (the videos module's); answers its id. */
  createDefaultFolder: (accountId: string, trx: Db) => Promise<string>;
  /** What an account row's plan, period and usage allow (the entitlements module's answer). */
  entitlements: Pick<EntitlementsService, 'fromStanding'>;
  /** The plan new accounts start on (DEFAULT_PLAN). */
  defaultPlan?: PlanType;
}) {
  const { accounts } = deps;
  const entitlementsOf = (account: Standing) => deps.entitlements.fromStanding(account);

  const mailTargetOf = (account: Standing & { email: string; notice_email: string | null; language: Language }) => {
    const rights = entitlementsOf(account);
    return {
      to: account.notice_email ?? account.email,
      language: account.language,
      leadDetailsMasked: rights.leadDetailsMasked,
      // Lead mails and digests stop from Frozen on (docs/product.md, Plan periods); mails about the
      // account itself (receipts, the period notices) do not.
      leadNotices: rights.features.emailNotifications,
    };
  };

  async function load(accountId: string) {
    const account = await accounts.findById(accountId);
    // A session outliving its account (deleted meanwhile) is no longer valid.
    if (!account) throw unauthorized();
    return account;
  }

  return {
    load,

    /** Deletes the account and, by cascade, every row of its data (the deletion job's). */
    remove: (trx: Db, accountId: string) => accounts.remove(trx, accountId),

    /** The account and what its plan, period and usage allow, from one read of it. */
    async withRights(accountId: string) {
      const account = await load(accountId);
      return { account, rights: entitlementsOf(account) };
    },

    find: (accountId: string) => accounts.findById(accountId),
    findByEmail: (email: string) => accounts.findByEmail(email),
    findByGoogleSub: (sub: string) => accounts.findByGoogleSub(sub),

    /**
     * Creates the account and its default folder in the caller's transaction. Answers undefined when the
     * email is taken (a concurrent signup may win the race).
     */
    async create(trx: Db, values: NewAccount) {
      const id = await accounts.create(trx, { ...values, planType: deps.defaultPlan ?? 'Free' });
      if (!id) return undefined;
      const defaultFolderId = await deps.createDefaultFolder(id, trx);
      await accounts.setDefaultFolder(id, defaultFolderId, trx);
      return { id, defaultFolderId };
    },

    setPasswordHash: (accountId: string, passwordHash: string, trx?: Db) =>
      accounts.setPasswordHash(accountId, passwordHash, trx),
    setFirstPasswordHash: (accountId: string, passwordHash: string) =>
      accounts.setFirstPasswordHash(accountId, passwordHash),
    linkGoogle: (accountId: string, sub: string) => accounts.linkGoogle(accountId, sub),

    /**
     * Where an account's mails go, in which language, and whether its plan masks what leads say (Free,
     * the console contract); undefined once it is deleted.
     */
    async mailTarget(accountId: string) {
      const account = await accounts.findById(accountId);
      return account && mailTargetOf(account);
    },

    /**
     * Claims today's digest of every account that wants one and had none in the last `gapMs`; answers
     * where each goes, as mailTarget does.
     */
    claimDigests: async (now: Date, gapMs: number) =>
      (await accounts.claimDigests(now, gapMs))
        .map((account) => ({ id: account.id, ...mailTargetOf(account) }))
        .filter((target) => target.leadNotices),
    releaseDigest: (accountId: string) => accounts.releaseDigest(accountId),

    /**
     * Monthly traffic starts again at zero on the first of each calendar month, UTC (playback
     * stops at the cap; the next month it plays again). Paid plans count by calendar month too until their
     * subscriptions give them billing periods of their own. Safe to run any number of times.
     */
    startTrafficPeriods: (now: Date) =>
      accounts.startTrafficPeriod(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),

    /**
     * Counts `delta` bytes of stored files against the account (negative gives them back) in the caller's
     * transaction, so the file's row and its bytes change together; false when `quota` would be exceeded.
     */
    addUsedStorage: (trx: Db, accountId: string, delta: number, quota?: number) =>
      accounts.addUsedStorage(trx, accountId, delta, quota),

    /** Account info; its plan, period and usage as the entitlements module reads them. */
    async detail(accountId: string): Promise<AccountDetail> {
      const account = await load(accountId);
      return {
        userId: account.id,
        email: account.email,
        language: account.language,
        hasPassword: account.password_hash !== null,
        isReferer: account.is_referrer,
        refererId: account.referrer_id,
        ...detailOf(entitlementsOf(account)),
        videoTotal: await deps.countVideos(account.id),
        defaultFolderId: account.default_folder_id ?? '',
      };
    },

    /** An operator opens a plan (the console contract bySuperAdminOpen): Normal period, until `periodEnd` or for good. */
    openPlan: (accountId: string, plan: PlanType, periodEnd: Date | null, trx?: Db, byAdmin = false) =>
      accounts.openPlan(accountId, plan, periodEnd, trx, byAdmin),

    /**
     * The account and its rights, held for the caller's transaction (a payment changing its plan): two
     * payments of one account apply one after the other, each seeing what the other gave.
     */
    async lockWithRights(trx: Db, accountId: string) {
      const account = await accounts.lockById(trx, accountId);
      if (!account) throw unauthorized();
      return { account, rights: entitlementsOf(account) };
    },

    /** Paid accounts past their plan's end with a period left to enter. */
    lapsed: (now: Date) => accounts.lapsed(now),
    /** Paid accounts in Normal whose plan ends within the reminder window. */
    ending: (now: Date, until: Date) => accounts.ending(now, until),
    /** Moves the account to its next period unless it changed meanwhile (a renewal); false then. */
    movePeriod: (trx: Db, accountId: string, from: Period, to: Period, planEnd: Date) =>
      accounts.movePeriod(trx, accountId, from, to, planEnd),

    /** Paid accounts whose plan runs, for the billing periods' job. */
    running: (now: Date) => accounts.running(now),

    /**
     * A new billing period began at `at` (a plan bought, or a month of it passed): the period's traffic
     * starts from zero, once; false when that period had begun already.
     */
    startTrafficPeriodOf: (trx: Db, accountId: string, at: Date) => accounts.startTrafficPeriodOf(trx, accountId, at),

    async setLanguage(accountId: string, language: Language) {
      await accounts.setLanguage(accountId, language);
    },

    /** Global settings "privacy": whether the account keeps no viewer id. */
    async privacy(accountId: string): Promise<PrivacySettings> {
      return { privacyMode: (await load(accountId)).privacy_mode };
    },

    async savePrivacy(accountId: string, settings: PrivacySettings): Promise<PrivacySettings> {
      await load(accountId);
      await accounts.setPrivacyMode(accountId, settings.privacyMode);
      return settings;
    },

    /**
     * start-up step 2: not to oneself, not when already bound, not when the account is a referrer, and
     * only before the account's first payment (a sign-up through the link binds at once).
     */
    async bindReferrer(accountId: string, ref: string) {
      const account = await load(accountId);
      if (ref === account.id) throw badRequest('referrer_self', 'ref');
      if (account.is_referrer) throw conflict('referrer_is_referrer');
      if (account.referrer_id) throw conflict('referrer_already_bound');
      if (account.first_paid_at) throw conflict('referrer_after_payment');
      if (!(await accounts.findById(ref))) throw notFound('referrer_not_found');
      const bound = await accounts.bindReferrer(account.id, ref);
      if (bound === 'loop') throw conflict('referrer_loop');
      if (bound === 'taken') throw conflict('referrer_already_bound');
      if (bound === 'paid') throw conflict('referrer_after_payment');
    },

    /**
     * An operator makes the account a referrer (only referrers see affiliate-system) or takes it
     * back; commissions earned before stay. Binding it to a referrer is refused from then on.
     */
    setReferrer: (accountId: string, on: boolean, trx?: Db) => accounts.setReferrer(accountId, on, trx),

    /** Records the account's first payment (billing, in the paying transaction): no referrer binds after it. */
    markPaid: (trx: Db, accountId: string, at: Date) => accounts.markPaid(trx, accountId, at),

    /** The accounts bound to the referrer (the affiliate page's referred accounts). */
    referredBy: (referrerId: string, limit: number, offset: number) => accounts.referredBy(referrerId, limit, offset),

    /** Who earns on the account's payments: its referrer while that is a referrer (affiliates), else undefined. */
    referralOf: (trx: Db, accountId: string) => accounts.referralOf(trx, accountId),
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
