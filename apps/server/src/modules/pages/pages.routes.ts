import { apiPath, type Cue, contactClickBody, toWebVtt } from '@leadreel/shared';
import { UUID_PATTERN } from '@leadreel/shared/text';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { notFound, notImplemented } from '../../errors.ts';
import { acceptBeacons, parseBeacon } from '../../lib/beacon.ts';
import { asPublicSubresource } from '../../lib/subresource-headers.ts';
import type { Site } from '../../site/site.ts';
import { servesAccount } from '../../site/site.ts';
import type { SettingsService } from '../video-settings/settings.service.ts';
import { escapeHtml } from './html.ts';
import type { PublicVideos } from './public-video.ts';

const SITEMAP_MAX = 50_000;

type PagesDeps = {
  settings: Pick<SettingsService, 'findPublic' | 'indexable'>;
  videos: PublicVideos;
  /** Records a viewer's click on a player button (LeadService.recordClick). */
  recordClick: (click: z.infer<typeof contactClickBody>) => Promise<void>;
  /** Per-IP limit on clicks, so a script cannot flood an account's timeline. */
  clickLimit: (request: FastifyRequest) => Promise<void>;
  /** A subtitle track's cues, when its video is one a viewer can see. */
  subtitleTrack: (videoId: string, subtitleId: string) => Promise<{ accountId: string; cues: Cue[] } | undefined>;
  /** The sitemaps of the site served at the request's root besides its videos' (sites/site-sitemap.ts). */
  siteSitemaps: (site: Site) => Promise<string[]>;
};

const notFoundHere = () => notFound('not_found');

/**
 * What a site answers besides its pages (pages.kinds.ts): oEmbed, the sitemap and robots.txt of the site
 * the request came to, subtitle tracks and the player's clicks.
 */
export const pagesRoutes: FastifyPluginAsync<PagesDeps> = async (
  app,
  { settings, videos, recordClick, clickLimit, subtitleTrack, siteSitemaps },
) => {
  const findVideo = videos.find;

  // oEmbed 1.0 (https://oembed.com/ §2.2): a watch or embed URL of this server in, a "video" answer out.
  app.get<{ Querystring: { url?: string; format?: string; maxwidth?: string; maxheight?: string } }>(
    '/oembed',
    async (request, reply) => {
      const { url, format = 'json' } = request.query;
      const { site } = request;
      if (format !== 'json') throw notImplemented('oembed_format');
      let ref: string | null = null;
      try {
        const parsed = new URL(String(url ?? ''));
        const match = /^\/(?:v|embed)\/([^/]+)\/?$/.exec(parsed.pathname);
        // The site answers for its own pages only: a custom domain's oEmbed for its account's videos.
        if (parsed.origin === site.origin && match) ref = decodeURIComponent(match[1] as string);
      } catch {
        ref = null;
      }
      const video = ref ? await findVideo(ref, site) : null;
      if (!video) throw notFoundHere();
      const natural = { width: video.width || 1280, height: video.height || 720 };
      const maxWidth = Number(request.query.maxwidth) || Number.POSITIVE_INFINITY;
      const maxHeight = Number(request.query.maxheight) || Number.POSITIVE_INFINITY;
      const scale = Math.min(1, maxWidth / natural.width, maxHeight / natural.height);
      const width = Math.max(1, Math.round(natural.width * scale));
      const height = Math.max(1, Math.round(natural.height * scale));
      const title = escapeHtml(video.title);
      return reply.header('access-control-allow-origin', '*').send({
        type: 'video',
        version: '1.0',
        title: video.title,
        provider_name: site.publisher,
        provider_url: site.origin,
        ...(video.posterUrl
          ? { thumbnail_url: video.posterUrl, thumbnail_width: natural.width, thumbnail_height: natural.height }
          : {}),
        width,
        height,
        html: `<iframe src="${escapeHtml(video.embedUrl)}" width="${width}" height="${height}" title="${title}" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`,
      });
    },
  );

  // A click on a player button, sent by the player with navigator.sendBeacon (whose JSON arrives as
  // text/plain, a type that needs no CORS preflight).
  await app.register(async (scope) => {
    acceptBeacons(scope, 8192);
    scope.post(
      apiPath('public.click'),
      { bodyLimit: 8192, schema: { hide: true }, preHandler: clickLimit },
      async (request, reply) => {
        await recordClick(parseBeacon(contactClickBody, request.body));
        return reply.code(204).send();
      },
    );
  });

  // A subtitle track as WebVTT, made from the cues the owner edits; the ?v= version changes with each edit.
  app.get<{ Params: { videoId: string; file: string } }>('/media/:videoId/subtitles/:file', async (request, reply) => {
    const { videoId, file } = request.params;
    const id = file.replace(/\.vtt$/, '');
    const track =
      UUID_PATTERN.test(videoId) && UUID_PATTERN.test(id) && file.endsWith('.vtt')
        ? await subtitleTrack(videoId, id)
        : undefined;
    asPublicSubresource(reply);
    if (!track || !servesAccount(request.site, track.accountId)) throw notFoundHere();
    return reply
      .header('content-type', 'text/vtt; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(toWebVtt(track.cues));
  });

  // https://developers.google.com/search/docs/crawling-indexing/sitemaps/video-sitemaps
  // Each site lists its own pages: a custom domain its account's videos, at addresses on that domain.
  app.get('/sitemap.xml', async (request, reply) => {
    const { site } = request;
    const rows = await settings.indexable(SITEMAP_MAX, site.accountId);
    const entries: string[] = [];
    for (const row of rows) {
      // The sitemap lists pages; branding does not change what it says of them.
      const video = videos.fromRow(row, false, site);
      if (!video?.indexable) continue;
      entries.push(
        [
          '<url>',
          `<loc>${escapeHtml(video.watchUrl)}</loc>`,
          '<video:video>',
          video.thumbnailUrl ? `<video:thumbnail_loc>${escapeHtml(video.thumbnailUrl)}</video:thumbnail_loc>` : '',
          `<video:title>${escapeHtml(video.title)}</video:title>`,
          `<video:description>${escapeHtml((video.description || video.title).slice(0, 2048))}</video:description>`,
          `<video:player_loc>${escapeHtml(video.embedUrl)}</video:player_loc>`,
          video.durationSec ? `<video:duration>${Math.max(1, Math.round(video.durationSec))}</video:duration>` : '',
          `<video:publication_date>${video.uploadedAt.toISOString()}</video:publication_date>`,
          '</video:video>',
          '</url>',
        ].join(''),
      );
    }
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">\n${entries.join('\n')}\n</urlset>\n`,
      );
  });

  // A custom domain whose brand has a site names that site's sitemap too.
  app.get('/robots.txt', async (request, reply) => {
    const sitemaps = [`${request.site.origin}/sitemap.xml`, ...(await siteSitemaps(request.site))];
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .send(
        `User-agent: *\nAllow: /v/\nAllow: /embed/\nDisallow: /api/\n\n${sitemaps.map((url) => `Sitemap: ${url}\n`).join('')}`,
      );
  });

  // Browsers ask for /favicon.ico on their own: a branded domain's is its brand's, else the domain's own.
  app.get('/favicon.ico', async (request, reply) => {
    const { site } = request;
    const icon = site.brand?.faviconPaths?.ico32 ?? site.domain?.faviconPath;
    if (!icon) throw notFoundHere();
    return reply.header('cache-control', 'public, max-age=3600').redirect(icon);
  });
};
