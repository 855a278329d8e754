import type { z } from 'zod';
import {
  accountDetailData,
  changeNoticeEmailBody,
  noticeEmailCodeBody,
  noticeEmailData,
  notificationSettingsBody,
  notificationSettingsData,
  setLanguageBody,
  vipUserInfoData,
} from '../contracts/account.ts';
import { verifyCodeData } from '../contracts/auth.ts';
import {
  addFieldBody,
  clickListData,
  clickListQuery,
  formConfigQuery,
  inquiryFormData,
  leadDetailData,
  leadDetailQuery,
  leadIdsBody,
  leadListData,
  leadListQuery,
  markLeadsBody,
  saveFormBody,
} from '../contracts/forms.ts';
import {
  addFolderBody,
  deleteFolderBody,
  deleteVideosBody,
  folderData,
  folderListData,
  moveVideosBody,
  renameFolderBody,
  videoData,
  videoDetailQuery,
  videoListData,
  videoListQuery,
  videoStatusData,
  videoStatusQuery,
} from '../contracts/videos.ts';
import {
  createWebhookBody,
  redeliverWebhookBody,
  updateWebhookBody,
  webhookDeliveriesQuery,
  webhookDeliveryData,
  webhookDeliveryListData,
  webhookEndpointData,
  webhookIdBody,
  webhookListData,
  webhookSecretData,
} from '../contracts/webhooks.ts';
import { emptyData } from '../envelope.ts';
import type { RouteName } from './catalogue.ts';

/** What a route takes (a JSON body for POST, a query for GET) and what its envelope's data holds. */
export type RouteSchema = { body?: z.ZodType; query?: z.ZodType; response: z.ZodType };

/**
 * The schemas of each route of the catalogue: the server validates and documents with them, the console
 * types its calls with them (types only: zod stays out of its bundle).
 */
export const ROUTE_SCHEMAS = {
  'account.detail': { response: accountDetailData },
  'account.language': { body: setLanguageBody, response: emptyData },
  'account.vipUserInfo': { response: vipUserInfoData },
  'account.noticeEmail': { response: noticeEmailData },
  'account.noticeEmailCode': { body: noticeEmailCodeBody, response: verifyCodeData },
  'account.changeNoticeEmail': { body: changeNoticeEmailBody, response: noticeEmailData },
  'account.notification': { response: notificationSettingsData },
  'account.saveNotification': { body: notificationSettingsBody, response: notificationSettingsData },
  'webhooks.list': { response: webhookListData },
  'webhooks.create': { body: createWebhookBody, response: webhookSecretData },
  'webhooks.update': { body: updateWebhookBody, response: webhookEndpointData },
  'webhooks.delete': { body: webhookIdBody, response: emptyData },
  'webhooks.rollSecret': { body: webhookIdBody, response: webhookSecretData },
  'webhooks.test': { body: webhookIdBody, response: webhookDeliveryData },
  'webhooks.redeliver': { body: redeliverWebhookBody, response: webhookDeliveryData },
  'webhooks.deliveries': { query: webhookDeliveriesQuery, response: webhookDeliveryListData },
  'videos.folders': { response: folderListData },
  'videos.addFolder': { body: addFolderBody, response: folderData },
  'videos.renameFolder': { body: renameFolderBody, response: folderData },
  'videos.deleteFolder': { body: deleteFolderBody, response: emptyData },
  'videos.move': { body: moveVideosBody, response: emptyData },
  'videos.list': { query: videoListQuery, response: videoListData },
  'videos.detail': { query: videoDetailQuery, response: videoData },
  'videos.status': { query: videoStatusQuery, response: videoStatusData },
  'videos.delete': { body: deleteVideosBody, response: emptyData },
  'forms.config': { query: formConfigQuery, response: inquiryFormData },
  'forms.save': { body: saveFormBody, response: inquiryFormData },
  'forms.addField': { body: addFieldBody, response: inquiryFormData },
  'leads.list': { query: leadListQuery, response: leadListData },
  'leads.read': { body: markLeadsBody, response: emptyData },
  'leads.delete': { body: leadIdsBody, response: emptyData },
  'leads.detail': { query: leadDetailQuery, response: leadDetailData },
  'leads.clicks': { query: clickListQuery, response: clickListData },
} as const satisfies Partial<Record<RouteName, RouteSchema>>;

export type SchemaRouteName = keyof typeof ROUTE_SCHEMAS;
type Schemas<N extends SchemaRouteName> = (typeof ROUTE_SCHEMAS)[N];
/** What the caller sends: the body's or the query's input type, or nothing. */
export type RouteInput<N extends SchemaRouteName> =
  Schemas<N> extends { body: z.ZodType }
    ? z.input<Schemas<N>['body']>
    : Schemas<N> extends { query: z.ZodType }
      ? z.input<Schemas<N>['query']>
      : undefined;
/** What the handler receives after validation. */
export type RouteParsed<N extends SchemaRouteName> =
  Schemas<N> extends { body: z.ZodType }
    ? z.infer<Schemas<N>['body']>
    : Schemas<N> extends { query: z.ZodType }
      ? z.infer<Schemas<N>['query']>
      : undefined;
/** The envelope's data the route answers with. */
export type RouteOutput<N extends SchemaRouteName> = z.infer<Schemas<N>['response']>;
