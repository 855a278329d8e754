import {
  type AccountDetail,
  type GatedFeature,
  type MessageKey,
  type Period,
  PLAN_TYPES,
  type PlanType,
  type Privileges,
  periodFeatures,
  periodRank,
} from '@leadreel/shared';
import { forbidden, planPeriod, unauthorized } from '../../errors.ts';
import type { Catalogue } from './catalogue.ts';
import { currentPeriodEnd } from './period-dates.ts';

/**
 * What entitlements read of an account: its plan, its period and its usage. Only this module
 * turns them into rights (docs/decisions/0015-entitlements.md); a test keeps every other module off them.
 */
export type Standing = {
  plan_type: PlanType;
  vip_period: Period;
  period_end_at: Date | null;
  used_storage: string | number;
  used_traffic: string | number;
  /** Scheduled for deletion: locked, and to work with no session behind it, gone. */
  locked?: boolean;
};

/** Every "may this account do X, how much of Y is left" the server asks, answered at once. */
export type Entitlements = {
  plan: PlanType;
  paid: boolean;
  period: Period;
  /** When the paid plan ends, null when it has no end. */
  periodEnd: Date | null;
  /**
   * When the current period ends (the console contract periodEndTime): the plan's end in Normal, then when Frozen,
   * Clear and RealClear begin; null with no end (a plan with none, or RealClear).
   */
  currentPeriodEnd: Date | null;
  /** privileges: what the plan grants. */
  privileges: Privileges;
  caps: {
    storageBytes: number;
    /** Playback per billing period (Free: per calendar month). */
    trafficBytes: number;
    domains: number;
    videoSlides: number;
    sites: number;
    brands: number;
    /** Credits granted with each period of the plan. */
    creditsPerPeriod: number;
    /** The longest video an AI task takes, in minutes. */
    aiTaskMaxMinutes: number;
  };
  usage: { storageBytes: number; trafficBytes: number };
  /** each gated feature, open while the period is earlier than its threshold. */
  features: Record<GatedFeature, boolean>;
  /** detailed lead data (answers, pages, referrers, exports) is a paid plan's; Free sees it masked. */
  leadDetailsMasked: boolean;
  /** Webhooks carry what Free masks: a paid plan's, and like the other notifications closed from Frozen on. */
  webhooks: boolean;
  /** The account's videos may be served: traffic is left this period. */
  mayServe: boolean;
};

/** Plan privileges that are yes or no (the others are counts, in caps). */
export type Privilege = { [K in keyof Privileges]: Privileges[K] extends boolean ? K : never }[keyof Privileges];

/** The rights an account's standing gives under the catalogue's plans. */
export function entitlementsOf(account: Standing, catalogue: Pick<Catalogue, 'plans' | 'lifecycle'>): Entitlements {
  const plan = (PLAN_TYPES as readonly string[]).includes(account.plan_type) ? account.plan_type : 'Free';
  const allowance = catalogue.plans[plan];
  const features = periodFeatures(account.vip_period);
  const usage = { storageBytes: Number(account.used_storage), trafficBytes: Number(account.used_traffic) };
  return {
    plan,
    paid: plan !== 'Free',
    period: account.vip_period,
    periodEnd: account.period_end_at,
    currentPeriodEnd: currentPeriodEnd(account.vip_period, account.period_end_at, catalogue.lifecycle),
    privileges: allowance.privileges,
    caps: {
      storageBytes: allowance.storageBytes,
      trafficBytes: allowance.trafficBytes,
      domains: allowance.privileges.cnameCount,
      videoSlides: allowance.privileges.videoSlideCount,
      sites: allowance.sites,
      brands: allowance.brands,
      creditsPerPeriod: allowance.creditsPerPeriod,
      aiTaskMaxMinutes: allowance.aiTaskMaxMinutes,
    },
    usage,
    features,
    leadDetailsMasked: plan === 'Free',
    webhooks: allowance.privileges.canUseWebhooks && features.emailNotifications,
    // Playback stops over the traffic cap, and from Frozen on (videos can no longer be used).
    mayServe:
      usage.trafficBytes < allowance.trafficBytes && periodRank(account.vip_period) < periodRank('frozen-period'),
  };
}

/** What account detail tells the console of the account's rights. */
export function detailOf(
  rights: Entitlements,
): Pick<AccountDetail, 'vipPeriod' | 'privileges' | 'storageAndTraffic' | 'periodEndTime' | 'entitlements'> {
  return {
    vipPeriod: rights.period,
    privileges: rights.privileges,
    storageAndTraffic: {
      storage: rights.caps.storageBytes,
      usedStorage: rights.usage.storageBytes,
      traffic: rights.caps.trafficBytes,
      usedTraffic: rights.usage.trafficBytes,
    },
    periodEndTime: rights.currentPeriodEnd ? Math.floor(rights.currentPeriodEnd.getTime() / 1000) : 0,
    entitlements: {
      features: rights.features,
      caps: { sites: rights.caps.sites, brands: rights.caps.brands, creditsPerPeriod: rights.caps.creditsPerPeriod },
    },
  };
}

/**
 * The one place every gate and cap on the server asks. `find` answers an account's standing (the account
 * module's repo), undefined for an account that is gone.
 */
export function createEntitlements(deps: {
  find: (accountId: string) => Promise<Standing | undefined>;
  catalogue: Pick<Catalogue, 'plans' | 'lifecycle'>;
}) {
  const { catalogue } = deps;
  /** The rights of a signed-in account; a session outliving its account is no longer valid. */
  async function of(accountId: string) {
    const account = await deps.find(accountId);
    if (!account) throw unauthorized();
    return entitlementsOf(account, catalogue);
  }
  return {
    of,

    /** The rights of a standing already read (with the rest of its account row). */
    fromStanding: (account: Standing) => entitlementsOf(account, catalogue),

    /** A feature closed in the account's period answers 403 plan_period. */
    async assertFeature(accountId: string, feature: GatedFeature) {
      if (!(await of(accountId)).features[feature]) throw planPeriod();
    },

    /** A privilege the plan does not grant answers 403 with `code` (and the field it concerns, if any). */
    async assertPrivilege(accountId: string, privilege: Privilege, code: MessageKey, field?: string) {
      if (!(await of(accountId)).privileges[privilege]) throw forbidden(code, field);
    },

    /**
     * Both gates of a screen in one read of the account: the feature open in its period (else 403
     * plan_period), then the plan's privilege (else 403 with its code and field).
     */
    async assertAccess(
      accountId: string,
      feature: GatedFeature,
      [privilege, code, field]: [Privilege, MessageKey, string?],
    ) {
      const rights = await of(accountId);
      if (!rights.features[feature]) throw planPeriod();
      if (!rights.privileges[privilege]) throw forbidden(code, field);
      return rights;
    },

    /** For work with no session behind it (mail, webhooks, pages): null for an account that is gone. */
    async ofAccount(accountId: string) {
      const account = await deps.find(accountId);
      // A locked account serves no media, fires no webhooks and answers no API key.
      return account && !account.locked ? entitlementsOf(account, catalogue) : null;
    },
  };
}
export type EntitlementsService = ReturnType<typeof createEntitlements>;
