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
