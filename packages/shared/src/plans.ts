/**
 * The plans. What each costs and grants is the server's catalogue (apps/server/catalogue.json); the console
 * reads an account's rights from its detail.
 */
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

/** the plan will expire when the user is VIP, not auto-subscribed (or opened by a super admin), with 0 to 15 days left. */
export const EXPIRY_WARNING_DAYS = 15;
