import { createHash } from 'node:crypto';
import {
  type BrandingSetting,
  type Cue,
  contactClickBody,
  DEFAULT_FORM,
  DEFAULT_OVERLAYS,
  type EmailButtonSetting,
  type InquiryForm,
  MESSAGES,
  type MessageKey,
  type ShareSetting,
  type SuperActionSetting,
  type TelephoneSetting,
  toWebVtt,
  type WhatsappSetting,
  type WidgetSetting,
} from '@leadreel/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../errors.ts';
import { asPublicSubresource } from '../../lib/subresource-headers.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import { type SettingsRepo, SHOWN_STATUSES } from '../video-settings/settings.repo.ts';
import { DEFAULT_SEO, logoPath, watchPath } from '../video-settings/settings.service.ts';
import { subtitlePath } from '../video-settings/subtitles.service.ts';
import { mediaUrl } from '../videos/keys.ts';
import { type Encoded, precompress, sendEncoded } from './compress.ts';
import { escapeHtml } from './html.ts';
import { registerPlayerAssets } from './player-assets.ts';
import { batchedCheck, renderCache } from './render-cache.ts';
import {
  type PublicAction,
  type PublicContact,
  type PublicForm,
  type PublicShare,
  type PublicVideo,
  type PublicWidget,
  pageCsp,
  pageLanguage,
  pageStyle,
  renderEmbedPage,
  renderNotFoundPage,
  renderWatchPage,
} from './watch-page.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SITEMAP_MAX = 50_000;

/**
 * What browsers and shared caches may keep of a watch page or embed (issue 13 §18, docs/decisions/
 * 0011-public-page-caching.md): a delete or a change must not outlive what we can take back. Browsers
 * ask again each time (max-age=0); a CDN may serve a copy for 5 s, which is as stale as a deleted video
 * can get behind one. The server itself never serves a deleted video from its own cache.
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5';

type PublicRow = NonNullable<Awaited<ReturnType<SettingsRepo['findPublic']>>>;

type PagesDeps = {
  settings: SettingsRepo;
  /** Whether the owner's plan carries its own branding (else the page shows LeadReel's mark). */
  entitlements: Pick<EntitlementsService, 'ofAccount'>;
  publicUrl: string;
  brand: string;
  playerDist?: string;
  /** How long a rendered page is reused (see renderCache); 0 renders every request. */
  pageCacheMs?: number;
  /** Records a viewer's click on a player button (SettingsService.recordClick). */
  recordClick: (click: z.infer<typeof contactClickBody>) => Promise<void>;
  /** Per-IP limit on clicks, so a script cannot flood an account's timeline. */
  clickLimit: (request: FastifyRequest) => Promise<void>;
  /** A subtitle track's cues, when its video is one a viewer can see. */
  subtitleTrack: (videoId: string, subtitleId: string) => Promise<{ cues: Cue[] } | undefined>;
};

/** CSP frame-ancestors for an embed: anywhere, or this server and the listed sites over http and https. */
export function embedAncestors(domains: string[]): string {
  if (domains.length === 0) return '*';
  return ["'self'", ...domains.flatMap((domain) => [`https://${domain}`, `http://${domain}`])].join(' ');
}

/** The contact buttons a video shows, their links built here (https://faq.whatsapp.com/5913398998672934). */
export function publicContacts(setting: {
  whatsapp: WhatsappSetting | null;
  telephone: TelephoneSetting | null;
  email: EmailButtonSetting | null;
}): PublicContact[] {
  const contacts: PublicContact[] = [];
  const times = (button: {
    position: PublicContact['position'];
    showFrom: number;
    showUntil: number | null;
    label: string;
  }) => ({
    label: button.label,
    position: button.position,
    from: button.showFrom,
    until: button.showUntil,
  });
  const { whatsapp, telephone, email } = setting;
  if (whatsapp?.enabled && whatsapp.number) {
    const text = whatsapp.message ? `?text=${encodeURIComponent(whatsapp.message)}` : '';
    contacts.push({ kind: 'whatsapp', href: `https://wa.me/${whatsapp.number.slice(1)}${text}`, ...times(whatsapp) });
  }
  if (telephone?.enabled && telephone.number)
    contacts.push({ kind: 'telephone', href: `tel:${telephone.number}`, ...times(telephone) });
  if (email?.enabled && email.address) {
    const subject = email.subject ? `?subject=${encodeURIComponent(email.subject)}` : '';
    contacts.push({ kind: 'email', href: `mailto:${email.address}${subject}`, ...times(email) });
  }
  return contacts;
}

/** The call to action a video shows, if it is on and complete. */
export function publicAction(setting: SuperActionSetting | null): PublicAction | null {
  if (!setting?.enabled || !setting.text || !setting.link) return null;
  const atEnd = setting.timing === 'end';
  return {
    style: setting.style,
    text: setting.text,
    href: setting.link,
    position: setting.position,
    from: atEnd ? 0 : setting.showFrom,
    until: atEnd ? null : setting.showUntil,
    atEnd,
  };
}

/**
 * The widget, with the links of the channels it offers that the contact screens filled in (whether or not
 * those screens' own buttons are on).
 */
export function publicWidget(
  setting: WidgetSetting | null,
  buttons: Parameters<typeof publicContacts>[0],
): PublicWidget | null {
  if (!setting?.enabled) return null;
  const on = <T extends { enabled: boolean }>(button: T | null) => (button ? { ...button, enabled: true } : null);
  const contacts = publicContacts({
    whatsapp: on(buttons.whatsapp),
    telephone: on(buttons.telephone),
    email: on(buttons.email),
  });
  const links = setting.channels.flatMap((channel) => contacts.filter((contact) => contact.kind === channel));
  if (links.length === 0) return null;
  return { title: setting.title, message: setting.message, position: setting.position, links };
}

/** Share links for each chosen network, in the order the owner chose them (each network's own share URL). */
export function publicShare(setting: ShareSetting | null, video: { url: string; title: string; image: string | null }) {
  const share = setting ?? DEFAULT_OVERLAYS.share;
  if (!share.enabled) return [];
  const url = encodeURIComponent(video.url);
  const text = encodeURIComponent(video.title);
  const links: Record<string, string> = {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    x: `https://x.com/intent/post?url=${url}&text=${text}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${video.title} ${video.url}`)}`,
    telegram: `https://t.me/share/url?url=${url}&text=${text}`,
    pinterest: `https://pinterest.com/pin/create/button/?url=${url}&description=${text}${video.image ? `&media=${encodeURIComponent(video.image)}` : ''}`,
    copy: video.url,
  };
  return share.networks.map((network): PublicShare => ({ network, href: links[network] as string }));
}

/**
 * What the player keys a viewer's memory by in their browser ("once per viewer", the anonymous viewer id):
 * the same on all the account's videos, and not the account's id.
 */
export const viewerScope = (accountId: string) =>
  createHash('sha256').update(`lead-scope:${accountId}`).digest('hex').slice(0, 16);

/** The inquiry form a viewer is shown, when it is on; "once per viewer" is kept per account. */
export function publicForm(form: InquiryForm | null, accountId: string): PublicForm | null {
  if (!form?.enabled) return null;
  const { enabled: _on, ...shown } = { ...DEFAULT_FORM, ...form };
  return { ...shown, scope: viewerScope(accountId) };
}

/** The owner's look, on a plan that carries branding. */
function publicBranding(setting: BrandingSetting | null, videoId: string) {
  if (!setting) return null;
  return {
    logoPath: setting.logo ? logoPath(videoId, setting.logo) : null,
    logoPosition: setting.logoPosition,
    logoLink: setting.logoLink,
    playerColor: setting.playerColor,
    buttonColor: setting.buttonColor,
    fontColor: setting.fontColor,
  };
}

/**
 * The viewer's side: watch pages (/v/{id} or /v/{slug}), embeds (/embed/{id}), oEmbed, the sitemap and
 * robots.txt. Server-rendered HTML under a strict CSP; a video shows once it plays (fast path or ladder),
 * and a deleted, unknown or unplayable one is the same 404.
 */
export const pagesRoutes: FastifyPluginAsync<PagesDeps> = async (
  app,
  { settings, entitlements, publicUrl, brand, playerDist, pageCacheMs = 2000, recordClick, clickLimit, subtitleTrack },
) => {
  const assets = registerPlayerAssets(app, playerDist);
  async function findVideo(ref: string): Promise<PublicVideo | null> {
    const row = UUID.test(ref)
      ? await settings.findPublic({ id: ref })
      : SLUG.test(ref) && ref.length <= 80
        ? await settings.findPublic({ slug: ref })
        : undefined;
    if (!row) return null;
    const branded = (await entitlements.ofAccount(row.account_id))?.privileges.canUseBranding ?? false;
    return toPublicVideo(row, branded);
  }

  /** A row as a public page shows it (`branded`: with the owner's branding), or null while it cannot play. */
  function toPublicVideo(row: PublicRow, branded: boolean): PublicVideo | null {
    if (!row.playable || !(SHOWN_STATUSES as readonly string[]).includes(row.status)) return null;
    const seo = { ...DEFAULT_SEO, ...row.seo };
    const file = (name: string | null | undefined) =>
      name ? `${publicUrl}${mediaUrl(row.id, row.generation, name)}` : null;
    const hlsPath = `/media/${row.id}/master.m3u8`;
    const title = seo.title || row.name.replace(/\.[a-z0-9]{2,5}$/i, '');
    const watchUrl = `${publicUrl}${watchPath(row.id, row.slug)}`;
    const contacts = publicContacts(row);
    return {
      id: row.id,
      title,
      description: seo.description,
      keywords: seo.keywords,
      indexable: seo.indexable,
      watchUrl,
      embedUrl: `${publicUrl}/embed/${row.id}`,
      // The owner's cover, when there is one, stands for the poster everywhere (page, cards, JSON-LD).
      posterUrl: row.cover ? `${publicUrl}${logoPath(row.id, row.cover)}` : file(row.media?.poster),
      posterPath: row.cover
        ? logoPath(row.id, row.cover)
        : row.media?.poster
          ? mediaUrl(row.id, row.generation, row.media.poster)
          : null,
      // (With a cover, no smaller variant: srcset is left out.)
      thumbnailPath: row.media?.thumbnail && !row.cover ? mediaUrl(row.id, row.generation, row.media.thumbnail) : null,
      thumbnailUrl: row.cover ? `${publicUrl}${logoPath(row.id, row.cover)}` : file(row.media?.thumbnail),
      storyboardPath: row.media?.storyboard ? mediaUrl(row.id, row.generation, row.media.storyboard) : null,
      hlsPath,
      hlsUrl: `${publicUrl}${hlsPath}`,
      durationSec: row.duration_sec,
      width: row.width ?? 0,
      height: row.height ?? 0,
      uploadedAt: row.uploaded_at ?? row.created_at,
      brand,
      publicUrl,
      contacts,
      embedDomains: row.embedDomains ?? [],
      branding: branded ? publicBranding(row.branding, row.id) : null,
      showMark: !branded,
      action: publicAction(row.super_action),
      widget: publicWidget(row.widget, row),
      share: publicShare(row.share, { url: watchUrl, title, image: file(row.media?.poster) }),
      tracks: (row.tracks ?? []).map((track) => ({
        src: subtitlePath(row.id, track.id, track.version),
        lang: track.lang,
        label: track.label,
        isDefault: track.isDefault,
      })),
      transcript: (row.transcript ?? []).map((cue) => ({ start: cue.start, text: cue.text })),
      form: publicForm(row.form, row.account_id),
      viewerScope: viewerScope(row.account_id),
    };
  }

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
      .header('content-security-policy', pageCsp(frameAncestors, styleHash))
      .header('cache-control', status === 200 ? PAGE_CACHE_CONTROL : 'no-store');
    // frame-ancestors decides who may frame a page; helmet's X-Frame-Options would say "same origin only".
    if (frameAncestors !== "'none'") reply.removeHeader('x-frame-options');
    return sendEncoded(request, reply, body);
  }

  const language = (request: FastifyRequest) => pageLanguage(request.headers['accept-language']);

  /** A rendered page, with the video it shows (none for a 404). */
  type Rendered = { status: number; html: string; frameAncestors: string; styleHash?: string; videoId?: string };
  const pages = renderCache<Omit<Rendered, 'html'> & { body: Encoded }>(pageCacheMs);
  const stillShown = batchedCheck((ids) => settings.stillShown(ids));

  /** A page by its address and language, rendered and compressed at most once per pageCacheMs. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, key: string, render: () => Promise<Rendered>) {
    const cacheKey = `${language(request)}:${key}`;
    const make = async () => {
      const { html, ...rest } = await render();
      return { ...rest, body: precompress(Buffer.from(html)) };
    };
    let { value: page, fresh } = await pages.get(cacheKey, make);
    // A delete takes effect at once in every process (issue 13 §18): a page made for an earlier request is
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
      const video = UUID.test(request.params.id) ? await findVideo(request.params.id) : null;
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
    scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest('invalid_body'), undefined);
      }
    });
    scope.post(
      '/api/public/click',
      { bodyLimit: 8192, schema: { hide: true }, preHandler: clickLimit },
      async (request, reply) => {
        const parsed = contactClickBody.safeParse(request.body);
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message;
          throw badRequest(
            message && message in MESSAGES ? (message as MessageKey) : 'illegal_input',
            String(parsed.error.issues[0]?.path[0] ?? ''),
          );
        }
        await recordClick(parsed.data);
        return reply.code(204).send();
      },
    );
  });

  // A subtitle track as WebVTT, made from the cues the owner edits; the ?v= version changes with each edit.
  app.get<{ Params: { videoId: string; file: string } }>('/media/:videoId/subtitles/:file', async (request, reply) => {
    const { videoId, file } = request.params;
    const id = file.replace(/\.vtt$/, '');
    const track =
      UUID.test(videoId) && UUID.test(id) && file.endsWith('.vtt') ? await subtitleTrack(videoId, id) : undefined;
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
      const video = toPublicVideo(row, false);
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
