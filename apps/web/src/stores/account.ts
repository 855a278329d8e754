import type { AccountDetail, VipUserInfo } from '@leadreel/shared';
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

/** The plan's display name: "Free" translated, else the product type (spec §3: brand plus product type). */
export function usePlanName(t: (key: string) => string): string {
  const vip = useAccountStore((s) => s.vip);
  return !vip || vip.product.type === 'Free' ? t('memberships.free') : vip.product.type;
}
