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
    cnameCount: 0,
    videoSlideCount: 1,
  },
  storageBytes: 2 * GIB,
  trafficBytes: 10 * GIB,
};

/** spec §4: the plan will expire when the user is VIP, not auto-subscribed (or opened by a super admin), with 0 to 15 days left. */
export const EXPIRY_WARNING_DAYS = 15;
