import type { BillingPlan } from '../contracts/pay.ts';
import type { Language } from '../languages.ts';
import type { Translation } from './translation.ts';

/** What the server writes into product records (spec §3 planDesc, productDesc) in the account's language. */
const en: {
  planDesc: Record<BillingPlan, string>;
  annualSaving: (percent: number) => string;
} = {
  planDesc: { month: 'per month, billed monthly', yr: 'per year, billed annually' },
  annualSaving: (percent) => `Save ${percent}% with annual billing`,
};

const zh: Translation<typeof en> = {
  planDesc: { month: '每月，按月计费', yr: '每年，按年计费' },
  annualSaving: (percent) => `按年付费节省 ${percent}%`,
};

export const BILLING_TEXT: Record<Language, typeof en> = { en, zh_CN: zh };
