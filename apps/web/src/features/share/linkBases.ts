import type { CustomDomain, SeoPage } from '@leadreel/shared';
import { displayDomain } from '../domains/punycode.ts';

/** One address a video can be shared on: a custom domain's, or the installation's default watch domain. */
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
 * domain's https links first, in the list's order, then the server's own. On a custom domain the watch page
 * is `/v/<slug or id>` and the player `/embed/<id>`, as on the default one.
 */
export function linkBases(
  domains: readonly CustomDomain[],
  links: Pick<SeoPage, 'videoId' | 'slug' | 'watchUrl' | 'embedUrl'>,
): LinkBase[] {
  const watchPath = `/v/${encodeURIComponent(links.slug || links.videoId)}`;
  const embedPath = `/embed/${encodeURIComponent(links.videoId)}`;
  return [
    ...domains
      .filter((domain) => domain.active)
      .map((domain) => ({
        key: domain.id,
        label: displayDomain(domain.cname),
        watchUrl: `https://${domain.cname}${watchPath}`,
        embedUrl: `https://${domain.cname}${embedPath}`,
      })),
    { key: DEFAULT_BASE, label: new URL(links.watchUrl).host, watchUrl: links.watchUrl, embedUrl: links.embedUrl },
  ];
}

/**
 * The base a dialog opens on: the active domain bound to the video's folder ("that folder's videos are
 * shared on this domain"), else the first offered (a custom domain when there is one).
 */
export function defaultBase(bases: readonly LinkBase[], domains: readonly CustomDomain[], folderId?: string | null) {
  const bound = domains.find((domain) => domain.active && folderId && domain.folderId === folderId);
  return bases.find((base) => base.key === bound?.id) ?? (bases[0] as LinkBase);
}
