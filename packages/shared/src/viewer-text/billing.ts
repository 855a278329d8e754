import type { BillingPlan } from '../contracts/pay.ts';
import type { Language } from '../languages.ts';
import type { Translation } from './translation.ts';

type SandboxStatus = 'paid' | 'failed' | 'canceled' | 'expired' | 'refunded';

/**
 * What the server writes about billing in the account's language: product records (the console contract planDesc,
 * productDesc), order descriptions, the sandbox checkout page, and the receipt mail.
 */
const en: {
  planDesc: Record<BillingPlan, string>;
  annualSaving: (percent: number) => string;
  planOrder: (plan: string, billing: BillingPlan) => string;
  creditsOrder: (credits: number) => string;
  method: Record<'card' | 'wechat' | 'alipay', string>;
  sandbox: {
    title: string;
    notice: string;
    pay: string;
    fail: string;
    cancel: string;
    done: Record<SandboxStatus, string>;
    back: string;
    closeTab: string;
    notFound: string;
  };
  refund: { subject: (brand: string, invoice: string) => string; intro: (brand: string) => string };
  receipt: {
    subject: (brand: string, invoice: string) => string;
    intro: (brand: string) => string;
    lines: { invoice: string; item: string; amount: string; method: string; date: string; period: string };
    outro: (url: string) => string;
    signature: (brand: string) => string;
  };
  invoice: {
    title: string;
    number: string;
    issued: string;
    seller: string;
    buyer: string;
    taxId: string;
    description: string;
    period: string;
    currency: string;
    amount: string;
    total: string;
    method: string;
    refunded: string;
    refundedOn: (date: string) => string;
  };
} = {
  planDesc: { month: 'per month, billed monthly', yr: 'per year, billed annually' },
  annualSaving: (percent) => `Save ${percent}% with annual billing`,
  planOrder: (plan, billing) => `${plan} plan, billed ${billing === 'yr' ? 'yearly' : 'monthly'}`,
  creditsOrder: (credits) => `${credits} credits`,
  method: { card: 'Credit card', wechat: 'WeChat Pay', alipay: 'Alipay' },
  sandbox: {
    title: 'Sandbox checkout',
    notice: 'This is the sandbox: no money moves. Choose what the payment does.',
    pay: 'Pay',
    fail: 'Fail the payment',
    cancel: 'Cancel',
    done: {
      paid: 'Payment successful.',
      failed: 'Payment failed',
      canceled: 'Payment canceled',
      expired: 'This order expired.',
      refunded: 'This order was refunded.',
    },
    back: 'Back to the console',
    closeTab: 'You can close this page.',
    notFound: 'This checkout does not exist.',
  },
  refund: {
    subject: (brand, invoice) => `Your ${brand} refund for ${invoice}`,
    intro: (brand) => `${brand} has refunded this payment in full. The money goes back the way you paid.`,
  },
  receipt: {
    subject: (brand, invoice) => `Your ${brand} receipt ${invoice}`,
    intro: (brand) => `Thank you for your payment. Here is your receipt from ${brand}.`,
    lines: {
      invoice: 'Invoice',
      item: 'Item',
      amount: 'Amount',
      method: 'Paid with',
      date: 'Date',
      period: 'Plan period',
    },
    outro: (url) => `Your billing history is in the console: ${url}/account/memberships`,
    signature: (brand) => `The ${brand} team`,
  },
  invoice: {
    title: 'Invoice',
    number: 'Invoice number',
    issued: 'Date issued',
    seller: 'From',
    buyer: 'Bill to',
    taxId: 'Tax ID',
    description: 'Description',
    period: 'Period',
    currency: 'Currency',
    amount: 'Amount',
    total: 'Total',
    method: 'Paid with',
    refunded: 'Refunded',
    refundedOn: (date) => `This payment was refunded in full on ${date}.`,
  },
};

const zh: Translation<typeof en> = {
  planDesc: { month: '每月，按月计费', yr: '每年，按年计费' },
  annualSaving: (percent) => `按年付费节省 ${percent}%`,
  planOrder: (plan, billing) => `${plan} 套餐（${billing === 'yr' ? '按年' : '按月'}计费）`,
  creditsOrder: (credits) => `${credits} 积分`,
  method: { card: '信用卡', wechat: '微信支付', alipay: '支付宝' },
  sandbox: {
    title: '沙盒收银台',
    notice: '这是沙盒环境，不会产生真实扣款。请选择本次支付的结果。',
    pay: '支付',
    fail: '支付失败',
    cancel: '取消',
    done: {
      paid: '支付成功。',
      failed: '支付失败',
      canceled: '支付已取消',
      expired: '该订单已过期。',
      refunded: '该订单已退款。',
    },
    back: '返回控制台',
    closeTab: '您可以关闭此页面。',
    notFound: '该支付页面不存在。',
  },
  refund: {
    subject: (brand, invoice) => `您的 ${brand} 订单 ${invoice} 已退款`,
    intro: (brand) => `${brand} 已全额退还此笔付款，款项将按原支付方式退回。`,
  },
  receipt: {
    subject: (brand, invoice) => `您的 ${brand} 收据 ${invoice}`,
    intro: (brand) => `感谢您的付款。以下是您在 ${brand} 的收据。`,
    lines: { invoice: '发票号', item: '项目', amount: '金额', method: '支付方式', date: '日期', period: '套餐期限' },
    outro: (url) => `账单记录可在控制台查看：${url}/account/memberships`,
    signature: (brand) => `${brand} 团队`,
  },
  invoice: {
    title: '发票',
    number: '发票号',
    issued: '开票日期',
    seller: '销售方',
    buyer: '购买方',
    taxId: '税号',
    description: '项目',
    period: '期限',
    currency: '币种',
    amount: '金额',
    total: '合计',
    method: '支付方式',
    refunded: '已退款',
    refundedOn: (date) => `此笔付款已于 ${date} 全额退款。`,
  },
};

export const BILLING_TEXT: Record<Language, typeof en> = { en, zh_CN: zh };

/** An amount in minor units as people read it in `language` ("$19.00", "¥129.00"). */
export function formatMoney(amount: number, currency: string, language: Language): string {
  const locale = language === 'zh_CN' ? 'zh-CN' : 'en-US';
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
