import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Encoded, precompress, sendEncoded } from './compress.ts';
import { pageCsp } from './csp.ts';
import { type PageLanguage, pageLanguage } from './language.ts';
import { batchedCheck, renderCache } from './render-cache.ts';
import type { Site } from './site.ts';

/**
 * What browsers and shared caches may keep of a public page (docs/decisions/0011-public-page-caching.md):
 * a delete or a change must not outlive what we can take back. Browsers ask again each time (max-age=0);
 * a CDN may serve a copy for 5 s, which is as stale as a deleted video can get behind one. The server
 * itself never serves a deleted video from its own cache.
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5';

/** The query parameters `names` of a request, each its first value as a string, at most 200 characters. */
function queryOf(query: unknown, names: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  const all = (query ?? {}) as Record<string, unknown>;
  for (const name of names) {
    const value = Array.isArray(all[name]) ? (all[name] as unknown[])[0] : all[name];
    if (typeof value === 'string' && value !== '') picked[name] = value.slice(0, 200);
  }
  return picked;
}

/** A page as a page kind renders it. */
export type Rendered = {
  status: number;
  html: string;
  /** CSP frame-ancestors: `'none'` for pages, the embed allow-list for embeds. */
  frameAncestors: string;
  /** The CSP hash of the page's one <style> element. */
  styleHash: string;
  /** The CSP hash of the page's inline script (the player's facade), if it has one. */
  scriptHash?: string;
  /** The video the page shows (none for a 404): a cached copy is served only while it still shows. */
  videoId?: string;
};

/**
 * A kind of public page a module registers (defineModule's `pages`): the watch page and the embed now,
 * a site's channel and album pages next. The renderer serves it on every site, keyed by host, language
 * and the kind's own key.
 */
export type PageKind<Params = Record<string, string>> = {
  name: string;
  /** Its route, e.g. `/v/:ref`. */
  path: string;
  /** The path's fixed beginning (`/v/`): what tells a custom domain to serve it. */
  prefix: string;
  /** The page's key within its site and language (its address, mostly). */
  key: (params: Params) => string;
  /** The query parameters that make another page of it (`page`, `q`): in its key, and given to render. */
  query?: readonly string[];
  render: (page: {
    params: Params;
    query: Record<string, string>;
    site: Site;
    lang: PageLanguage;
  }) => Promise<Rendered>;
};
// biome-ignore lint/suspicious/noExplicitAny: a list of kinds holds each with its own params.
export type AnyPageKind = PageKind<any>;

export type RendererOptions = {
  /** How long a rendered page is reused (see renderCache); 0 renders every request. */
  pageCacheMs: number;
  /** The form challenge's provider origins, let into the CSP when one is configured. */
  challengeSources?: string;
  /** Which of these videos can still be shown (VideoService.stillShown). */
  stillShown: (videoIds: string[]) => Promise<Set<string>>;
};

/**
 * The one place public pages are sent: rendered at most once per pageCacheMs for each site, language and
 * page, compressed once, under their CSP and cache headers.
 */
export function createRenderer({ pageCacheMs, challengeSources, stillShown }: RendererOptions) {
  const pages = renderCache<Omit<Rendered, 'html'> & { body: Encoded }>(pageCacheMs);
  const stillShownNow = batchedCheck(stillShown);

  function sendHtml(
    request: FastifyRequest,
    reply: FastifyReply,
    page: Omit<Rendered, 'html'> & { body: Buffer | Encoded },
  ) {
    reply
      .code(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header(
        'content-security-policy',
        pageCsp(page.frameAncestors, page.styleHash, challengeSources, page.scriptHash),
      )
      .header('cache-control', page.status === 200 ? PAGE_CACHE_CONTROL : 'no-store');
    // frame-ancestors decides who may frame a page; helmet's X-Frame-Options would say "same origin only".
    if (page.frameAncestors !== "'none'") reply.removeHeader('x-frame-options');
    return sendEncoded(request, reply, page.body);
  }

  /** A page of `site` by its key, rendered and compressed at most once per pageCacheMs. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, key: string, render: () => Promise<Rendered>) {
    // The origin, not only the host: a page names its own address (canonical, oEmbed, share links).
    const cacheKey = `${request.site.origin} ${pageLanguage(request.headers['accept-language'])} ${key}`;
    const make = async () => {
      const { html, ...rest } = await render();
      return { ...rest, body: precompress(Buffer.from(html)) };
    };
    let { value: page, fresh } = await pages.get(cacheKey, make);
    // A delete takes effect at once in every process: a page made for an earlier request is
    // served only if PostgreSQL, asked after this request arrived, still shows its video.
    if (!fresh && page.videoId && !(await stillShownNow(page.videoId))) {
      pages.forget(cacheKey);
      ({ value: page } = await pages.get(cacheKey, make));
    }
    return sendHtml(request, reply, page);
  }

  /** Sends `kind`'s page for the request, keyed by its params and the query parameters it reads. */
  function serve(kind: AnyPageKind, request: FastifyRequest, reply: FastifyReply, params: Record<string, string>) {
    const { site } = request;
    const lang = pageLanguage(request.headers['accept-language']);
    const query = queryOf(request.query, kind.query ?? []);
    const key = `${kind.name}:${kind.key(params)}${Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : ''}`;
    return sendPage(request, reply, key, () => kind.render({ params, query, site, lang }));
  }

  /**
   * Serves each kind's route on every site. A kind at `/` is a custom domain's root page only: the
   * installation's own `/` is the console.
   */
  function register(app: FastifyInstance, kinds: readonly AnyPageKind[]) {
    for (const kind of kinds) {
      if (kind.path === '/') {
        app.addHook('onRequest', async (request, reply) => {
          if (!request.site.domain || (request.method !== 'GET' && request.method !== 'HEAD')) return;
          if ((request.url.split('?')[0] ?? '') !== '/') return;
          await serve(kind, request, reply, {});
          return reply;
        });
        continue;
      }
      app.get<{ Params: Record<string, string> }>(kind.path, (request, reply) =>
        serve(kind, request, reply, request.params),
      );
    }
  }

  return { register, sendHtml };
}
export type Renderer = ReturnType<typeof createRenderer>;
