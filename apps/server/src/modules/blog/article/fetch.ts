import { type AppError, badGateway, badRequest, unprocessable } from '../../../errors.ts';
import type { AddressPolicy } from '../../../lib/outbound/address-policy.ts';
import { OutboundRequestError, type Resolve, safeGet } from '../../../lib/outbound/safe-fetch.ts';
import { type Article, decodeHtml, extractArticle } from './extract.ts';

/** The largest page, and the largest image of it, fetched (docs/product.md "Blog-to-video": sources). */
export const ARTICLE_BYTES_MAX = 5 * 1024 * 1024;
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
/** Who is asking, so a site's owner can tell LeadReel's fetch from a browser. */
const USER_AGENT = 'LeadReel-BlogToVideo/1.0';

export type ArticleSource = {
  /** Which resolved addresses may be fetched (ARTICLE_FETCH_ALLOW_PRIVATE_TARGETS picks it). */
  policy: AddressPolicy;
  resolve?: Resolve;
  /** ARTICLE_FETCH_TIMEOUT_SECONDS, for the page and for each image. */
  timeoutMs: number;
};

/** The address a user typed as one a fetch may start from: http(s), no credentials, a host. */
export function articleUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest('blog_url_invalid', 'url');
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || !url.hostname) {
    throw badRequest('blog_url_invalid', 'url');
  }
  return url;
}

/** What a refused or failed fetch of the page tells the user. */
function fetchRefusal(error: OutboundRequestError): AppError {
  switch (error.code) {
    case 'blocked_address':
      return badRequest('blog_url_blocked', 'url');
    case 'timeout':
      return badGateway('blog_fetch_timeout');
    case 'too_large':
      return unprocessable('blog_page_too_large', 'url');
    default:
      return badGateway('blog_fetch_failed');
  }
}

/** The page's media type without its parameters, lower-case. */
const mediaType = (contentType: string) => (contentType.split(';')[0] ?? '').trim().toLowerCase();

/**
 * A blog post's article: the page fetched through the SSRF guard (public addresses only unless the
 * configuration allows private ones, every redirect checked, at most 5 MB read, one time limit), decoded
 * and extracted. Refusals are the blog_* errors the console translates.
 */
export async function fetchArticle(address: string, source: ArticleSource): Promise<Article & { finalUrl: string }> {
  const url = articleUrl(address);
  let answer: Awaited<ReturnType<typeof safeGet>>;
  try {
    answer = await safeGet(url.toString(), {
      policy: source.policy,
      resolve: source.resolve,
      timeoutMs: source.timeoutMs,
      maxBytes: ARTICLE_BYTES_MAX,
      accept: 'text/html,application/xhtml+xml;q=0.9',
      headers: { 'user-agent': USER_AGENT },
    });
  } catch (caught) {
    if (caught instanceof OutboundRequestError) throw fetchRefusal(caught);
    throw caught;
  }
  if (!HTML_TYPES.has(mediaType(answer.contentType))) throw unprocessable('blog_not_html', 'url');
  const article = extractArticle(decodeHtml(answer.body, answer.contentType), answer.finalUrl);
  if (!article) throw unprocessable('blog_no_article', 'url');
  return { ...article, finalUrl: answer.finalUrl };
}

/** An image's type by its first bytes (never the server's word): JPEG, PNG, GIF or WebP; null for anything else. */
export function imageTypeOf(bytes: Buffer): string | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a') {
    return 'image/gif';
  }
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

/**
 * One of the article's images, through the same guard, at most 5 MB; null when it cannot be had or is not
 * an image by its bytes (an SVG, which can carry script, is not kept).
 */
export async function fetchImage(
  address: string,
  source: ArticleSource,
): Promise<{ body: Buffer; contentType: string } | null> {
  try {
    const answer = await safeGet(address, {
      policy: source.policy,
      resolve: source.resolve,
      timeoutMs: source.timeoutMs,
      maxBytes: ARTICLE_BYTES_MAX,
      accept: 'image/webp,image/png,image/jpeg,image/gif;q=0.9',
      headers: { 'user-agent': USER_AGENT },
    });
    const contentType = imageTypeOf(answer.body);
    return contentType ? { body: answer.body, contentType } : null;
  } catch (caught) {
    if (caught instanceof OutboundRequestError) return null;
    throw caught;
  }
}
