import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { ExportFile } from './lead-export.ts';
import type { LeadService } from './leads.service.ts';

/** The inquiry form screen (the console contract "vod form: config, save, add-field"). */
export const formRoutes: FastifyPluginAsync<{ leads: LeadService; hooks: AuthHooks }> = async (
  app,
  { leads, hooks },
) => {
  const route = catalogueRoutes(app, hooks);
  route('forms.config', (request, { videoId }) => leads.getForm(accountId(request), videoId));
  route('forms.save', (request, { videoId, form }) => leads.saveForm(accountId(request), videoId, form));
  route('forms.addField', (request, { videoId, field }) => leads.addField(accountId(request), videoId, field));
};

/** An export as a download named by the day (the console's and the public API's). */
export function sendLeadsFile(reply: FastifyReply, file: ExportFile) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="leads-${day}.${file.extension}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** Seeing leads (spec: form-submit-data and the video submissions dialog; "user-form-list: list, export"). */
export const leadListRoutes: FastifyPluginAsync<{ leads: LeadService; hooks: AuthHooks }> = async (
  app,
  { leads, hooks },
) => {
  const route = catalogueRoutes(app, hooks);
  route('leads.list', (request, query) => leads.list(accountId(request), query));
  route('leads.read', async (request, { leadIds, read }) => {
    await leads.markRead(accountId(request), leadIds, read);
    return null;
  });
  route('leads.delete', async (request, { leadIds }) => {
    await leads.remove(accountId(request), leadIds);
    return null;
  });
  route('leads.detail', (request, { leadId }) => leads.detail(accountId(request), leadId));
  route('leads.clicks', (request, query) => leads.listClicks(accountId(request), query));
  route.raw('leads.export', async (request, query, reply) =>
    sendLeadsFile(reply, await leads.exportLeads(accountId(request), query)),
  );
};
/**
 * A viewer's submission, from the player on a watch page or an embed (same origin as this API). Limited
 * per address and per network far above what people do, so a script cannot flood an account from one place.
 */
export const submitRoutes: FastifyPluginAsync<{
  leads: LeadService;
  hooks: AuthHooks;
  limits: ((request: FastifyRequest) => Promise<void>)[];
}> = async (app, { leads, hooks, limits }) => {
  catalogueRoutes(app, hooks)(
    'public.lead',
    async (request, body) => {
      await leads.submit(body, request.ip);
      return { received: true as const };
    },
    { bodyLimit: 64 * 1024, preHandler: limits },
  );
};
