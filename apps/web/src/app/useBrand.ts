import { usePublicConfig } from '../api/config.ts';

export { usePublicConfig };

/** The brand of the title rule (spec §2: "<page title> - {brand}"), from the server's configuration. */
export function useBrand(): string {
  return usePublicConfig()?.brand ?? 'LeadReel';
}
