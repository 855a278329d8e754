import type { AccountDetail, Language, PlanType, VipUserInfo } from '@leadreel/shared';
import { AppError, badRequest, conflict, unauthorized } from '../../errors.ts';
import { detailOf, entitlementsOf } from '../entitlements/entitlements.ts';
import type { AccountRepo } from './account.repo.ts';

export function createAccountService(deps: {
  accounts: AccountRepo;
  /** The account's number of videos (spec §3 videoTotal), answered by the videos module. */
  countVideos?: (accountId: string) => Promise<number>;
}) {
  const { accounts } = deps;

  async function load(accountId: string) {
    const account = await accounts.findById(accountId);
    // A session outliving its account (deleted meanwhile) is no longer valid.
    if (!account) throw unauthorized();
    return account;
  }

  return {
    load,

    /** Where an account's mails go, and in which language; undefined once it is deleted. */
    async mailTarget(accountId: string) {
      const account = await accounts.findById(accountId);
      return account && { to: account.notice_email ?? account.email, language: account.language };
    },

    claimDigests: (now: Date, gapMs: number) => accounts.claimDigests(now, gapMs),
    releaseDigest: (accountId: string) => accounts.releaseDigest(accountId),

    /** spec §3 Account info; its plan, period and usage as the entitlements module reads them. */
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
        videoTotal: deps.countVideos ? await deps.countVideos(account.id) : 0,
        defaultFolderId: account.default_folder_id ?? '',
      };
    },

    /**
     * spec §3 User VIP info, from the account's plan. Billing sells no plan yet, so a paid plan is one an
     * operator granted (cli/set-plan.ts): opened by a super admin, which spec §6 counts as not auto-subscribed,
     * with no subscription behind it and no end unless the account's period has one.
     */
    async vipUserInfo(accountId: string): Promise<VipUserInfo> {
      const { plan, paid, periodEnd } = entitlementsOf(await load(accountId));
      return {
        product: { type: plan, showType: paid ? plan : null },
        subscribeId: null,
        isVip: paid,
        isTrial: false,
        VipExpireTime: paid && periodEnd ? Math.floor(periodEnd.getTime() / 1000) : 0,
        autoSubscribe: false,
        bySuperAdminOpen: paid,
      };
    },

    /** The operator's grant of a plan to the account of an email (cli/set-plan.ts); false when there is none. */
    grantPlan(email: string, plan: PlanType) {
      return accounts.setPlanByEmail(email.trim().toLowerCase(), plan);
    },

    async setLanguage(accountId: string, language: Language) {
      await accounts.setLanguage(accountId, language);
    },

    /** spec §2 start-up step 2: not to oneself, not when already bound, not when the account is a referrer. */
    async bindReferrer(accountId: string, ref: string) {
      const account = await load(accountId);
      if (ref === account.id) throw badRequest('referrer_self', 'ref');
      if (account.is_referrer) throw conflict('referrer_is_referrer');
      if (account.referrer_id) throw conflict('referrer_already_bound');
      if (!(await accounts.findById(ref))) throw new AppError(404, 'referrer_not_found');
      const bound = await accounts.bindReferrer(account.id, ref);
      if (bound === 'loop') throw conflict('referrer_loop');
      if (bound === 'taken') throw conflict('referrer_already_bound');
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
