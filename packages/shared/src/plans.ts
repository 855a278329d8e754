/** Plans and what each grants. Until the billing issue adds paid plans, every account is on Free. */
export const PLAN_TYPES = ['Free', 'Lite', 'Pro', 'Business'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const GIB = 1024 ** 3;

export type Privileges = {
  canUseApiKey: boolean;
  canUseBranding: boolean;
  canUseLinkName: boolean;
  canUseChannel: boolean;
  canUseBlogToVideo: boolean;
  /** Webhooks carry a lead's details, which Free masks: a paid plan's. */
  canUseWebhooks: boolean;
  cnameCount: number;
  videoSlideCount: number;
};

export type PlanAllowance = { privileges: Privileges; storageBytes: number; trafficBytes: number };

export const FREE_PLAN: PlanAllowance = {
  privileges: {
    canUseApiKey: false,
    canUseBranding: false,
    canUseLinkName: false,
    canUseChannel: false,
    canUseBlogToVideo: false,
    canUseWebhooks: false,
    cnameCount: 0,
    videoSlideCount: 1,
  },
  storageBytes: 2 * GIB,
  trafficBytes: 10 * GIB,
};

const paid = (
  storageGib: number,
  trafficGib: number,
  privileges: Partial<Privileges> & Pick<Privileges, 'cnameCount' | 'videoSlideCount'>,
): PlanAllowance => ({
  privileges: {
    ...FREE_PLAN.privileges,
    canUseBranding: true,
    canUseLinkName: true,
    canUseWebhooks: true,
    ...privileges,
  },
  storageBytes: storageGib * GIB,
  trafficBytes: trafficGib * GIB,
});

/**
 * What each plan grants. The spec leaves the paid values out (§9); these are ours until the billing issue
 * prices them. Every paid plan carries the account's own branding, link names and webhooks.
 */
export const PLANS: Record<PlanType, PlanAllowance> = {
  Free: FREE_PLAN,
  Lite: paid(50, 200, { cnameCount: 1, videoSlideCount: 5 }),
  Pro: paid(200, 1000, {
    canUseApiKey: true,
    canUseChannel: true,
    canUseBlogToVideo: true,
    cnameCount: 3,
    videoSlideCount: 20,
  }),
  Business: paid(1000, 5000, {
    canUseApiKey: true,
    canUseChannel: true,
    canUseBlogToVideo: true,
    cnameCount: 10,
    videoSlideCount: 100,
  }),
};

/** spec §4: the plan will expire when the user is VIP, not auto-subscribed (or opened by a super admin), with 0 to 15 days left. */
export const EXPIRY_WARNING_DAYS = 15;
