import { create } from 'zustand';

export type CustomDomain = { cname: string; status: string };

/** logout empties it; the domain list arrives with the custom-domain issue. */
export const useCustomDomainStore = create<{ domains: CustomDomain[]; reset: () => void }>((set) => ({
  domains: [],
  reset: () => set({ domains: [] }),
}));
