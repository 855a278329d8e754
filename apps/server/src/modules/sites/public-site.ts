import type { NavigationLink, SiteContact, SiteHome, SiteSitemap } from '@leadreel/shared';
import { UUID_PATTERN } from '@leadreel/shared/text';
import type { Site as RequestSite, SiteBrand } from '../../site/site.ts';
import { servesAccount } from '../../site/site.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { PublicVideos } from '../pages/public-video.ts';
import type { PublicVideo } from '../pages/view-model.ts';
import { logoPath } from '../video-settings/settings.service.ts';
import { mediaUrl } from '../videos/keys.ts';
import { type CardRow, type PublicSiteRepo, searchTerms } from './public-site.repo.ts';

/**
 * A site as its public pages show it (docs/product.md "Sites"), on the host it was asked on: at the root
 * of its brand's verified domain, at /sites/{id} everywhere else (the installation's own address, and any
 * of the account's other domains).
 */
export type PublicSite = {
  id: string;
  accountId: string;
  name: string;
  description: string;
  bannerPath: string | null;
  picturePath: string | null;
  contact: SiteContact;
  home: SiteHome;
  sitemap: SiteSitemap;
  navigation: NavigationLink[];
  /** The look of the site's brand; null once the brand is deleted. */
  brand: SiteBrand | null;
  /** Who publishes the site: its brand's name, else the installation's. */
  publisher: string;
  /** The origin the site was asked on. */
  origin: string;
  /** Where its pages begin on that origin: '' at a domain's root, `/sites/{id}` otherwise. */
  base: string;
  updatedAt: Date;
  /** The request's site with this site's brand: what a video on the site is shown as. */
  context: RequestSite;
};

/** A video as a site's lists show it: a link, a thumbnail, a title. */
export type SiteCard = {
  id: string;
  title: string;
  description: string;
  thumbnailPath: string | null;
  durationSec: number | null;
  uploadedAt: Date;
  /** The owner's SEO setting: a video kept out of search engines is left out of the sitemap, and says noindex. */
  indexable: boolean;
};

export type SiteCategory = { id: string; name: string; description: string; cards: SiteCard[] };

/** The longest search a viewer may type, and the most results a search answers. */
export const SEARCH_MAX = 100;
export const SEARCH_RESULTS = 60;

/** A site's own address for a page of it, from its base: `/` and `/sites/{id}` for the home. */
export const sitePath = (site: Pick<PublicSite, 'base'>, path = '') => `${site.base}${path}` || '/';
export const siteUrl = (site: Pick<PublicSite, 'base' | 'origin'>, path = '') =>
  `${site.origin}${sitePath(site, path)}`;

function cardOf(row: CardRow): SiteCard {
  const thumbnail = row.cover
    ? logoPath(row.id, row.cover)
    : row.media?.thumbnail
      ? mediaUrl(row.id, row.generation, row.media.thumbnail)
      : null;
  return {
    id: row.id,
    title: row.seo?.title || row.name.replace(/\.[a-z0-9]{2,5}$/i, ''),
    description: row.seo?.description ?? '',
    thumbnailPath: thumbnail,
    durationSec: row.duration_sec,
    uploadedAt: row.uploaded_at ?? row.created_at,
    indexable: row.seo?.indexable ?? true,
  };
}

export function createPublicSites(deps: {
  repo: PublicSiteRepo;
  entitlements: Pick<EntitlementsService, 'ofAccount'>;
  /** A video as a public page shows it on a site (the pages module's), or null while it cannot play. */
  findVideo: (videoId: string, site: RequestSite) => Promise<PublicVideo | null>;
  /** The look of a brand by its id (the brands module), whatever domain the page is on. */
  brandLook: (brandId: string) => Promise<SiteBrand | null>;
  /** The same-origin path of a site image's variant (the brands module's image store). */
  imagePath: (accountId: string, file: string, kind: 'banner' | 'picture') => string;
  /** Each video's completed views of the last 90 days (the analytics rollups). */
  completions: (accountId: string, videoIds: string[]) => Promise<Map<string, number>>;
  /** The installation's publisher name (BRAND_NAME). */
  brandName: string;
  /** The video as its page in a language shows it (the pages module's). */
  inLanguage: PublicVideos['inLanguage'];
  /** The sites where the account's embeds may play (the embed screen's allow-list; empty for anywhere). */
  embedDomainsOf: (accountId: string) => Promise<string[]>;
  /** An active custom domain by its host (the domains module's), for the site a lead's page is on. */
  domainOfHost: (host: string) => Promise<{ id: string; accountId: string } | null>;
}) {
  const { repo } = deps;

  /**
   * The site a request asks for: by its id (`/sites/{id}/...`), or the one its custom domain serves at its
   * root. Null, the same 404 for all, when there is none, another account's on a custom domain, or the
   * owner's plan no longer has sites (canUseChannel).
   */
  async function resolve(request: RequestSite, siteId: string | null): Promise<PublicSite | null> {
    let row: Awaited<ReturnType<PublicSiteRepo['site']>>;
    let atRoot = false;
    if (siteId === null) {
      if (!request.domain) return null;
      row = await repo.siteOfDomain(request.domain.id);
      atRoot = true;
    } else {
      if (!UUID_PATTERN.test(siteId)) return null;
      row = await repo.site(siteId);
      if (row && request.domain) atRoot = (await repo.siteOfDomain(request.domain.id))?.id === row.id;
    }
    if (!row || !servesAccount(request, row.account_id)) return null;
    const rights = await deps.entitlements.ofAccount(row.account_id);
    if (!rights?.privileges.canUseChannel) return null;
    const brand = row.brand_id ? await deps.brandLook(row.brand_id) : null;
    const publisher = brand?.name ?? deps.brandName;
    return {
      id: row.id,
      accountId: row.account_id,
      name: row.name,
      description: row.description,
      bannerPath: row.banner ? deps.imagePath(row.account_id, row.banner, 'banner') : null,
      picturePath: row.picture ? deps.imagePath(row.account_id, row.picture, 'picture') : null,
      contact: row.contact,
      // Sites saved before the email gate existed have it off.
      home: { ...row.home, emailGate: row.home.emailGate ?? 'off' },
      sitemap: row.sitemap,
      navigation: row.navigation,
      brand,
      publisher,
      origin: request.origin,
      base: atRoot ? '' : `/sites/${row.id}`,
      updatedAt: row.updated_at,
      context: { ...request, brand, publisher },
    };
  }

  /** The visible categories with their videos that can play; "a category with no video is not shown". */
  async function categories(site: PublicSite): Promise<SiteCategory[]> {
    const [rows, videos] = await Promise.all([repo.categories(site.id), repo.cards(site.id, site.accountId)]);
    const cards = new Map(videos.map((row) => [row.id, cardOf(row)]));
    return rows
      .map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        cards: row.video_ids.flatMap((id) => cards.get(id) ?? []),
      }))
      .filter((category) => category.cards.length > 0);
  }

  /** Every video the site shows, once each, in the order its categories first show them. */
  const videosOf = (categoryList: SiteCategory[]) => [
    ...new Map(categoryList.flatMap((category) => category.cards.map((card) => [card.id, card]))).values(),
  ];

  /** The paths of a site's pages at its domain's root (site-pages.ts). */
  const ROOT_PAGE = /^\/(?:$|video\/|category\/|search$)/;
  const SITE_PAGE = /^\/sites\/([0-9a-f-]{36})(?:\/|$)/i;

  return {
    resolve,
    categories,
    videosOf,
    embedDomains: (site: PublicSite) => deps.embedDomainsOf(site.accountId),

    /**
     * The account's site whose page `pageUrl` is (what the player says it is on): /sites/{id}/... on any
     * host, or a page at the root of a domain of the account's whose brand has a site. Null otherwise;
     * a page naming another account's site names none.
     */
    async siteOfPage(accountId: string, pageUrl: string): Promise<{ id: string; name: string } | null> {
      let url: URL;
      try {
        url = new URL(pageUrl);
      } catch {
        return null;
      }
      const byId = SITE_PAGE.exec(url.pathname)?.[1];
      let row: Awaited<ReturnType<PublicSiteRepo['site']>>;
      if (byId && UUID_PATTERN.test(byId)) row = await repo.site(byId.toLowerCase());
      else if (ROOT_PAGE.test(url.pathname)) {
        const domain = await deps.domainOfHost(url.hostname.toLowerCase().replace(/\.$/, ''));
        row = domain && domain.accountId === accountId ? await repo.siteOfDomain(domain.id) : undefined;
      }
      return row && row.account_id === accountId ? { id: row.id, name: row.name } : null;
    },

    /** The site's videos, most watched to the end first (the last 90 days), for the home's For You row. */
    async forYou(site: PublicSite, videos: SiteCard[], limit: number): Promise<SiteCard[]> {
      if (videos.length === 0) return [];
      const completions = await deps.completions(
        site.accountId,
        videos.map((card) => card.id),
      );
      return videos
        .map((card, at) => ({ card, at, score: completions.get(card.id) ?? 0 }))
        .sort((a, b) => b.score - a.score || a.at - b.at)
        .slice(0, limit)
        .map(({ card }) => card);
    },

    /** The site's videos matching `query`, best first. */
    async search(site: PublicSite, query: string): Promise<SiteCard[]> {
      const terms = searchTerms(query.slice(0, SEARCH_MAX));
      const rows = await repo.search(site.id, site.accountId, terms, SEARCH_RESULTS);
      return [...new Map(rows.map((row) => [row.id, cardOf(row)])).values()];
    },

    /**
     * A video of the site in `language`, shown with the site's brand on the host asked (the pages module's
     * inLanguage); null when the site does not show it, or it has no page in that language.
     */
    async video(site: PublicSite, videos: SiteCard[], videoId: string, language?: string) {
      if (!videos.some((card) => card.id === videoId)) return null;
      const video = await deps.findVideo(videoId, site.context);
      return video ? deps.inLanguage(video, language) : null;
    },
  };
}
export type PublicSites = ReturnType<typeof createPublicSites>;
