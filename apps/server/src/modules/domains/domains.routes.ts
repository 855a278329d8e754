import { UUID_PATTERN } from '@leadreel/shared/text';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../errors.ts';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { DomainService } from './domains.service.ts';

/** The account's custom domains (the console contract "vod/cname: list, add, del, folder binding, favicon"). */
export const domainRoutes: FastifyPluginAsync<{ domains: DomainService; hooks: AuthHooks }> = async (
  app,
  { domains, hooks },
) => {
  const route = catalogueRoutes(app, hooks);
  route('domain.list', (request) => domains.list(accountId(request)));
  route('domain.add', (request, { domain }) => domains.add(accountId(request), domain));
  route('domain.del', async (request, { id }) => {
    await domains.remove(accountId(request), id);
    return null;
  });
  route('domain.retry', (request, { id }) => domains.retry(accountId(request), id));
  route('domain.cancel', (request, { id }) => domains.cancel(accountId(request), id));
  route('domain.reset', (request, body) => domains.reset(accountId(request), body));
  route('domain.bindFolder', (request, body) => domains.bindFolder(accountId(request), body));
  route('domain.favicon', (request, body) => domains.favicon(accountId(request), body), {
    // A 2 MB image is about 2.8 MB in base64, in JSON.
    bodyLimit: 3_200_000,
  });
};

/** A name is a custom domain of ours only once verified and serving; anything else is the same 404. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * At the site's root: Caddy's on-demand TLS ask, and domains' favicons (on the console's host and on the
 * domain itself, whose /favicon.ico leads there).
 */
export const domainSiteRoutes: FastifyPluginAsync<{ domains: DomainService }> = async (app, { domains }) => {
  /**
   * Caddy asks `GET <ask>?domain=<name>` before it gets a certificate for a name it was not configured
   * with; "any 2xx allows, anything else refuses" (Caddy's on_demand_tls `ask`). One indexed lookup, no
   * DNS: the name was proven when it was verified, and a domain that loses its records is turned off by
   * its daily check. A database error propagates (503): an outage refuses, never allows.
   */
  app.get<{ Querystring: Record<string, unknown> }>('/tls/ask', async (request, reply) => {
    const { domain } = request.query;
    if (typeof domain !== 'string' || !(await domains.allowCertificate(domain))) throw notFound('domain_not_found');
    return reply.code(200).header('cache-control', 'no-store').send();
  });

  app.get<{ Params: { domainId: string; file: string } }>(
    '/brand-media/domain/:domainId/:file',
    async (request, reply) => {
      const { domainId, file } = request.params;
      const found = UUID_PATTERN.test(domainId) ? await domains.faviconFile(domainId, file) : null;
      if (!found) throw notFound('not_found');
      return reply
        .header('content-type', found.contentType)
        .header('cache-control', IMMUTABLE)
        .header('content-length', found.stored.size)
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(found.stored.body);
    },
  );
};
