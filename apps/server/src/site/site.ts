import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The look a brand gives the pages on its domain (docs/product.md "Brands"): its name stands for the
 * publisher in titles and JSON-LD, its images are same-origin paths the brands module serves.
 */
export type SiteBrand = {
  name: string;
  logoPath: string | null;
  faviconPaths: { ico32: string; png180: string; png100: string } | null;
  pageBackgroundColor: string;
  buttonColor: string;
  buttonFontColor: string;
};

/** An active custom domain, as the domains module finds it by its host. */
export type SiteDomain = {
  id: string;
  accountId: string;
  domain: string;
  folderId: string | null;
  faviconPath: string | null;
};

/**
 * Which site a request is for, resolved once from its Host (docs/decisions/0031-site-layer.md). The
 * default site is the installation's own address and serves every account's pages; a custom domain serves
 * only its account's.
 */
export type Site = {
  /** Where this site's pages live: PUBLIC_URL's origin on the default site, the served host's otherwise. */
  origin: string;
  /** The host name, lowercase, without port or trailing dot. */
  host: string;
  /** The account whose pages this host serves; null on the default site. */
  accountId: string | null;
  domain: SiteDomain | null;
  /** The domain's brand; not looked up for media, player files and beacons, which it does not change. */
  brand: SiteBrand | null;
  /** Who publishes the pages: the brand's name on a branded domain, else the installation's BRAND_NAME. */
  publisher: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    site: Site;
  }
}

/** Whether a site may show an account's pages: its own on a custom domain, any on the default site. */
export const servesAccount = (site: Site, accountId: string) => site.accountId === null || site.accountId === accountId;

/**
 * What a custom domain answers besides the page kinds' paths: what a page there loads (media, the player,
 * brand images, the icon) and what its player sends (the viewer routes under /api/public). Everything
 * else, the console and the account's API among it, is the installation's alone.
 */
const VIEWER_PATHS = ['/media/', '/player/', '/brand-media/', '/api/public/', '/oembed', '/favicon.ico'];
/** What a page loads and its player sends: files and beacons, which no brand changes (no lookup for them). */
const UNBRANDED_PATHS = ['/media/', '/player/', '/brand-media/', '/api/public/'];
const SITE_FILES = new Set(['/sitemap.xml', '/robots.txt']);

export type SiteOptions = {
  publicUrl: string;
  /** Whether PUBLIC_URL was set: without it the installation has no name of its own, so any host is it. */
  strictHosts: boolean;
  /** The publisher's name on the default site (BRAND_NAME). */
  brandName: string;
  /** An active custom domain by its host, or null (the domains module: one indexed query, no DNS). */
  resolveHost: (host: string) => Promise<SiteDomain | null>;
  /** The brand of a domain, when its owner's plan carries branding. */
  brandOf: (domainId: string) => Promise<SiteBrand | null>;
  /** The paths the page kinds answer (`/v/`, `/embed/`...): what a custom domain serves besides VIEWER_PATHS. */
  pagePrefixes: readonly string[];
};

/** The request's host name as a site is keyed: lowercase, no port, no trailing dot. */
export function hostOf(request: FastifyRequest): string {
  return request.hostname.toLowerCase().replace(/\.$/, '');
}

/**
 * Resolves every request's Host into `request.site` before any route runs. A host that is neither the
 * installation's nor an active custom domain gets a plain 404 page, as does anything but the public pages
 * on a custom domain: removing a domain stops it at once in every process, since nothing here is cached.
 */
export function registerSiteContext(app: FastifyInstance, options: SiteOptions) {
  const { publicUrl, strictHosts, brandName, resolveHost, brandOf, pagePrefixes } = options;
  const ownHost = new URL(publicUrl).hostname.toLowerCase();
  const defaultSite: Site = {
    origin: new URL(publicUrl).origin,
    host: ownHost,
    accountId: null,
    domain: null,
    brand: null,
    publisher: brandName,
  };
  // The installation is always reachable by its address (a first run at http://<server-ip>:8080, Caddy's
  // ask on loopback), whatever PUBLIC_URL says.
  const isOwn = (host: string) => host === ownHost || host === 'localhost' || isIP(host.replace(/^\[|\]$/g, '')) !== 0;

  app.decorateRequest('site', null as unknown as Site);
  app.addHook('onRequest', async (request, reply) => {
    const host = hostOf(request);
    if (isOwn(host)) {
      request.site = defaultSite;
      return;
    }
    const domain = await resolveHost(host);
    if (!domain) {
      if (!strictHosts) {
        request.site = defaultSite;
        return;
      }
      return sendUnknownHost(reply);
    }
    const path = request.url.split('?')[0] ?? '/';
    // `/` is the domain's root page (its site's home, when its brand has a site).
    const served =
      path === '/' ||
      SITE_FILES.has(path) ||
      [...VIEWER_PATHS, ...pagePrefixes].some((prefix) => path.startsWith(prefix));
    if (!served) return sendUnknownHost(reply);
    const brand = UNBRANDED_PATHS.some((prefix) => path.startsWith(prefix)) ? null : await brandOf(domain.id);
    request.site = {
      origin: `${request.protocol}://${request.host}`,
      host,
      accountId: domain.accountId,
      domain,
      brand,
      publisher: brand?.name ?? brandName,
    };
  });
}

/** What a host we do not serve, or a path a custom domain does not have, answers: nothing of ours. */
function sendUnknownHost(reply: FastifyReply) {
  return reply
    .code(404)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'")
    .send(
      '<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>404 Not Found</title></head><body><h1>404 Not Found</h1></body></html>\n',
    );
}
