import { UUID_PATTERN } from '@leadreel/shared/text';
import type { PlayerAssets } from '../../site/player-assets.ts';
import type { PageKind } from '../../site/renderer.ts';
import { embedAncestors, type PublicVideos } from './public-video.ts';
import { EMBED_STYLE, pageStyle, renderEmbedPage, renderNotFoundPage, renderWatchPage } from './watch-page.ts';

/**
 * The video pages every site serves: the watch page (/v/{id} or /v/{slug}) and the embed (/embed/{id}).
 * A deleted, unknown or unplayable video, or another account's on a custom domain, is the same 404.
 */
export function videoPageKinds(videos: PublicVideos, assets: PlayerAssets): PageKind[] {
  const watch: PageKind<{ ref: string }> = {
    name: 'watch',
    path: '/v/:ref',
    prefix: '/v/',
    key: ({ ref }) => ref,
    // The page in one of the video's languages (a subtitle track's, a dub's): docs/product.md "Speech tasks".
    query: ['hl'],
    async render({ params, query, site, lang }) {
      const found = await videos.find(params.ref, site);
      const shown = found && (await videos.inLanguage(found, query.hl || undefined));
      if (!shown) return notFoundPage(site.publisher, lang, "'none'");
      const { video } = shown;
      const style = pageStyle(video);
      return {
        status: 200,
        html: renderWatchPage(video, lang, assets, shown),
        frameAncestors: "'none'",
        styleHash: style.hash,
        scriptHash: assets.facade?.hash,
        videoId: video.id,
      };
    },
  };
  const embed: PageKind<{ id: string }> = {
    name: 'embed',
    path: '/embed/:id',
    prefix: '/embed/',
    key: ({ id }) => id,
    async render({ params, site, lang }) {
      const video = UUID_PATTERN.test(params.id) ? await videos.find(params.id, site) : null;
      // Embeds play on our users' sites: any site, or only those on the account's allow-list.
      if (!video) return notFoundPage(site.publisher, lang, '*');
      return {
        status: 200,
        html: renderEmbedPage(video, lang, assets),
        frameAncestors: embedAncestors(video.embedDomains),
        styleHash: pageStyle(video, '', EMBED_STYLE).hash,
        scriptHash: assets.facade?.hash,
        videoId: video.id,
      };
    },
  };
  return [watch, embed] as PageKind[];
}

function notFoundPage(publisher: string, lang: Parameters<typeof renderNotFoundPage>[0], frameAncestors: string) {
  return { status: 404, html: renderNotFoundPage(lang, publisher), frameAncestors, styleHash: pageStyle(null).hash };
}
