import type { CustomDomain, SeoPage } from '@leadreel/shared';
import { displayDomain } from '../domains/punycode.ts';

/** One address a video or an album can be shared on: a custom domain's, or the installation's default one. */
export type LinkBase = {
  /** The custom domain's id, or `default`. */
  key: string;
  /** The host as the owner reads it. */
  label: string;
  watchUrl: string;
  embedUrl: string;
};

export const DEFAULT_BASE = 'default';

/**
 * "The default watch domain is always appended after active custom domains (https)": each active custom
 * domain's https links first, in the list's order, then the server's own (`own`). A custom domain serves a
 * page and its player at the same paths as the default one.
 */
function onEveryHost(
  domains: readonly CustomDomain[],
  own: Pick<LinkBase, 'watchUrl' | 'embedUrl'>,
  paths: { watch: string; embed: string },
): LinkBase[] {
  return [
    ...domains
      .filter((domain) => domain.active)
      .map((domain) => ({
        key: domain.id,
        label: displayDomain(domain.cname),
        watchUrl: `https://${domain.cname}${paths.watch}`,
        embedUrl: `https://${domain.cname}${paths.embed}`,
      })),
    { key: DEFAULT_BASE, label: new URL(own.watchUrl).host, watchUrl: own.watchUrl, embedUrl: own.embedUrl },
  ];
}

/** A video's addresses: the watch page is `/v/<slug or id>` and the player `/embed/<id>`. */
export function linkBases(
  domains: readonly CustomDomain[],
  links: Pick<SeoPage, 'videoId' | 'slug' | 'watchUrl' | 'embedUrl'>,
): LinkBase[] {
  return onEveryHost(domains, links, {
    watch: `/v/${encodeURIComponent(links.slug || links.videoId)}`,
    embed: `/embed/${encodeURIComponent(links.videoId)}`,
  });
}

/**
 * The addresses of a page at one path on every host (an album's), from its address on the installation's
 * own; its player is the page's `/embed`.
 */
export function pageBases(domains: readonly CustomDomain[], pageUrl: string): LinkBase[] {
  const path = new URL(pageUrl).pathname;
  return onEveryHost(
    domains,
    { watchUrl: pageUrl, embedUrl: `${pageUrl}/embed` },
    { watch: path, embed: `${path}/embed` },
  );
}

/**
 * The base a dialog opens on: the active domain bound to the video's folder ("that folder's videos are
 * shared on this domain"), else the first offered (a custom domain when there is one).
 */
export function defaultBase(bases: readonly LinkBase[], domains: readonly CustomDomain[], folderId?: string | null) {
  const bound = domains.find((domain) => domain.active && folderId && domain.folderId === folderId);
  return bases.find((base) => base.key === bound?.id) ?? (bases[0] as LinkBase);
}
