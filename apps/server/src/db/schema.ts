import type {
  BillingPlan,
  BrandingSetting,
  CLICK_KINDS,
  CreditKind,
  Cue,
  DomainStatus,
  EmailButtonSetting,
  ExportStatus,
  InquiryForm,
  Language,
  LeadField,
  MaterialKind,
  MaterialStatus,
  NavigationLink,
  OrderStatus,
  PaymentMethod,
  PaymentProviderName,
  Period,
  PlanType,
  ProjectSettings,
  ProjectStatus,
  SeoPageFields,
  ShareSetting,
  SiteContact,
  SiteHome,
  SiteSitemap,
  SpeechTaskKind,
  SpeechTaskStatus,
  SuperActionSetting,
  TelephoneSetting,
  VideoStatus,
  WebhookDeliveryStatus,
  WebhookEvent,
  WebhookEventType,
  WebhookPayload,
  WhatsappSetting,
  WidgetSetting,
} from '@leadreel/shared';
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
/** A jsonb column: read as its value, written as its JSON text (node-postgres would send an array as a PostgreSQL array). */
type JsonColumn<T> = ColumnType<T, string, string>;

export interface AccountTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  google_sub: string | null;
  language: Language;
  referrer_id: string | null;
  is_referrer: Generated<boolean>;
  vip_period: Generated<Period>;
  /** Free, DEFAULT_PLAN, or what an operator opened (`leadreel admin plan`) or the account bought. */
  plan_type: Generated<PlanType>;
  /** Where new leads are mailed; the sign-in email when null. */
  notice_email: string | null;
  /** email-notification: mail each new lead (default) and/or a daily digest. */
  notify_new_lead: Generated<boolean>;
  notify_digest: Generated<boolean>;
  /** Privacy mode: players keep nothing in the viewer's browser, the analytics no viewer id. */
  privacy_mode: Generated<boolean>;
  digest_sent_at: Date | null;
  period_end_at: Date | null;
  /** The plan was opened by an operator or DEFAULT_PLAN (the console contract bySuperAdminOpen), not bought. */
  plan_by_admin: Generated<boolean>;
  /** When the account first paid an order: a referrer is bound only before then. */
  first_paid_at: Date | null;
  default_folder_id: string | null;
  used_storage: Generated<string>;
  used_traffic: Generated<string>;
  /** Where the traffic count of this period began (the first of a calendar month, UTC). */
  traffic_period_start: Generated<Date>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface FolderTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  created_at: CreatedAt;
}

export interface SessionTable {
  id: Generated<string>;
  account_id: string;
  token_hash: string;
  created_at: CreatedAt;
  last_used_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface VerificationCodeTable {
  id: Generated<string>;
  email: string;
  scene: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: CreatedAt;
  expires_at: Date;
  consumed_at: Date | null;
  /** Reset codes: sha256 of the asking browser's reset cookie; null for the other scenes. */
  requester: Generated<string | null>;
}

export interface RateLimitTable {
  key: string;
  window_start: Date;
  hits: number;
}

/** Failed sign-ins and reset mails per bucket (modules/auth/login-throttle.ts). */
export interface AuthThrottleTable {
  key: string;
  window_start: Date;
  hits: number;
  locked_until: Date | null;
}

/** The derived files of one generation, as the pipeline published them (keys relative to the generation). */
/**
 * The poster in the formats and widths a page picks from (<picture> with srcset), paths relative to the
 * generation (modules/videos/poster-set.ts).
 */
export type PosterSet = { type: 'image/avif' | 'image/webp'; files: { path: string; width: number }[] }[];

export type VideoMedia = {
  master: string;
  renditions: { name: string; width: number; height: number; bandwidth: number; playlist: string }[];
  poster: string | null;
  thumbnail: string | null;
  storyboard: string | null;
  preview: string | null;
  /** The poster as AVIF and WebP at the widths a page picks from; absent for videos made before it. */
  posterSet?: PosterSet;
  /** Every file of the generation with its size, for storage accounting and deletion. */
  bytes: number;
};

export interface VideoTable {
  id: Generated<string>;
  account_id: string;
  folder_id: string;
  name: string;
  status: Generated<VideoStatus>;
  size: string | number;
  upload_percent: Generated<number>;
  process_percent: Generated<number>;
  playable: Generated<boolean>;
  source_key: string;
  upload_id: string | null;
  part_size: number;
  sha256: string | null;
  generation: Generated<number>;
  media: VideoMedia | null;
  fail_reason: string | null;
  duration_sec: number | null;
  width: number | null;
  height: number | null;
  last_heartbeat_at: Date | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  uploaded_at: Date | null;
  ready_at: Date | null;
  /** When the upload first played, and first had its whole ladder: set once, as its webhook event is published. */
  first_playable_at: Date | null;
  first_ready_at: Date | null;
}

export interface VideoSettingTable {
  video_id: string;
  seo: SeoPageFields | null;
  slug: string | null;
  whatsapp: WhatsappSetting | null;
  telephone: TelephoneSetting | null;
  email: EmailButtonSetting | null;
  branding: BrandingSetting | null;
  super_action: SuperActionSetting | null;
  widget: WidgetSetting | null;
  share: ShareSetting | null;
  /** The watch page's cover image (file name under the video's brand folder); null for the poster. */
  cover: string | null;
  form: InquiryForm | null;
  updated_at: Generated<Date>;
}

export interface LeadTable {
  id: Generated<string>;
  account_id: string;
  video_id: string | null;
  video_name: string;
  fields: LeadField[];
  answers: Record<string, string>;
  second: number;
  page_url: string;
  referrer: string;
  language: string;
  read_at: Date | null;
  mailed_at: Date | null;
  /** The anonymous viewer id the player sent (lead timeline); null when none came. */
  viewer_id: string | null;
  /** The site whose page the lead was sent from (docs/product.md "Sites"); null once deleted, or for none. */
  site_id: string | null;
  /** That site's name when the lead was sent. */
  site_name: string | null;
  created_at: CreatedAt;
}

/** Each account's current lead-mail window (modules/leads/lead-notifier.ts). */
export interface LeadMailWindowTable {
  account_id: string;
  opened_at: Date;
  /** The mail of the leads waiting in this window is queued. */
  burst_queued: Generated<boolean>;
}

export interface SubtitleTable {
  id: Generated<string>;
  video_id: string;
  lang: string;
  label: string;
  cues: Cue[];
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface EmbedConfigTable {
  account_id: string;
  domains: Generated<string[]>;
  updated_at: Generated<Date>;
}

export interface ContactClickTable {
  id: Generated<string>;
  video_id: string;
  account_id: string;
  kind: (typeof CLICK_KINDS)[number];
  second: number;
  page_url: string;
  referrer: string;
  /** The anonymous viewer id the player sent (lead timeline); null when none came. */
  viewer_id: string | null;
  created_at: CreatedAt;
}

export interface WebhookEndpointTable {
  id: Generated<string>;
  account_id: string;
  url: string;
  events: WebhookEvent[];
  secret: string;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface WebhookDeliveryTable {
  id: Generated<string>;
  endpoint_id: string;
  account_id: string;
  event: WebhookEventType;
  event_id: string;
  payload: WebhookPayload;
  attempts: Generated<number>;
  status: Generated<WebhookDeliveryStatus>;
  last_status_code: number | null;
  /** What went wrong before (or instead of) an HTTP answer: one of WEBHOOK_DELIVERY_ERRORS. */
  last_error: string | null;
  created_at: CreatedAt;
  delivered_at: Date | null;
}

export interface CreditEntryTable {
  id: Generated<string>;
  account_id: string;
  kind: CreditKind;
  /** Added (above 0) or taken (below 0); node-postgres reads int8 as a number here (database.ts). */
  amount: number;
  /** Makes the entry happen once per account. */
  key: string;
  reference: string | null;
  created_at: CreatedAt;
}

export interface AdminActionTable {
  id: Generated<string>;
  /** Who ran it: --as, else the system user (SUDO_USER first). */
  operator: string;
  action: string;
  account_id: string | null;
  account_email: string | null;
  detail: Record<string, unknown>;
  created_at: CreatedAt;
}

export interface PaymentOrderTable {
  id: Generated<string>;
  account_id: string;
  kind: 'plan' | 'credits';
  product_id: string;
  plan_type: PlanType | null;
  billing_plan: BillingPlan | null;
  credits: number | null;
  description: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  method: PaymentMethod;
  provider: PaymentProviderName;
  provider_ref: string | null;
  checkout_url: string | null;
  qr_code: string | null;
  status: Generated<OrderStatus>;
  failure: string | null;
  created_at: CreatedAt;
  expires_at: Date;
  settled_at: Date | null;
  period_start: Date | null;
  period_end: Date | null;
  refund_ref: string | null;
  refunded_at: Date | null;
  refund_reason: string | null;
  /** The buyer turned auto-renew on: paying it starts a subscription. */
  auto_renew: Generated<boolean>;
  /** The subscription it started or renewed. */
  subscription_id: string | null;
}

export interface SubscriptionTable {
  id: Generated<string>;
  account_id: string;
  provider: 'sandbox' | 'stripe';
  provider_ref: string;
  plan_type: PlanType;
  billing_plan: BillingPlan;
  amount: number;
  currency: string;
  status: Generated<'active' | 'ended'>;
  cancel_at_period_end: Generated<boolean>;
  created_at: CreatedAt;
  ended_at: Date | null;
}

export interface PaymentEventTable {
  provider: PaymentProviderName;
  event_id: string;
  order_id: string | null;
  applied_at: CreatedAt;
}

export interface PlanNoticeTable {
  account_id: string;
  period_end: Date;
  notice: string;
  created_at: CreatedAt;
  mailed_at: Date | null;
}

export interface AccountExportTable {
  token_hash: string;
  account_id: string;
  expires_at: Date;
  created_at: CreatedAt;
}

export interface InvoiceTable {
  id: Generated<string>;
  number: string;
  order_id: string;
  account_id: string;
  description: string;
  amount: number;
  currency: string;
  issued_at: CreatedAt;
  mailed_at: Date | null;
  /** The buyer as it stood when the invoice was issued; null on invoices issued before it was kept. */
  buyer: ColumnType<InvoiceBuyer | null, string | null | undefined, string | null>;
}

/** Who an invoice is made out to: the account's email and its billing details at the time. */
export type InvoiceBuyer = { email: string; companyName: string; address: string; country: string; taxId: string };

/** The buyer's details printed on its invoices; empty strings where not given. */
export interface BillingDetailTable {
  account_id: string;
  company_name: Generated<string>;
  address: Generated<string>;
  country: Generated<string>;
  tax_id: Generated<string>;
  updated_at: Generated<Date>;
}

/** The first answer to a public API create sent with an Idempotency-Key, kept a day (null while running). */
export interface ApiIdempotencyTable {
  account_id: string;
  idempotency_key: string;
  request_hash: string;
  status: number | null;
  response: string | null;
  created_at: CreatedAt;
}

export interface ApiKeyTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  /** `lr_` and the secret's next characters, shown to tell keys apart. */
  prefix: string;
  /** SHA-256 of the whole secret; the secret itself is never stored. */
  secret_hash: Buffer;
  created_at: CreatedAt;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** Affiliates: a referrer's commission on a paid invoice, or its reversal on a refund. */
export interface CommissionTable {
  id: Generated<string>;
  referrer_id: string;
  /** null once the referred account is deleted; its masked email stays. */
  referred_id: string | null;
  /** The referred account's email, masked (`a***@example.test`). */
  referred_email: string;
  order_id: string;
  invoice_number: string;
  kind: 'commission' | 'reversal';
  /** The plan the invoice bought (what was sold, not what the account may do); null for credits. */
  plan: PlanType | null;
  invoice_amount: number;
  percent: number;
  /** Minor units: above 0 for a commission, below 0 for a reversal. */
  amount: number;
  currency: string;
  status: Generated<'pending' | 'paid_out'>;
  payout_id: string | null;
  created_at: CreatedAt;
}

/** What an operator paid a referrer, in one currency. */
export interface AffiliatePayoutTable {
  id: Generated<string>;
  referrer_id: string;
  currency: string;
  amount: number;
  operator: string;
  created_at: CreatedAt;
}

/** An account that asked to be deleted (modules/account-deletion): locked until it is, or cancelled. */
export interface AccountDeletionTable {
  account_id: string;
  email: string;
  language: Language;
  reason: string;
  note: string;
  requested_at: CreatedAt;
  delete_after: Date;
  erased_at: Date | null;
}

/** A domain an account serves its pages on (modules/domains; docs/product.md "Custom domains"). */
export interface CustomDomainTable {
  id: Generated<string>;
  account_id: string;
  /** Lowercase punycode, no trailing dot: what the Host header carries. */
  domain: string;
  /** The value of the TXT record `_leadreel.<domain>` that proves it is the account's. */
  token: string;
  status: Generated<DomainStatus>;
  /** Pages are served on it now. */
  active: Generated<boolean>;
  /** A reset: the domain this one replaces once verified. */
  replaces_id: string | null;
  folder_id: string | null;
  favicon: string | null;
  fail_reason: string | null;
  /** Checks made since the last change of state, for the backoff. */
  attempts: Generated<number>;
  /** When a verifying domain stops being re-checked and fails (DOMAIN_VERIFY_HOURS after it was added). */
  verify_until: Date | null;
  next_check_at: Date | null;
  checked_at: Date | null;
  verified_at: Date | null;
  created_at: CreatedAt;
}

/** The look of the pages on one of the account's domains (modules/brands; docs/product.md "Brands"). */
export interface BrandTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  /** Stored images, by the name the brand module gave them. */
  logo: string | null;
  favicon: string | null;
  page_background_color: string;
  button_color: string;
  button_font_color: string;
  domain_id: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** A site (the console contract's "Site/channel"; modules/sites): the pages of the account's videos under a brand. */
export interface SiteTable {
  id: Generated<string>;
  account_id: string;
  /** Null once the brand is deleted: the site stays at its /sites/ address, without a brand's look or domain. */
  brand_id: string | null;
  name: string;
  description: Generated<string>;
  banner: string | null;
  picture: string | null;
  contact: JsonColumn<SiteContact>;
  home: JsonColumn<SiteHome>;
  sitemap: JsonColumn<SiteSitemap>;
  navigation: JsonColumn<NavigationLink[]>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** A category page of a site: its videos, the account's own, in the order it shows them. */
export interface SiteCategoryTable {
  id: Generated<string>;
  account_id: string;
  site_id: string;
  name: string;
  description: Generated<string>;
  visible: Generated<boolean>;
  position: number;
  video_ids: Generated<string[]>;
  created_at: CreatedAt;
}

/** An album (the console contract's "Video slide"; modules/albums): the account's own videos, in the order it plays them. */
export interface AlbumTable {
  id: Generated<string>;
  account_id: string;
  title: string;
  /** Ids of the account's videos; one deleted since stays here and is left out of every answer. */
  video_ids: Generated<string[]>;
  /** One of video_ids, whose thumbnail is the cover; null for the first video's. */
  cover_video_id: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** A blog-to-video project (modules/blog): a script of scenes made from an article, and its settings. */
export interface BlogProjectTable {
  id: Generated<string>;
  account_id: string;
  title: string;
  source_url: string | null;
  description: Generated<string>;
  lang: string;
  status: Generated<ProjectStatus>;
  revision: Generated<number>;
  settings: JsonColumn<ProjectSettings>;
  article_images: JsonColumn<StoredArticleImage[]>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** One of an article's images as stored with its project: `index` is what scenes name it by. */
export type StoredArticleImage = { index: number; key: string; contentType: string };
/** A scene's picture as stored: a material of the library, or one of the project's article images. */
export type StoredSceneMedia = { source: 'material'; materialId: string } | { source: 'article'; index: number };

/** A scene of a blog-to-video project, in its place in the script. */
export interface BlogSceneTable {
  id: Generated<string>;
  project_id: string;
  position: number;
  text: string;
  media: JsonColumn<StoredSceneMedia> | null;
  voice_material_id: string | null;
  /** The folder (a prefix ending in "/") of the scene's generated voice, deleted when its text changes. */
  voice_key: string | null;
  voice_hash: string | null;
  voice_duration: number | null;
}

/** One export (a version) of a blog-to-video project into a video, and its credits. */
export interface BlogExportTable {
  id: Generated<string>;
  project_id: string;
  account_id: string;
  version: number;
  status: Generated<ExportStatus>;
  progress: Generated<number>;
  credits: number;
  refunded: Generated<number>;
  video_id: string | null;
  duration: number | null;
  error_code: string | null;
  error_detail: string | null;
  attempts: Generated<number>;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
}

/** A speech task (modules/speech): subtitles from speech, a translation or a dub, and its credits. */
export interface SpeechTaskTable {
  id: Generated<string>;
  account_id: string;
  video_id: string;
  kind: SpeechTaskKind;
  source_lang: string;
  target_langs: Generated<string[]>;
  done_langs: Generated<string[]>;
  status: Generated<SpeechTaskStatus>;
  progress: Generated<number>;
  engine: string;
  minutes: number;
  credits: number;
  refunded: Generated<number>;
  run: Generated<number>;
  attempts: Generated<number>;
  error_code: string | null;
  error_detail: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  finished_at: Date | null;
}

/** A dubbed language of a video: an HLS audio rendition beside the original's. */
export interface VideoDubTable {
  video_id: string;
  lang: string;
  label: string;
  generation: number;
  prefix: string;
  bytes: ColumnType<string, number | string, number | string>;
  created_at: CreatedAt;
}

/** A material of the library (modules/materials): an uploaded or stock picture, sound or clip. */
export interface MaterialTable {
  id: Generated<string>;
  account_id: string;
  kind: MaterialKind;
  name: string;
  size: ColumnType<string, number | string, number | string>;
  status: Generated<MaterialStatus>;
  fail_reason: string | null;
  source_key: string;
  upload_id: string | null;
  part_size: number;
  media_prefix: string | null;
  duration: number | null;
  width: number | null;
  height: number | null;
  has_cover: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface ServerSecretTable {
  name: string;
  secret: Buffer;
  created_at: CreatedAt;
}

export interface Database {
  server_secret: ServerSecretTable;
  video: VideoTable;
  video_setting: VideoSettingTable;
  contact_click: ContactClickTable;
  embed_config: EmbedConfigTable;
  subtitle: SubtitleTable;
  lead: LeadTable;
  lead_mail_window: LeadMailWindowTable;
  webhook_endpoint: WebhookEndpointTable;
  webhook_delivery: WebhookDeliveryTable;
  account: AccountTable;
  folder: FolderTable;
  session: SessionTable;
  verification_code: VerificationCodeTable;
  rate_limit: RateLimitTable;
  auth_throttle: AuthThrottleTable;
  credit_entry: CreditEntryTable;
  admin_action: AdminActionTable;
  payment_order: PaymentOrderTable;
  invoice: InvoiceTable;
  billing_detail: BillingDetailTable;
  payment_event: PaymentEventTable;
  plan_notice: PlanNoticeTable;
  subscription: SubscriptionTable;
  account_export: AccountExportTable;
  api_key: ApiKeyTable;
  account_deletion: AccountDeletionTable;
  commission: CommissionTable;
  affiliate_payout: AffiliatePayoutTable;
  api_idempotency: ApiIdempotencyTable;
  custom_domain: CustomDomainTable;
  brand: BrandTable;
  site: SiteTable;
  site_category: SiteCategoryTable;
  album: AlbumTable;
  blog_project: BlogProjectTable;
  blog_scene: BlogSceneTable;
  blog_export: BlogExportTable;
  speech_task: SpeechTaskTable;
  video_dub: VideoDubTable;
  material: MaterialTable;
}
