import type { z } from 'zod';
import * as account from '../contracts/account.ts';
import * as accountDeletion from '../contracts/account-deletion.ts';
import * as affiliates from '../contracts/affiliates.ts';
import * as albums from '../contracts/albums.ts';
import * as analytics from '../contracts/analytics.ts';
import * as apiKeys from '../contracts/api-keys.ts';
import * as auth from '../contracts/auth.ts';
import * as blog from '../contracts/blog.ts';
import * as brands from '../contracts/brands.ts';
import { publicConfigData } from '../contracts/config.ts';
import * as domains from '../contracts/domains.ts';
import * as forms from '../contracts/forms.ts';
import * as overlays from '../contracts/overlays.ts';
import * as pay from '../contracts/pay.ts';
import * as player from '../contracts/player.ts';
import * as sites from '../contracts/sites.ts';
import * as speech from '../contracts/speech.ts';
import * as subtitles from '../contracts/subtitles.ts';
import * as videos from '../contracts/videos.ts';
import * as webhooks from '../contracts/webhooks.ts';
import { emptyData } from '../envelope.ts';
import type { RouteName } from './catalogue.ts';

/** What a route takes (a JSON body for POST, a query for GET) and what its envelope's data holds. */
export type RouteSchema = { body?: z.ZodType; query?: z.ZodType; response?: z.ZodType };

/**
 * The schemas of each route of the catalogue: the server validates and documents with them, the console
 * types its calls with them (types only: zod stays out of its bundle).
 */
export const ROUTE_SCHEMAS = {
  config: { response: publicConfigData },
  'auth.verifyCode': { body: auth.verifyCodeBody, response: auth.verifyCodeData },
  'auth.signup': { body: auth.signupBody, response: auth.accessTokenData },
  'auth.login': { body: auth.loginBody, response: auth.accessTokenData },
  'auth.logout': { response: emptyData },
  'auth.findPassword': { body: auth.findPasswordBody, response: auth.verifyCodeData },
  'auth.resetPassword': { body: auth.resetPasswordBody, response: emptyData },
  'auth.changePassword': { body: auth.changePasswordBody, response: emptyData },
  'auth.setPassword': { body: auth.setPasswordBody, response: emptyData },
  'auth.google': { body: auth.googleLoginBody, response: auth.accessTokenData },
  'auth.checkToken': { body: auth.checkTokenBody, response: auth.checkTokenData },
  'auth.bindReferrer': { body: auth.bindReferrerBody, response: emptyData },
  'account.detail': { response: account.accountDetailData },
  'account.language': { body: account.setLanguageBody, response: emptyData },
  'account.vipUserInfo': { response: account.vipUserInfoData },
  'pay.products': { query: pay.productsQuery, response: pay.productListData },
  'pay.creditsProducts': { query: pay.creditsProductsQuery, response: pay.creditsProductListData },
  'pay.credits': { query: pay.creditLedgerQuery, response: pay.creditLedgerData },
  'pay.publicKey': { response: pay.paymentConfigData },
  'pay.buyPlan': { body: pay.buyPlanBody, response: pay.orderData },
  'pay.buyCredits': { body: pay.buyCreditsBody, response: pay.orderData },
  'pay.orderStatus': { query: pay.orderStatusQuery, response: pay.orderData },
  'pay.cancelOrder': { body: pay.orderStatusQuery, response: pay.orderData },
  'pay.orders': { query: pay.orderListQuery, response: pay.orderListData },
  'pay.invoice': { query: pay.invoiceQuery },
  'pay.billingDetails': { response: pay.billingDetailsData },
  'pay.saveBillingDetails': { body: pay.billingDetailsBody, response: pay.billingDetailsData },
  'pay.cancelSubscribe': { response: account.vipUserInfoData },
  'pay.resumeSubscribe': { response: account.vipUserInfoData },
  'pay.affiliateData': { query: affiliates.affiliateDataQuery, response: affiliates.affiliateData },
  'account.noticeEmail': { response: account.noticeEmailData },
  'account.noticeEmailCode': { body: account.noticeEmailCodeBody, response: auth.verifyCodeData },
  'account.changeNoticeEmail': { body: account.changeNoticeEmailBody, response: account.noticeEmailData },
  'account.notification': { response: account.notificationSettingsData },
  'account.saveNotification': { body: account.notificationSettingsBody, response: account.notificationSettingsData },
  'account.privacy': { response: account.privacySettingsData },
  'account.savePrivacy': { body: account.privacySettingsBody, response: account.privacySettingsData },
  'account.deletion': { response: accountDeletion.accountDeletionData },
  'account.requestDeletion': {
    body: accountDeletion.requestDeletionBody,
    response: accountDeletion.accountDeletionData,
  },
  'account.cancelDeletion': { response: accountDeletion.accountDeletionData },
  'apiKey.list': { response: apiKeys.apiKeyListData },
  'apiKey.create': { body: apiKeys.createApiKeyBody, response: apiKeys.apiKeySecretData },
  'apiKey.change': { body: apiKeys.apiKeyIdBody, response: apiKeys.apiKeySecretData },
  'apiKey.revoke': { body: apiKeys.apiKeyIdBody, response: emptyData },
  'domain.list': { response: domains.customDomainListData },
  'domain.add': { body: domains.addDomainBody, response: domains.customDomainData },
  'domain.del': { body: domains.domainIdBody, response: emptyData },
  'domain.retry': { body: domains.domainIdBody, response: domains.customDomainData },
  'domain.cancel': { body: domains.domainIdBody, response: domains.customDomainData },
  'domain.reset': { body: domains.resetDomainBody, response: domains.customDomainData },
  'domain.bindFolder': { body: domains.bindDomainFolderBody, response: domains.customDomainData },
  'domain.favicon': { body: domains.domainFaviconBody, response: domains.customDomainData },
  'brand.list': { response: brands.brandListData },
  'brand.add': { body: brands.addBrandBody, response: brands.brandData },
  'brand.edit': { body: brands.editBrandBody, response: brands.brandData },
  'brand.del': { body: brands.brandIdBody, response: emptyData },
  'brand.image': { body: brands.brandImageBody, response: brands.brandImageData },
  'album.list': { response: albums.albumListData },
  'album.detail': { query: albums.albumIdQuery, response: albums.albumData },
  'album.add': { body: albums.addAlbumBody, response: albums.albumData },
  'album.edit': { body: albums.editAlbumBody, response: albums.albumData },
  'album.del': { body: albums.albumIdBody, response: emptyData },
  'site.list': { response: sites.siteListData },
  'site.add': { body: sites.addSiteBody, response: sites.siteData },
  'site.del': { body: sites.siteIdBody, response: emptyData },
  'site.detail': { query: sites.siteIdQuery, response: sites.siteData },
  'site.image': { body: sites.siteImageBody, response: sites.siteImageData },
  'site.saveProfile': { body: sites.saveSiteProfileBody, response: sites.siteData },
  'site.saveHome': { body: sites.saveSiteHomeBody, response: sites.siteData },
  'site.saveSitemap': { body: sites.saveSiteSitemapBody, response: sites.siteData },
  'site.saveNavigation': { body: sites.saveSiteNavigationBody, response: sites.siteData },
  'site.categories': { query: sites.siteIdQuery, response: sites.categoryListData },
  'site.addCategory': { body: sites.addCategoryBody, response: sites.categoryData },
  'site.editCategory': { body: sites.editCategoryBody, response: sites.categoryData },
  'site.delCategory': { body: sites.categoryIdBody, response: emptyData },
  'site.orderCategories': { body: sites.orderCategoriesBody, response: sites.categoryListData },
  'webhooks.list': { response: webhooks.webhookListData },
  'webhooks.create': { body: webhooks.createWebhookBody, response: webhooks.webhookSecretData },
  'webhooks.update': { body: webhooks.updateWebhookBody, response: webhooks.webhookEndpointData },
  'webhooks.delete': { body: webhooks.webhookIdBody, response: emptyData },
  'webhooks.rollSecret': { body: webhooks.webhookIdBody, response: webhooks.webhookSecretData },
  'webhooks.test': { body: webhooks.webhookIdBody, response: webhooks.webhookDeliveryData },
  'webhooks.redeliver': { body: webhooks.redeliverWebhookBody, response: webhooks.webhookDeliveryData },
  'webhooks.deliveries': { query: webhooks.webhookDeliveriesQuery, response: webhooks.webhookDeliveryListData },
  'videos.folders': { response: videos.folderListData },
  'videos.addFolder': { body: videos.addFolderBody, response: videos.folderData },
  'videos.renameFolder': { body: videos.renameFolderBody, response: videos.folderData },
  'videos.deleteFolder': { body: videos.deleteFolderBody, response: emptyData },
  'videos.move': { body: videos.moveVideosBody, response: emptyData },
  'videos.list': { query: videos.videoListQuery, response: videos.videoListData },
  'videos.detail': { query: videos.videoDetailQuery, response: videos.videoData },
  'videos.status': { query: videos.videoStatusQuery, response: videos.videoStatusData },
  'videos.delete': { body: videos.deleteVideosBody, response: emptyData },
  'forms.config': { query: forms.formConfigQuery, response: forms.inquiryFormData },
  'forms.save': { body: forms.saveFormBody, response: forms.inquiryFormData },
  'forms.addField': { body: forms.addFieldBody, response: forms.inquiryFormData },
  'leads.list': { query: forms.leadListQuery, response: forms.leadListData },
  'leads.read': { body: forms.markLeadsBody, response: emptyData },
  'leads.delete': { body: forms.leadIdsBody, response: emptyData },
  'leads.detail': { query: forms.leadDetailQuery, response: forms.leadDetailData },
  'leads.clicks': { query: forms.clickListQuery, response: forms.clickListData },
  'leads.export': { query: forms.leadExportQuery },
  'public.lead': { body: forms.submitLeadBody, response: forms.submitLeadData },
  'public.siteGate': { body: sites.siteGateBody, response: forms.submitLeadData },
  'public.click': { body: player.contactClickBody },
  'public.events': { body: analytics.analyticsBatchBody },
  'analytics.video': { query: analytics.videoAnalyticsQuery, response: analytics.videoAnalyticsData },
  'analytics.sessions': { query: analytics.analyticsSessionsQuery, response: analytics.analyticsSessionsData },
  'analytics.breakdown': { query: analytics.videoAnalyticsQuery, response: analytics.analyticsBreakdownData },
  'analytics.overview': { query: analytics.overviewQuery, response: analytics.overviewData },
  'uploads.baseInfo': { query: videos.baseInfoQuery, response: videos.baseInfoData },
  'uploads.imageCredential': { response: videos.credentialData },
  'uploads.videoCredential': { response: videos.credentialData },
  'uploads.preAdd': { body: videos.preAddBody, response: videos.preAddData },
  'uploads.start': { body: videos.uploadStartBody, response: videos.uploadStartData },
  'uploads.signParts': { body: videos.signPartsBody, response: videos.signPartsData },
  'uploads.success': { body: videos.uploadSuccessBody, response: emptyData },
  'uploads.fail': { body: videos.uploadFailBody, response: emptyData },
  'uploads.heartbeat': { body: videos.heartbeatBody, response: emptyData },
  'uploads.reUpload': { body: videos.reUploadBody, response: emptyData },
  'settings.embedConfig': { response: player.embedConfigData },
  'settings.saveEmbedConfig': { body: player.embedConfigBody, response: player.embedConfigData },
  'settings.whatsapp': { query: player.contactQuery, response: player.whatsappData },
  'settings.saveWhatsapp': { body: player.saveWhatsappBody, response: player.whatsappData },
  'settings.telephone': { query: player.contactQuery, response: player.telephoneData },
  'settings.saveTelephone': { body: player.saveTelephoneBody, response: player.telephoneData },
  'settings.email': { query: player.contactQuery, response: player.emailButtonData },
  'settings.saveEmail': { body: player.saveEmailButtonBody, response: player.emailButtonData },
  'settings.branding': { query: player.contactQuery, response: overlays.brandingData },
  'settings.saveBranding': { body: overlays.saveBrandingBody, response: overlays.brandingData },
  'settings.superAction': { query: player.contactQuery, response: overlays.superActionData },
  'settings.saveSuperAction': { body: overlays.saveSuperActionBody, response: overlays.superActionData },
  'settings.widget': { query: player.contactQuery, response: overlays.widgetData },
  'settings.saveWidget': { body: overlays.saveWidgetBody, response: overlays.widgetData },
  'settings.share': { query: player.contactQuery, response: overlays.shareData },
  'settings.saveShare': { body: overlays.saveShareBody, response: overlays.shareData },
  'settings.uploadLogo': { body: overlays.logoUploadBody, response: overlays.logoUploadData },
  'settings.kitClone': { body: overlays.kitCloneBody, response: overlays.kitCloneData },
  'settings.subtitles': { query: subtitles.subtitleListQuery, response: subtitles.subtitleListData },
  'settings.uploadSubtitle': { body: subtitles.uploadSubtitleBody, response: subtitles.subtitleData },
  'settings.saveSubtitle': { body: subtitles.saveSubtitleBody, response: subtitles.subtitleData },
  'settings.deleteSubtitle': { body: subtitles.subtitleIdBody, response: emptyData },
  'settings.defaultSubtitle': { body: subtitles.defaultSubtitleBody, response: subtitles.subtitleListData },
  'settings.seoPage': { query: player.seoPageQuery, response: player.seoPageData },
  'settings.saveSeoPage': { body: player.saveSeoPageBody, response: player.seoPageData },
  'settings.cover': { body: player.coverUploadBody, response: player.seoPageData },
  'speech.engines': { response: speech.speechEnginesData },
  'speech.estimate': { body: speech.estimateBody, response: speech.estimateData },
  'speech.transcribe': { body: speech.transcribeBody, response: speech.speechTaskData },
  'speech.translate': { body: speech.translateBody, response: speech.speechTaskData },
  'speech.optimise': { body: speech.optimiseBody, response: speech.optimiseData },
  'speech.tasks': { query: speech.taskListQuery, response: speech.taskListData },
  'speech.status': { query: speech.taskIdQuery, response: speech.speechTaskData },
  'speech.cancel': { body: speech.taskIdBody, response: speech.speechTaskData },
  'speech.retry': { body: speech.taskIdBody, response: speech.speechTaskData },
  'speech.dubs': { query: speech.dubListQuery, response: speech.dubListData },
  'speech.removeDub': { body: speech.removeDubBody, response: emptyData },
  'material.preAdd': { body: blog.materialPreAddBody, response: blog.materialData },
  'material.start': { body: blog.materialIdBody, response: blog.materialUploadStartData },
  'material.signParts': { body: blog.materialSignPartsBody, response: blog.materialSignPartsData },
  'material.addSuccess': { body: blog.materialIdBody, response: blog.materialData },
  'material.fail': { body: blog.materialFailBody, response: emptyData },
  'material.list': { query: blog.materialListQuery, response: blog.materialListData },
  'material.detail': { query: blog.materialIdBody, response: blog.materialData },
  'material.delete': { body: blog.materialDeleteBody, response: emptyData },
  'material.searchOnline': { query: blog.onlineSearchQuery, response: blog.onlineSearchData },
  'material.addOnline': { body: blog.onlineAddBody, response: blog.materialData },
  'blogToVideo.create': { body: blog.projectCreateBody, response: blog.projectDetailData },
  'blogToVideo.list': { query: blog.projectListQuery, response: blog.projectListData },
  'blogToVideo.delete': { body: blog.projectDeleteBody, response: emptyData },
  'blogToVideo.detail': { query: blog.projectIdQuery, response: blog.projectDetailData },
  'blogToVideo.scenes': { body: blog.scenesSaveBody, response: blog.projectDetailData },
  'blogToVideo.settings': { body: blog.settingsSaveBody, response: blog.projectDetailData },
  'blogToVideo.summarise': { body: blog.summariseBody, response: blog.projectDetailData },
  'blogToVideo.materials': { query: blog.projectIdQuery, response: blog.articleImagesData },
  'blogToVideo.bgm': { response: blog.bgmTracksData },
  'blogToVideo.tts': { body: blog.sceneTtsBody, response: blog.sceneTtsData },
  'blogToVideo.preview': { query: blog.projectIdQuery, response: blog.previewData },
  'blogToVideo.estimate': { query: blog.projectIdQuery, response: blog.exportEstimateData },
  'blogToVideo.export': { body: blog.exportBody, response: blog.exportData },
  'blogToVideo.cancelExport': { body: blog.exportBody, response: blog.exportData },
  'blogToVideo.progress': { query: blog.projectIdQuery, response: blog.exportData.nullable() },
  'blogToVideo.history': { query: blog.projectIdQuery, response: blog.historyData },
  'blogToVideo.exports': { query: blog.exportListQuery, response: blog.exportListData },
} as const satisfies Record<RouteName, RouteSchema>;

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
export type RouteOutput<N extends SchemaRouteName> =
  Schemas<N> extends { response: z.ZodType } ? z.infer<Schemas<N>['response']> : never;
