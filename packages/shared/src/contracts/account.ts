import { z } from 'zod';
import { GATED_FEATURES, PERIODS } from '../periods.ts';
import { PLAN_TYPES } from '../plans.ts';
import { codeField, emailField, LANGUAGES } from './common.ts';

export const privilegesSchema = z.object({
  canUseApiKey: z.boolean(),
  canUseBranding: z.boolean(),
  canUseLinkName: z.boolean(),
  canUseChannel: z.boolean(),
  canUseBlogToVideo: z.boolean(),
  canUseWebhooks: z.boolean(),
  cnameCount: z.number().int(),
  videoSlideCount: z.number().int(),
});

/** Account info. Sizes in bytes, times in seconds. */
export const accountDetailData = z.object({
  userId: z.string(),
  email: z.string(),
  language: z.enum(LANGUAGES),
  hasPassword: z.boolean(),
  isReferer: z.boolean(),
  refererId: z.string().nullable(),
  vipPeriod: z.enum(PERIODS),
  privileges: privilegesSchema,
  storageAndTraffic: z.object({
    storage: z.number(),
    usedStorage: z.number(),
    traffic: z.number(),
    usedTraffic: z.number(),
  }),
  periodEndTime: z.number().int(),
  videoTotal: z.number().int(),
  defaultFolderId: z.string(),
  /**
   * Ours, beside the console contract fields: which gated features are open to the account now, as the
   * server's entitlements decide them. The console reads these instead of ranking periods itself.
   */
  entitlements: z.object({
    features: z.record(z.enum(GATED_FEATURES), z.boolean()),
    /** The plan's caps beside the console contract privileges (cnameCount, videoSlideCount): the usage board's. */
    caps: z.object({
      sites: z.number().int().min(0),
      brands: z.number().int().min(0),
      /** Credits granted with each month of the plan. */
      creditsPerPeriod: z.number().int().min(0),
    }),
  }),
});
export type AccountDetail = z.infer<typeof accountDetailData>;

export const setLanguageBody = z.strictObject({ language: z.enum(LANGUAGES, { error: 'language_invalid' }) });

/** User VIP info. */
export const vipUserInfoData = z.object({
  product: z.object({ type: z.enum(PLAN_TYPES), showType: z.string().nullable() }),
  subscribeId: z.string().nullable(),
  isVip: z.boolean(),
  isTrial: z.boolean(),
  VipExpireTime: z.number().int(),
  autoSubscribe: z.boolean(),
  bySuperAdminOpen: z.boolean(),
  /** Derived: whole days left of the plan, 0 when it has no end or has ended. */
  surplusDays: z.number().int().min(0),
  /** Derived: the day the plan ends, YYYY/MM/DD (the console contract date format) in UTC; null when it has no end. */
  expireDate: z.string().nullable(),
  /** Derived: VIP, not auto-subscribed or opened by a super admin, with 0 to 15 days left. */
  willExpire: z.boolean(),
  /** Derived: the brand, then the product type when showType is set ("LeadReel Pro"). */
  planText: z.string(),
});
export type VipUserInfo = z.infer<typeof vipUserInfoData>;

/** account get-notice-email: where lead mail goes; the sign-in email until another is confirmed. */
export const noticeEmailData = z.object({
  noticeEmail: z.string(),
  signInEmail: z.string(),
  isSignInEmail: z.boolean(),
});
export type NoticeEmail = z.infer<typeof noticeEmailData>;

/** Step one of change-notice-email: a code to the new address proves the account holder reads it. */
export const noticeEmailCodeBody = z.strictObject({ email: emailField });

/** account change-notice-email. The sign-in email needs no code (it was proved at sign-up). */
export const changeNoticeEmailBody = z.strictObject({ email: emailField, code: codeField.optional() });

/** global-settings email-notification: which events mail the account. */
export const notificationSettingsBody = z.strictObject({
  newLead: z.boolean({ error: 'illegal_input' }),
  dailyDigest: z.boolean({ error: 'illegal_input' }),
});
export const notificationSettingsData = z.object({ newLead: z.boolean(), dailyDigest: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettingsData>;

/**
 * Global settings "privacy": privacy mode keeps no viewer id. The account's players store nothing
 * in the viewer's browser and the analytics count each viewing as its own viewer.
 */
export const privacySettingsBody = z.strictObject({ privacyMode: z.boolean({ error: 'illegal_input' }) });
export const privacySettingsData = z.object({ privacyMode: z.boolean() });
export type PrivacySettings = z.infer<typeof privacySettingsData>;
