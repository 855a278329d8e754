import { apiPath, type Cue, contactClickBody, toWebVtt } from '@leadreel/shared';
import { UUID_PATTERN } from '@leadreel/shared/text';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { acceptBeacons, parseBeacon } from '../../lib/beacon.ts';
import { asPublicSubresource } from '../../lib/subresource-headers.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { FormChallenge } from '../leads/captcha.ts';
import type { SettingsService } from '../video-settings/settings.service.ts';
import type { VideoService } from '../videos/videos.service.ts';
import { type Encoded, precompress, sendEncoded } from './compress.ts';
import { escapeHtml } from './html.ts';
import { registerPlayerAssets } from './player-assets.ts';
import { createPublicVideos, embedAncestors } from './public-video.ts';
import { batchedCheck, renderCache } from './render-cache.ts';
import {
  pageCsp,
  pageLanguage,
  pageStyle,
  renderEmbedPage,
  renderNotFoundPage,
  renderWatchPage,
} from './watch-page.ts';

const SITEMAP_MAX = 50_000;

/**
 * What browsers and shared caches may keep of a watch page or embed (docs/decisions/
 * 0011-public-page-caching.md): a delete or a change must not outlive what we can take back. Browsers
 * ask again each time (max-age=0); a CDN may serve a copy for 5 s, which is as stale as a deleted video
 * can get behind one. The server itself never serves a deleted video from its own cache.
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5';

type PagesDeps = {
  settings: Pick<SettingsService, 'findPublic' | 'indexable'>;
  videos: Pick<VideoService, 'stillShown'>;
  /** Whether the owner's plan carries its own branding (else the page shows LeadReel's mark). */
  entitlements: Pick<EntitlementsService, 'ofAccount'>;
  publicUrl: string;
  brand: string;
  playerDist?: string;
  /** How long a rendered page is reused (see renderCache); 0 renders every request. */
  pageCacheMs?: number;
  /** Records a viewer's click on a player button (LeadService.recordClick). */
  recordClick: (click: z.infer<typeof contactClickBody>) => Promise<void>;
  /** Per-IP limit on clicks, so a script cannot flood an account's timeline. */
  clickLimit: (request: FastifyRequest) => Promise<void>;
  /** A subtitle track's cues, when its video is one a viewer can see. */
  subtitleTrack: (videoId: string, subtitleId: string) => Promise<{ cues: Cue[] } | undefined>;
  /** The challenge inquiry forms ask viewers to pass (CAPTCHA_PROVIDER), or none. */
  challenge?: FormChallenge | null;
};

/**
 * The viewer's side: watch pages (/v/{id} or /v/{slug}), embeds (/embed/{id}), oEmbed, the sitemap and
 * robots.txt. Server-rendered HTML under a strict CSP; a video shows once it plays (fast path or ladder),
 * and a deleted, unknown or unplayable one is the same 404.
 */
export const pagesRoutes: FastifyPluginAsync<PagesDeps> = async (
  app,
  {
    settings,
    videos: videoService,
    entitlements,
    publicUrl,
    brand,
    playerDist,
    pageCacheMs = 2000,
    recordClick,
    clickLimit,
    subtitleTrack,
    challenge = null,
  },
) => {
  const assets = registerPlayerAssets(app, playerDist);
  const videos = createPublicVideos({ settings, entitlements, publicUrl, brand, challenge });
  const findVideo = videos.find;

  function sendHtml(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    body: Buffer | Encoded,
    frameAncestors: string,
    styleHash?: string,
  ) {
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', pageCsp(frameAncestors, styleHash, challenge?.sources))
      .header('cache-control', status === 200 ? PAGE_CACHE_CONTROL : 'no-store');
    // frame-ancestors decides who may frame a page; helmet's X-Frame-Options would say "same origin only".
    if (frameAncestors !== "'none'") reply.removeHeader('x-frame-options');
    return sendEncoded(request, reply, body);
  }

  const language = (request: FastifyRequest) => pageLanguage(request.headers['accept-language']);

  /** A rendered page, with the video it shows (none for a 404). */
  type Rendered = { status: number; html: string; frameAncestors: string; styleHash?: string; videoId?: string };
  const pages = renderCache<Omit<Rendered, 'html'> & { body: Encoded }>(pageCacheMs);
  const stillShown = batchedCheck((ids) => videoService.stillShown(ids));

  /** A page by its address and language, rendered and compressed at most once per pageCacheMs. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, key: string, render: () => Promise<Rendered>) {
    const cacheKey = `${language(request)}:${key}`;
    const make = async () => {
      const { html, ...rest } = await render();
      return { ...rest, body: precompress(Buffer.from(html)) };
    };
    let { value: page, fresh } = await pages.get(cacheKey, make);
    // A delete takes effect at once in every process: a page made for an earlier request is
    // served only if PostgreSQL, asked after this request arrived, still shows its video.
    if (!fresh && page.videoId && !(await stillShown(page.videoId))) {
      pages.forget(cacheKey);
      ({ value: page } = await pages.get(cacheKey, make));
    }
    return sendHtml(request, reply, page.status, page.body, page.frameAncestors, page.styleHash);
  }

  app.get<{ Params: { ref: string } }>('/v/:ref', async (request, reply) =>
    sendPage(request, reply, `v:${request.params.ref}`, async () => {
      const lang = language(request);
      const video = await findVideo(request.params.ref);
      return video
        ? {
            status: 200,
            html: renderWatchPage(video, lang, assets),
            frameAncestors: "'none'",
            styleHash: pageStyle(video).hash,
            videoId: video.id,
          }
        : { status: 404, html: renderNotFoundPage(lang, brand), frameAncestors: "'none'" };
    }),
  );

  app.get<{ Params: { id: string } }>('/embed/:id', async (request, reply) =>
    sendPage(request, reply, `embed:${request.params.id}`, async () => {
      const lang = language(request);
      const video = UUID_PATTERN.test(request.params.id) ? await findVideo(request.params.id) : null;
      // Embeds play on our users' sites: any site, or only those on the account's allow-list.
      return video
        ? {
            status: 200,
            html: renderEmbedPage(video, lang, assets),
            frameAncestors: embedAncestors(video.embedDomains),
            styleHash: pageStyle(video).hash,
            videoId: video.id,
          }
        : { status: 404, html: renderNotFoundPage(lang, brand), frameAncestors: '*' };
    }),
  );

  // oEmbed 1.0 (https://oembed.com/ §2.2): a watch or embed URL of this server in, a "video" answer out.
  app.get<{ Querystring: { url?: string; format?: string; maxwidth?: string; maxheight?: string } }>(
    '/oembed',
    async (request, reply) => {
      const { url, format = 'json' } = request.query;
      if (format !== 'json') return reply.code(501).send({ statusCode: 501, error: 'format', message: 'json only' });
      let ref: string | null = null;
      try {
        const parsed = new URL(String(url ?? ''));
        const match = /^\/(?:v|embed)\/([^/]+)\/?$/.exec(parsed.pathname);
        if (parsed.origin === new URL(publicUrl).origin && match) ref = decodeURIComponent(match[1] as string);
      } catch {
        ref = null;
      }
      const video = ref ? await findVideo(ref) : null;
      if (!video) return reply.code(404).send({ statusCode: 404, error: 'not_found', message: 'not found' });
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
        provider_name: brand,
        provider_url: publicUrl,
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
    if (!track) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ statusCode: 404, error: 'not_found', message: 'not found' });
    }
    return reply
      .header('content-type', 'text/vtt; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(toWebVtt(track.cues));
  });

  // https://developers.google.com/search/docs/crawling-indexing/sitemaps/video-sitemaps
  app.get('/sitemap.xml', async (_request, reply) => {
    const rows = await settings.indexable(SITEMAP_MAX);
    const entries: string[] = [];
    for (const row of rows) {
      // The sitemap lists pages; branding does not change what it says of them.
      const video = videos.fromRow(row, false);
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

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /v/\nAllow: /embed/\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`),
  );
};
