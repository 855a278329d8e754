import type { CustomDomain } from '@leadreel/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { domainsApi } from '../../api/endpoints.ts';
import { domainKey, routeKey } from '../../api/keys.ts';
import { useAccountStore } from '../../stores/account.ts';
import { useCustomDomainStore } from '../../stores/customDomain.ts';

export const domainKeys = { all: domainKey('custom domains'), list: routeKey('domain.list') };

/** How often a list with a domain being verified is read again, so verified or failed shows on its own. */
export const DOMAIN_POLL_MS = 10_000;

/** "cnameCount above 0 enables custom domains, and VIP status is needed to load the domain list." */
export function useDomainsAccess() {
  const account = useAccountStore((s) => s.account);
  const vip = useAccountStore((s) => s.vip);
  const enabled = (account?.privileges.cnameCount ?? 0) > 0;
  return { enabled, canList: enabled && Boolean(vip?.isVip), known: Boolean(account && vip) };
}

/**
 * The account's custom domains, read again every 10 s while one is being verified. Each answer refills the
 * custom-domain store with the active ones (what the share dialogs offer).
 */
export function useCustomDomains() {
  const { canList } = useDomainsAccess();
  const setDomains = useCustomDomainStore((s) => s.setDomains);
  const query = useQuery({
    queryKey: domainKeys.list,
    queryFn: domainsApi.list,
    enabled: canList,
    refetchInterval: (current) =>
      current.state.data?.list.some((domain) => domain.status === 'verifying') ? DOMAIN_POLL_MS : false,
  });
  useEffect(() => {
    if (query.data) setDomains(query.data.list.filter((domain) => domain.active));
  }, [query.data, setDomains]);
  return query;
}

/** Whether a list can take one more domain (a plan's cap of 0 takes none). */
export const domainsFull = (list: CustomDomain[], cap: number) => list.length >= cap;
