import type { Brand, CustomDomain, Site } from '@leadreel/shared';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useParams } from 'react-router';
import { sitesApi } from '../../api/endpoints.ts';
import { domainKey, routeKey } from '../../api/keys.ts';
import type { MoveLabels } from '../../features/sortable/Sortable.tsx';
import { isLocked, useAccountStore } from '../../stores/account.ts';

/** Query keys of the site screens; every one starts with `sites`, so one invalidation refreshes them all. */
export const siteKeys = {
  all: domainKey('sites'),
  list: routeKey('site.list'),
  detail: (id: string) => routeKey('site.detail', { id }),
  categories: (id: string) => routeKey('site.categories', { id }),
};

/** Where a site's settings open (its profile's site info). */
export const settingsPath = (siteId: string) => `/channel-setting/${siteId}/profile/site-info`;

/** The site whose settings are open (/channel-setting/{brandChannelId}/...). */
export function useSite() {
  const { brandChannelId = '' } = useParams();
  const query = useQuery({
    queryKey: siteKeys.detail(brandChannelId),
    queryFn: () => sitesApi.detail(brandChannelId),
    retry: false,
  });
  return { siteId: brandChannelId, ...query };
}

export function useCategories(siteId: string) {
  return useQuery({ queryKey: siteKeys.categories(siteId), queryFn: () => sitesApi.categories(siteId), retry: false });
}

/**
 * Whether the open site's settings can be changed, as the server decides it: "Sites are available from the
 * Lite plan up" (canUseChannel), and, like the brands and custom domains a site is shown on, changes stop
 * from the Frozen period on (the server gates them with the custom-domain feature).
 */
export function useSiteEditing() {
  const account = useAccountStore((s) => s.account);
  const locked = isLocked(account, 'customDomain');
  const allowed = account?.privileges.canUseChannel ?? true;
  return { locked, allowed, readOnly: locked || !allowed };
}

/**
 * A site's public addresses (docs/product.md "Sites"), the brand's verified custom domain first, then the
 * installation's, as the share dialogs order theirs. The console is served from the installation's public
 * origin, as the site pages are, so `origin` is the console's own. A brand's domain serves the brand's first
 * site at its root and the others at `/sites/{id}`. None while the plan has no sites: the pages answer 404.
 */
export function siteAddresses(
  site: Pick<Site, 'id' | 'brandId'>,
  context: {
    sites: readonly Pick<Site, 'id' | 'brandId' | 'createdAt'>[];
    brands: readonly Brand[];
    activeDomains: readonly CustomDomain[];
    origin: string;
    served: boolean;
  },
): string[] {
  if (!context.served) return [];
  const path = `/sites/${encodeURIComponent(site.id)}`;
  const brand = context.brands.find((candidate) => candidate.id === site.brandId);
  const domain = brand?.domainId
    ? context.activeDomains.find((candidate) => candidate.id === brand.domainId)
    : undefined;
  const first = context.sites
    .filter((other) => other.brandId === site.brandId)
    .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))[0];
  return [
    ...(domain ? [`https://${domain.cname}${first?.id === site.id ? '/' : path}`] : []),
    `${context.origin}${path}`,
  ];
}

/** What a row's move controls are called, with the row's name in them. */
export const moveLabels = (t: TFunction, name: string): MoveLabels => ({
  drag: t('sites.order.drag'),
  up: t('sites.order.up', { name }),
  down: t('sites.order.down', { name }),
});
