import { useQuery } from '@tanstack/react-query';
import { fetchConfig, type PublicConfig } from '../api/index.ts';

export function usePublicConfig(): PublicConfig | undefined {
  return useQuery({ queryKey: ['config'], queryFn: fetchConfig, staleTime: Number.POSITIVE_INFINITY }).data;
}

/** The brand of the title rule (spec §2: "<page title> - {brand}"), from the server's configuration. */
export function useBrand(): string {
  return usePublicConfig()?.brand ?? 'LeadReel';
}
