import type { AccountDetail, GatedFeature, VipUserInfo } from '@leadreel/shared';
import { create } from 'zustand';

type AccountState = {
  account: AccountDetail | null;
  vip: VipUserInfo | null;
  setAccount: (account: AccountDetail | null) => void;
  setVip: (vip: VipUserInfo | null) => void;
  reset: () => void;
};

export const useAccountStore = create<AccountState>((set) => ({
  account: null,
  vip: null,
  setAccount: (account) => set({ account }),
  setVip: (vip) => set({ vip }),
  reset: () => set({ account: null, vip: null }),
}));

/**
 * The plan's display name (docs/product.md, Plans): the brand and the plan's display type, "LeadReel Pro", as
 * the server writes it; a plan with no display type (Free) is named by its translated type.
 */
export function usePlanName(t: (key: string) => string): string {
  const vip = useAccountStore((s) => s.vip);
  return vip?.product.showType ? vip.planText : t('memberships.free');
}

/**
 * Whether a gated feature is closed to the account, as the server's entitlements decided it
 * (account detail carries the answer; the console does not rank periods itself). Open until it is known.
 */
export function isLocked(account: AccountDetail | null | undefined, feature: GatedFeature): boolean {
  return account ? !account.entitlements.features[feature] : false;
}
