import {
  addFieldBody,
  clickListData,
  clickListQuery,
  emptyData,
  formConfigQuery,
  inquiryFormData,
  leadDetailData,
  leadDetailQuery,
  leadExportQuery,
  leadIdsBody,
  leadListData,
  leadListQuery,
  markLeadsBody,
  okEnvelope,
  saveFormBody,
  submitLeadBody,
  submitLeadData,
} from '@leadreel/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { LeadService } from './leads.service.ts';

const ok = <T>(data: T) => ({ statusCode: 200 as const, data });
const tags = ['leads'];

/** The inquiry form screen (spec §7 "vod form: config, save, add-field"). */
export const formRoutes: FastifyPluginAsyncZod<{ leads: LeadService; hooks: AuthHooks }> = async (
  app,
  { leads, hooks },
) => {
  app.addHook('onRequest', hooks.required);
  app.get(
    '/vod/form/config',
    { schema: { tags, querystring: formConfigQuery, response: { 200: okEnvelope(inquiryFormData) } } },
    async (request) => ok(await leads.getForm(accountId(request), request.query.videoId)),
  );
  app.post(
    '/vod/form/save',
    { schema: { tags, body: saveFormBody, response: { 200: okEnvelope(inquiryFormData) } } },
    async (request) => ok(await leads.saveForm(accountId(request), request.body.videoId, request.body.form)),
  );
  app.post(
    '/vod/form/add-field',
    { schema: { tags, body: addFieldBody, response: { 200: okEnvelope(inquiryFormData) } } },
    async (request) => ok(await leads.addField(accountId(request), request.body.videoId, request.body.field)),
  );
};

/** Seeing leads (spec: form-submit-data and the video submissions dialog; §7 "user-form-list: list, export"). */
export const leadListRoutes: FastifyPluginAsyncZod<{ leads: LeadService; hooks: AuthHooks }> = async (
  app,
  { leads, hooks },
) => {
  app.addHook('onRequest', hooks.required);
  app.get(
    '/user-form-list/list',
    { schema: { tags, querystring: leadListQuery, response: { 200: okEnvelope(leadListData) } } },
    async (request) => ok(await leads.list(accountId(request), request.query)),
  );
  app.post(
    '/user-form-list/read',
    { schema: { tags, body: markLeadsBody, response: { 200: okEnvelope(emptyData) } } },
    async (request) => {
      await leads.markRead(accountId(request), request.body.leadIds, request.body.read);
      return ok(null);
    },
  );
  app.post(
    '/user-form-list/delete',
    { schema: { tags, body: leadIdsBody, response: { 200: okEnvelope(emptyData) } } },
    async (request) => {
      await leads.remove(accountId(request), request.body.leadIds);
      return ok(null);
    },
  );
  app.get(
    '/user-form-list/detail',
    { schema: { tags, querystring: leadDetailQuery, response: { 200: okEnvelope(leadDetailData) } } },
    async (request) => ok(await leads.detail(accountId(request), request.query.leadId)),
  );
  app.get(
    '/user-form-list/clicks',
    { schema: { tags, querystring: clickListQuery, response: { 200: okEnvelope(clickListData) } } },
    async (request) => ok(await leads.listClicks(accountId(request), request.query)),
  );
  app.get('/user-form-list/export', { schema: { tags, querystring: leadExportQuery } }, async (request, reply) => {
    const file = await leads.exportLeads(accountId(request), request.query);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="leads-${day}.${file.extension}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
};

/**
 * A viewer's submission, from the player on a watch page or an embed (same origin as this API). Limited
 * per IP and per video far above what people do, so a script cannot flood an account or its mailbox.
 */
export const submitRoutes: FastifyPluginAsyncZod<{
  leads: LeadService;
  limits: ((request: FastifyRequest) => Promise<void>)[];
}> = async (app, { leads, limits }) => {
  app.post(
    '/public/lead',
    {
      bodyLimit: 64 * 1024,
      preHandler: limits,
      schema: { tags, body: submitLeadBody, response: { 200: okEnvelope(submitLeadData) } },
    },
    async (request) => {
      await leads.submit(request.body);
      return ok({ received: true as const });
    },
  );
};
