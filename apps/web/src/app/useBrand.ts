import { usePublicConfig } from '../api/config.ts';

export { usePublicConfig };

/** The brand of the title rule ("<page title> - {brand}"), from the server's configuration. */
export function useBrand(): string {
  return usePublicConfig()?.brand ?? 'LeadReel';
}
