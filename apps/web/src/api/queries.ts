import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from '../stores/auth.ts';
import { accountApi, fetchConfig, fetchVipInfo, type PublicConfig } from './endpoints.ts';

/** Query keys, declared once so invalidation and reads agree. */
export const queryKeys = {
  config: ['config'] as const,
  account: ['account'] as const,
  vip: ['vip'] as const,
};

/** spec §4: account and plan data load when a token is present or changes (the token is part of the key). */
export function useAccountQuery() {
  const token = useAuthStore((s) => s.authorizationToken);
  return useQuery({ queryKey: [...queryKeys.account, token], queryFn: accountApi.detail, enabled: Boolean(token) });
}

export function useVipQuery() {
  const token = useAuthStore((s) => s.authorizationToken);
  return useQuery({ queryKey: [...queryKeys.vip, token], queryFn: fetchVipInfo, enabled: Boolean(token) });
}

export function usePublicConfig(): PublicConfig | undefined {
  return useQuery({ queryKey: queryKeys.config, queryFn: fetchConfig, staleTime: Number.POSITIVE_INFINITY }).data;
}
