import { UUID_PATTERN } from '@leadreel/shared/text';
import { ALBUM_PAGE_TEXT } from '@leadreel/shared/viewer-text/album';
import type { PageLanguage } from '../../site/language.ts';
import type { PlayerAssets } from '../../site/player-assets.ts';
import type { PageKind, Rendered } from '../../site/renderer.ts';
import { type Site, servesAccount } from '../../site/site.ts';
import { STYLE_HASH } from '../pages/page-style.ts';
import { embedAncestors } from '../pages/public-video.ts';
import type { PublicVideo } from '../pages/view-model.ts';
import { renderNotFoundPage } from '../pages/watch-page.ts';
import { albumStyle, type PublicAlbum, renderAlbumFeed, renderAlbumGrid } from './album-html.ts';
import { albumPath } from './albums.service.ts';
import type { PublicAlbumRepo } from './public-album.repo.ts';

declare module '../module.ts' {
  interface Services {
    publicAlbums: PublicAlbums;
  }
}

/** How many of an album's videos are looked up at once: a page of 100 does not take the whole pool. */
const LOOKUPS_AT_ONCE = 10;

/**
 * The albums as their public pages show them (docs/product.md "Albums"): on the installation's own address
 * any account's, on a custom domain only its account's. An album shows the videos of its list that are
 * still its account's and can play, in its order, each as its own page shows it (form, buttons, subtitles).
 */
export function createPublicAlbums(deps: {
  repo: PublicAlbumRepo;
  /** A video as a public page of `site` shows it (the pages module's), or null while it cannot play. */
  findVideo: (videoId: string, site: Site) => Promise<PublicVideo | null>;
}) {
  const { repo, findVideo } = deps;
  return {
    /** The album, or null (the same 404 for all) when it is unknown, not this site's, or has nothing to play. */
    async find(albumId: string, site: Site): Promise<PublicAlbum | null> {
      if (!UUID_PATTERN.test(albumId)) return null;
      const row = await repo.album(albumId);
      if (!row || !servesAccount(site, row.account_id)) return null;
      const shown = new Set(await repo.shownVideoIds(row.id));
      const ids = row.video_ids.filter((id) => shown.has(id));
      const videos: PublicVideo[] = [];
      for (let at = 0; at < ids.length; at += LOOKUPS_AT_ONCE) {
        const found = await Promise.all(ids.slice(at, at + LOOKUPS_AT_ONCE).map((id) => findVideo(id, site)));
        videos.push(...found.filter((video): video is PublicVideo => video !== null));
      }
      const [first] = videos;
      if (!first) return null;
      const path = albumPath(row.id);
      return {
        id: row.id,
        title: row.title,
        videos,
        cover: videos.find((video) => video.id === row.cover_video_id) ?? first,
        url: `${site.origin}${path}`,
        path,
      };
    },
  };
}
export type PublicAlbums = ReturnType<typeof createPublicAlbums>;

/** An album that is not there, or not on this site: the same page for every reason, not indexed. */
function notFound(site: Site, lang: PageLanguage, frameAncestors: string): Rendered {
  return {
    status: 404,
    html: renderNotFoundPage(lang, site.publisher, ALBUM_PAGE_TEXT[lang].notFound),
    frameAncestors,
    styleHash: STYLE_HASH,
  };
}

/**
 * A shown album's page. The page cache checks one video of a page before serving it again
 * (docs/decisions/0011-public-page-caching.md): the album's first, so a delete of it is seen at once.
 */
const shown = (album: PublicAlbum, site: Site, html: string, frameAncestors: string): Rendered => ({
  status: 200,
  html,
  frameAncestors,
  styleHash: albumStyle(album, site).hash,
  videoId: album.videos[0]?.id,
});

/**
 * An album's public pages, as page kinds of the site layer: the feed at /a/{id} (its grid with
 * `?view=grid`) and the feed for an iframe at /a/{id}/embed, on every site that serves the album's account.
 */
export function albumPageKinds(albums: PublicAlbums, assets: PlayerAssets): PageKind[] {
  const feed: PageKind<{ albumId: string }> = {
    name: 'album',
    path: '/a/:albumId',
    prefix: '/a/',
    query: ['view'],
    key: ({ albumId }) => albumId,
    async render({ params, query, site, lang }) {
      const album = await albums.find(params.albumId, site);
      if (!album) return notFound(site, lang, "'none'");
      const html =
        query.view === 'grid'
          ? renderAlbumGrid(album, site, lang)
          : renderAlbumFeed(album, { lang, assets, site, embedded: false });
      return shown(album, site, html, "'none'");
    },
  };
  const embed: PageKind<{ albumId: string }> = {
    name: 'album-embed',
    path: '/a/:albumId/embed',
    prefix: '/a/',
    key: ({ albumId }) => albumId,
    async render({ params, site, lang }) {
      const album = await albums.find(params.albumId, site);
      // Embeds play on our users' sites: any site, or only those on the account's allow-list.
      if (!album) return notFound(site, lang, '*');
      const html = renderAlbumFeed(album, { lang, assets, site, embedded: true });
      return shown(album, site, html, embedAncestors(album.cover.embedDomains));
    },
  };
  return [feed, embed] as PageKind[];
}
