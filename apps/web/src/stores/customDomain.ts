import type { CustomDomain } from '@leadreel/shared';
import { create } from 'zustand';

/**
 * The account's active custom domains (verified and serving), in the list's order: the share and embed
 * dialogs offer them before the default watch domain. Filled when the domain list loads; logout empties it.
 */
export const useCustomDomainStore = create<{
  domains: CustomDomain[];
  setDomains: (domains: CustomDomain[]) => void;
  reset: () => void;
}>((set) => ({
  domains: [],
  setDomains: (domains) => set({ domains }),
  reset: () => set({ domains: [] }),
}));
