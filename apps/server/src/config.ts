import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { normaliseDomain, PLAN_TYPES } from '@leadreel/shared';
import { z } from 'zod';
import {
  type Catalogue,
  CatalogueError,
  DEFAULT_CATALOGUE_FILE,
  readCatalogue,
} from './modules/entitlements/catalogue.ts';

const bool = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** Names proxy-addr knows for the usual private ranges, next to plain addresses and CIDR networks. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * `false`/`0`: trust no proxy. A whole number: that many proxies in front (`true` is read as one, the usual
 * single load balancer). Otherwise a comma-separated list of proxy addresses, CIDR networks or the names
 * loopback, linklocal, uniquelocal. The result is what Fastify's `trustProxy` takes.
 */
const trustProxy = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 10) return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length === 0) return entries;
  context.addIssue({
    code: 'custom',
    message: `expected false, a hop count (1 to 10), or proxy addresses and networks; not understood: ${wrong.join(', ')}`,
  });
  return z.NEVER;
});

/** `ip` or `ip:port` (`[v6]:port` for IPv6 with a port), as `Resolver.setServers` takes them. */
function isDnsServer(entry: string): boolean {
  if (isIP(entry) !== 0) return true;
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|(\d{1,3}(?:\.\d{1,3}){3})):(\d{1,5})$/.exec(entry);
  if (!match) return false;
  const address = match[1] ?? match[2] ?? '';
  return isIP(address) === (match[1] ? 6 : 4) && Number(match[3]) >= 1 && Number(match[3]) <= 65535;
}

/** Comma-separated DNS servers; empty means the system's resolvers. */
const dnsServers = z.string().transform((value, context): string[] => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isDnsServer(entry));
  if (wrong.length === 0) return entries;
  context.addIssue({
    code: 'custom',
    message: `expected ip or ip:port, comma-separated; not understood: ${wrong.join(', ')}`,
  });
  return z.NEVER;
});

/** A host name customers' CNAME records can point to: lowercase, no scheme, port or trailing dot. */
const hostName = z.string().transform((value, context) => {
  const result = normaliseDomain(value);
  if ('domain' in result) return result.domain;
  context.addIssue({ code: 'custom', message: 'expected a host name such as videos.example.com' });
  return z.NEVER;
});

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional());

/** A comma-separated list of BCP 47 language tags (en, zh, pt-BR), as subtitle tracks carry them. */
const languageList = z.string().transform((value, context): string[] => {
  const tags = value
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  const wrong = tags.filter((tag) => !/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2}$/.test(tag));
  if (wrong.length === 0 && tags.length > 0) return tags;
  context.addIssue({
    code: 'custom',
    message: `expected language tags such as en,zh,pt-BR, comma-separated; not understood: ${wrong.join(', ') || '(none)'}`,
  });
  return z.NEVER;
});

/** What an HTTP speech engine is offered for when its list is not set: the console's languages, which Whisper and GPT models know. */
const HTTP_ENGINE_LANGUAGES = 'en,zh,es,fr,de,ja,ko,pt,ru,ar,hi,it,nl,tr,vi,th,id';

const optionalEmail = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.email().optional());

/**
 * Every environment variable LeadReel reads, parsed once at boot. README's configuration table lists each
 * with its default (config.test.ts holds them together).
 */
export const configSchema = z.object({
  /** HTTP port of the console, API and public pages. */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Address to bind; 0.0.0.0 serves the network, 127.0.0.1 only this machine. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Public origin used in links of emails and pages; defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalUrl,
  /** Brand shown in titles and emails (the console contract title rule: "<page title> - {brand}"). */
  BRAND_NAME: z.string().min(1).max(60).default('LeadReel'),
  /** Where embedded PostgreSQL, local storage and the mail outbox live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** External PostgreSQL; when unset, an embedded PostgreSQL 18 is started under DATA_DIR/postgres. */
  DATABASE_URL: optionalUrl,
  /** A running media job reports it is alive this often; one silent for longer (its worker died) is retried. Min 10. */
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
  /** How often lost jobs are looked for. */
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Connections per process to PostgreSQL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** 0 serves HTTP only; the `worker` entry point runs workers without HTTP. */
  WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  /** Where uploads and media live: `local` files under DATA_DIR/storage, or an S3-compatible bucket (`s3`). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** S3 endpoint (MinIO, R2, ...); unset for AWS itself. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style bucket URLs (MinIO and most self-hosted servers need it). */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** An upload left incomplete this long is aborted and its quota given back: seconds, or 12h / 7d. */
  UPLOAD_TTL: z
    .string()
    .regex(/^\d+[smhd]?$/, 'a number of seconds, or a number followed by s, m, h or d')
    .default('7d'),
  /** Key of the local driver's signed part URLs; when unset one is made under DATA_DIR/storage. */
  STORAGE_SIGNING_SECRET: z.string().min(16).optional(),
  /** Real SMTP (smtp://user:pass@host:587 or smtps://...); when unset, mail is written to DATA_DIR/mail as .eml. */
  SMTP_URL: optionalUrl,
  /** Sender of every email. */
  MAIL_FROM: z.string().min(3).default('LeadReel <no-reply@localhost>'),
  /** Link of the customer community chat (the console contract community dialog); its QR code is shown after the guide. */
  COMMUNITY_URL: optionalUrl,
  /** Where users write for help (the storage-limit dialog's "contact support"); unset hides that way out. */
  SUPPORT_EMAIL: optionalEmail,
  /** The seller's legal name on invoices; defaults to BRAND_NAME. */
  SELLER_NAME: z.string().min(1).max(200).optional(),
  /** The seller's postal address on invoices; `\n` starts a new line (an environment variable is one line). */
  SELLER_ADDRESS: z.string().max(500).optional(),
  /** The seller's tax ID on invoices (VAT or GST number, or a Chinese unified social credit code); unset prints none. */
  SELLER_TAX_ID: z.string().max(64).optional(),
  /** The seller's contact address on invoices; defaults to SUPPORT_EMAIL, unset prints none. */
  SELLER_EMAIL: optionalEmail,
  /** Google sign-in: when unset, /api/auth/login/google answers 404 and the console hides the button. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  /** Google's signing keys. */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** A session ends after this many days without a request. */
  SESSION_IDLE_DAYS: z.coerce.number().min(0.001).max(365).default(30),
  /** A session ends this many days after sign-in, however active. */
  SESSION_MAX_DAYS: z.coerce.number().min(0.001).max(3650).default(90),
  /** Days between a request to delete an account and the deletion of its data; signing in before then cancels. */
  ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().min(0).max(365).default(14),
  /** Per-IP budget of auth requests a minute (login, codes, resets). */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(30),
  /** Requests a minute each API key may make to the public API (Wistia's figure: 600). */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(600),
  /**
   * How long a client may take to send a request's headers (slow-loris), in ms. Node's default is 60 s;
   * a real client sends them in one packet.
   */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /**
   * How long a client may take to send a whole request, body included, in ms. Upload parts go through the
   * server with local storage (32 MiB, at most 64): 300 s carries a 32 MiB part at about 1 Mbit/s.
   */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
  /**
   * How long an idle keep-alive connection is kept open, in ms. Behind a load balancer that reuses
   * connections, set it above the balancer's idle timeout (AWS ALB: 60 s, so 65000).
   */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /**
   * Which proxies in front may say who the client is, in X-Forwarded-For: a hop count (`1` for one load
   * balancer on a private network), or the proxies' addresses and networks. Never every hop: the left-most
   * entries are the client's own words, and per-address limits would key on whatever it wrote
   * (docs/operations.md, "Behind a proxy").
   */
  TRUST_PROXY: trustProxy.default(false),
  /**
   * Let webhooks reach loopback and private addresses (tests, or a receiver on your own network). Off by
   * default: deliveries then go to public addresses only. Metadata services and link-local stay refused.
   */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool.default(false),
  /**
   * For tests only: let blog-to-video fetch articles and their images from loopback and private addresses.
   * Off, only public addresses are fetched; metadata services and link-local stay refused either way
   * (docs/product.md "Blog-to-video").
   */
  ARTICLE_FETCH_ALLOW_PRIVATE_TARGETS: bool.default(false),
  /** How long fetching a blog post's page may take, redirects and body included; each of its images as long. */
  ARTICLE_FETCH_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(15),
  /**
   * The host customers point their custom domains' CNAME records to (docs/product.md "Custom domains");
   * defaults to PUBLIC_URL's host name. Caddy must serve it, and asks LeadReel's /tls/ask on loopback before it gets a certificate for any other name (deploy/Caddyfile).
   */
  CUSTOM_DOMAIN_TARGET: hostName.optional(),
  /** DNS servers that verify custom domains, comma-separated `ip` or `ip:port`; unset, the system's resolvers. */
  DNS_SERVERS: dnsServers.default([]),
  /** How long one DNS lookup of a custom domain's check may take, in ms, before it counts as no answer. */
  DNS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
  /** What LeadReel sells: plans, prices, credit packages, period lengths (a JSON file, checked at boot). */
  CATALOGUE_FILE: z.string().min(1).default(DEFAULT_CATALOGUE_FILE),
  /**
   * The plan every new account starts on, with no end: Free, or a paid plan for a company that hosts
   * LeadReel for itself.
   */
  DEFAULT_PLAN: z.enum(PLAN_TYPES).default('Free'),
  /**
   * Card payments through Stripe Checkout: the secret key (sk_live_... or sk_test_...). When
   * unset, cards go to the sandbox's checkout page, where no money moves.
   */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The signing secret (whsec_...) of the webhook endpoint at <PUBLIC_URL>/pay/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The publishable key (pk_...), handed to the console. */
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Another address for Stripe's API (a proxy, or a test's fake Stripe). */
  STRIPE_API_URL: optionalUrl,
  /**
   * WeChat Pay (API v3, Native QR): the merchant id, the app id it pays for, the serial of the merchant's
   * API certificate, its private key (PEM file), the APIv3 key (32 characters) and WeChat Pay's public key
   * (PEM file). All or none; with them WeChat Pay notifies <PUBLIC_URL>/pay/wechat/notify.
   */
  WECHAT_MCH_ID: z.string().min(1).optional(),
  WECHAT_APP_ID: z.string().min(1).optional(),
  WECHAT_MCH_SERIAL: z.string().min(1).optional(),
  WECHAT_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  WECHAT_API_V3_KEY: z.string().length(32).optional(),
  WECHAT_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  WECHAT_API_URL: z.url().default('https://api.mch.weixin.qq.com'),
  /**
   * Alipay (face-to-face precreate QR, RSA2): the app id, the app's private key and Alipay's public key
   * (PEM files). All or none; with them Alipay notifies <PUBLIC_URL>/pay/alipay/notify.
   */
  ALIPAY_APP_ID: z.string().min(1).optional(),
  ALIPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  /**
   * A challenge viewers pass before their inquiry is taken: Cloudflare Turnstile or hCaptcha, with the
   * site key the player's widget shows and the secret key the server checks its answer with. Unset, the
   * form asks for none.
   */
  CAPTCHA_PROVIDER: z.enum(['turnstile', 'hcaptcha']).optional(),
  CAPTCHA_SITE_KEY: z.string().min(1).optional(),
  CAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  /** Another address for the provider's siteverify (a proxy, or a test's fake provider). */
  CAPTCHA_VERIFY_URL: optionalUrl,
  /** Another address for the provider's widget script (a test's fake provider, or a proxy of your own). */
  CAPTCHA_SCRIPT_URL: optionalUrl,
  /**
   * A PostgreSQL of its own for the analytics tables, so that heavy ingest never competes with
   * the application's database; the application's own when unset.
   */
  ANALYTICS_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')
    .optional(),
  /**
   * A MaxMind database file (GeoLite2-Country or GeoIP2, .mmdb) for the viewers' countries in analytics;
   * without one, countries are not recorded. None is bundled.
   */
  GEOIP_DB: z.string().min(1).optional(),
  /** Days raw viewing events are kept (13 months by default); older days are dropped whole. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(396),
  /**
   * Speech to text (subtitles from a video's speech): an OpenAI-compatible server's base URL
   * (POST /v1/audio/transcriptions: OpenAI, faster-whisper-server, LocalAI...). Unset, pocketsphinx
   * hears English on this machine. The key goes as a Bearer token; the model and languages are what it is
   * asked for and offered for.
   */
  SPEECH_TO_TEXT_URL: optionalUrl,
  SPEECH_TO_TEXT_API_KEY: z.string().min(1).optional(),
  SPEECH_TO_TEXT_MODEL: z.string().min(1).default('whisper-1'),
  SPEECH_TO_TEXT_LANGUAGES: languageList.default(languageList.parse(HTTP_ENGINE_LANGUAGES)),
  /**
   * Translation of subtitles: a LibreTranslate server (`libretranslate`, its languages as it lists them) or
   * an OpenAI-compatible chat model (`openai`, between every two of TRANSLATE_LANGUAGES). Unset, apertium
   * translates the pairs installed on this machine.
   */
  TRANSLATE_URL: optionalUrl,
  TRANSLATE_PROTOCOL: z.enum(['libretranslate', 'openai']).default('libretranslate'),
  TRANSLATE_API_KEY: z.string().min(1).optional(),
  TRANSLATE_MODEL: z.string().min(1).default('gpt-4o-mini'),
  TRANSLATE_LANGUAGES: languageList.default(languageList.parse(HTTP_ENGINE_LANGUAGES)),
  /**
   * Text to speech (dubbing): an OpenAI-compatible server's base URL (POST /v1/audio/speech), with its
   * model, voice and the languages it is offered for. Unset, flite speaks English and espeak-ng the rest.
   */
  TEXT_TO_SPEECH_URL: optionalUrl,
  TEXT_TO_SPEECH_API_KEY: z.string().min(1).optional(),
  TEXT_TO_SPEECH_MODEL: z.string().min(1).default('tts-1'),
  TEXT_TO_SPEECH_VOICE: z.string().min(1).default('alloy'),
  TEXT_TO_SPEECH_LANGUAGES: languageList.default(languageList.parse(HTTP_ENGINE_LANGUAGES)),
  /** "AI optimise" of subtitles by an OpenAI-compatible chat model; unset, by rules on this machine. */
  TEXT_TASKS_URL: optionalUrl,
  TEXT_TASKS_API_KEY: z.string().min(1).optional(),
  TEXT_TASKS_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** How long one request to an HTTP speech engine, or one run of a local one, may take. */
  SPEECH_ENGINE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** How many times a request that timed out, failed to connect, or got a 429 or 5xx is tried again. */
  SPEECH_ENGINE_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  /**
   * Where the materials library's "online" search finds pictures and clips: `pexels` with PEXELS_API_KEY
   * (https://www.pexels.com/api/documentation/), or `none` (the picker offers the library only).
   */
  STOCK_MEDIA_PROVIDER: z.enum(['none', 'pexels']).default('none'),
  PEXELS_API_KEY: z.string().min(1).optional(),
  PEXELS_API_URL: z.url().default('https://api.pexels.com'),
  /** Folder of the built console; the server serves it at /. */
  WEB_DIST: z
    .string()
    .min(1)
    .default(path.resolve(import.meta.dirname, '../../web/dist')),
  /** pino level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
});

export type Config = z.infer<typeof configSchema> & {
  publicUrl: string;
  dataDir: string;
  uploadTtlMs: number;
  catalogue: Catalogue;
  seller: Seller;
  /** CUSTOM_DOMAIN_TARGET, or PUBLIC_URL's host name. */
  customDomainTarget: string;
};

/** Who sells, as its invoices name it (the SELLER_ settings with their defaults). */
export type Seller = { name: string; address: string; taxId: string | null; email: string | null };

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `7d`, `12h`, `90m`, `30s` or plain seconds, in milliseconds. */
export function parseDuration(value: string): number {
  const unit = /[smhd]$/.test(value) ? (value.slice(-1) as keyof typeof UNIT_MS) : 's';
  return Number.parseInt(value, 10) * UNIT_MS[unit];
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** Parses the environment, collecting every problem rather than stopping at the first. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const result = configSchema.safeParse(known);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const config = result.data;
  const problems: string[] = [];
  if (config.SESSION_MAX_DAYS < config.SESSION_IDLE_DAYS) {
    problems.push('SESSION_MAX_DAYS: must be at least SESSION_IDLE_DAYS');
  }
  if (config.HTTP_REQUEST_TIMEOUT_MS < config.HTTP_HEADERS_TIMEOUT_MS) {
    problems.push('HTTP_REQUEST_TIMEOUT_MS: must be at least HTTP_HEADERS_TIMEOUT_MS');
  }
  if (config.STORAGE === 's3') {
    for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!config[key]) problems.push(`${key}: required when STORAGE=s3`);
    }
  }
  if (config.STOCK_MEDIA_PROVIDER === 'pexels' && !config.PEXELS_API_KEY) {
    problems.push('PEXELS_API_KEY: required when STOCK_MEDIA_PROVIDER=pexels');
  }
  // A key without its webhook secret would take money and never hear that it was paid.
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY');
  }
  if (config.CAPTCHA_PROVIDER) {
    for (const key of ['CAPTCHA_SITE_KEY', 'CAPTCHA_SECRET_KEY'] as const) {
      if (!config[key]) problems.push(`${key}: required with CAPTCHA_PROVIDER`);
    }
  }
  problems.push(...providerProblems(config));
  let catalogue: Catalogue | undefined;
  try {
    catalogue = readCatalogue(config.CATALOGUE_FILE);
  } catch (error) {
    if (!(error instanceof CatalogueError)) throw error;
    problems.push(...error.problems.map((problem) => `CATALOGUE_FILE: ${problem}`));
  }
  if (problems.length > 0 || !catalogue) throw new ConfigError(problems);
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  return {
    ...config,
    catalogue,
    dataDir: path.resolve(config.DATA_DIR),
    uploadTtlMs: parseDuration(config.UPLOAD_TTL),
    seller: {
      name: config.SELLER_NAME ?? config.BRAND_NAME,
      address: (config.SELLER_ADDRESS ?? '').replaceAll('\\n', '\n').trim(),
      taxId: config.SELLER_TAX_ID ?? null,
      email: config.SELLER_EMAIL ?? config.SUPPORT_EMAIL ?? null,
    },
    publicUrl,
    customDomainTarget: config.CUSTOM_DOMAIN_TARGET ?? new URL(publicUrl).hostname,
  };
}

const WECHAT_KEYS = [
  'WECHAT_MCH_ID',
  'WECHAT_APP_ID',
  'WECHAT_MCH_SERIAL',
  'WECHAT_PRIVATE_KEY_FILE',
  'WECHAT_API_V3_KEY',
  'WECHAT_PUBLIC_KEY_FILE',
] as const;
const ALIPAY_KEYS = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE'] as const;

/** A provider's settings are all given or none, its key files are keys, and it needs a public address. */
function providerProblems(config: z.infer<typeof configSchema>): string[] {
  const problems: string[] = [];
  for (const [name, keys] of [
    ['WeChat Pay', WECHAT_KEYS],
    ['Alipay', ALIPAY_KEYS],
  ] as const) {
    const given = keys.filter((key) => config[key] !== undefined);
    if (given.length === 0) continue;
    for (const key of keys) if (config[key] === undefined) problems.push(`${key}: required for ${name}`);
    if (!config.PUBLIC_URL) problems.push(`PUBLIC_URL: required for ${name}, which notifies it`);
  }
  const keyFile = (key: (typeof WECHAT_KEYS)[number] | (typeof ALIPAY_KEYS)[number], kind: 'private' | 'public') => {
    const file = config[key];
    if (!file) return;
    try {
      const pem = readFileSync(file);
      if (kind === 'private') createPrivateKey(pem);
      else createPublicKey(pem);
    } catch (error) {
      problems.push(`${key}: not a readable PEM ${kind} key (${(error as Error).message})`);
    }
  };
  keyFile('WECHAT_PRIVATE_KEY_FILE', 'private');
  keyFile('WECHAT_PUBLIC_KEY_FILE', 'public');
  keyFile('ALIPAY_PRIVATE_KEY_FILE', 'private');
  keyFile('ALIPAY_PUBLIC_KEY_FILE', 'public');
  return problems;
}
