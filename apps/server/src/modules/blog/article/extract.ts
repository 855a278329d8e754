import { isStorableText } from '@leadreel/shared/text';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { type ArticleBlock, mostlyCjk, squeeze } from './scenes.ts';

/** What a blog post's page gives a project (docs/product.md "Blog-to-video": sources). */
export type Article = {
  title: string;
  description: string;
  /** BCP 47: the page's `<html lang>`, else 'zh' for a mostly Chinese text, else 'en'. */
  lang: string;
  blocks: ArticleBlock[];
  /** Absolute http(s) addresses: the article's own pictures in order, then its og:image; at most ARTICLE_IMAGES_MAX. */
  images: string[];
};

/** Below this many characters of text, a page has no article worth a video. */
export const ARTICLE_TEXT_MIN = 200;
export const ARTICLE_IMAGES_MAX = 12;
/** Where a page may say its charset: within its first bytes (the HTML standard's prescan looks at 1024). */
const PRESCAN_BYTES = 1024;

/** Text as it can be stored: no NUL, no lone surrogate (they would be refused by PostgreSQL or garbled). */
export const storable = (text: string) => {
  const clean = text.replaceAll('\u0000', '').toWellFormed();
  return isStorableText(clean) ? clean : '';
};

function decoderFor(label: string | undefined) {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim().replace(/^["']|["']$/g, ''));
  } catch {
    return null;
  }
}

/**
 * The page's text: in the charset its Content-Type names, else the one its first bytes declare (`<meta
 * charset>` or `http-equiv`), else UTF-8 (https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding).
 * A byte order mark wins over both, as the standard says.
 */
export function decodeHtml(body: Buffer, contentType: string): string {
  const bom =
    body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf
      ? 'utf-8'
      : body[0] === 0xfe && body[1] === 0xff
        ? 'utf-16be'
        : body[0] === 0xff && body[1] === 0xfe
          ? 'utf-16le'
          : undefined;
  const header = /charset\s*=\s*([^;\s]+)/i.exec(contentType)?.[1];
  const head = body.subarray(0, PRESCAN_BYTES).toString('latin1');
  const meta =
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1] ??
    /<meta[^>]+content\s*=\s*["'][^"']*charset=([\w.:-]+)/i.exec(head)?.[1];
  const decoder = decoderFor(bom) ?? decoderFor(header) ?? decoderFor(meta) ?? new TextDecoder('utf-8');
  return storable(decoder.decode(body));
}

/** A language tag as pages write it ("en-US", "zh_CN"), or null when it is not one. */
function languageTag(value: string | null | undefined) {
  const tag = (value ?? '').trim().replace(/_/g, '-');
  return /^[a-z]{2,3}(-[a-z0-9]{1,8}){0,3}$/i.test(tag) && tag.length <= 35 ? tag : null;
}

/** An address on the page made absolute against the page's own (or its `<base>`); null unless http(s). */
function absolute(address: string | null | undefined, base: string): string | null {
  if (!address || address.startsWith('data:')) return null;
  try {
    const url = new URL(address.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

const BLOCKS = 'h1,h2,h3,h4,h5,h6,p,li,blockquote,pre,figcaption,td';
const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

type Node = { tagName: string; textContent: string | null; parentElement: Node | null };

/** The article's paragraphs and headings in order; a block inside another (a paragraph in a list item) counts once. */
function blocksOf(content: { querySelectorAll: (selector: string) => Iterable<Node> }, text: string): ArticleBlock[] {
  const found = [...content.querySelectorAll(BLOCKS)];
  const chosen = new Set(found);
  const blocks = found
    .filter((element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (chosen.has(parent)) return false;
      }
      return true;
    })
    .map(
      (element): ArticleBlock => ({
        kind: HEADINGS.has(element.tagName.toUpperCase()) ? 'heading' : 'paragraph',
        text: storable(squeeze(element.textContent ?? '')),
      }),
    )
    .filter((block) => block.text !== '');
  if (blocks.length > 0) return blocks;
  // An article of bare text (no paragraphs marked up): its lines are its paragraphs.
  return text
    .split(/\n+/)
    .map((line) => storable(squeeze(line)))
    .filter((line) => line !== '')
    .map((line) => ({ kind: 'paragraph', text: line }));
}

/**
 * The article in a page, found by Mozilla's Readability (Firefox's reader view) over linkedom; null when
 * there is none, or less than ARTICLE_TEXT_MIN characters of it.
 */
export function extractArticle(html: string, pageUrl: string): Article | null {
  const { document } = parseHTML(html);
  // Read before Readability, which takes the document apart as it works.
  const base = absolute(document.querySelector('base[href]')?.getAttribute('href'), pageUrl) ?? pageUrl;
  const meta = (selector: string) => document.querySelector(selector)?.getAttribute('content')?.trim() || '';
  const description = meta('meta[name="description"]') || meta('meta[property="og:description"]');
  const ogImage = absolute(meta('meta[property="og:image"]') || meta('meta[name="twitter:image"]'), base);
  const htmlLang = languageTag(document.documentElement?.getAttribute('lang'));

  let parsed: ReturnType<Readability<string>['parse']>;
  try {
    parsed = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
      charThreshold: ARTICLE_TEXT_MIN,
    }).parse();
  } catch {
    return null;
  }
  const text = storable(parsed?.textContent ?? '');
  if (!parsed || squeeze(text).length < ARTICLE_TEXT_MIN) return null;

  const { document: content } = parseHTML(`<!doctype html><html><body>${parsed.content ?? ''}</body></html>`);
  const blocks = blocksOf(content as never, text);
  const pictures = [...content.querySelectorAll('img')].map((image) =>
    absolute(image.getAttribute('src') || image.getAttribute('data-src'), base),
  );
  const images = [...new Set([...pictures, ogImage].filter((url): url is string => url !== null))].slice(
    0,
    ARTICLE_IMAGES_MAX,
  );
  const title = storable(squeeze(parsed.title || document.title || ''));
  return {
    title,
    description: storable(squeeze(description || parsed.excerpt || '')),
    lang: htmlLang ?? (mostlyCjk(text) ? 'zh' : 'en'),
    blocks: withoutTitle(blocks, title),
    images,
  };
}

/** Letters and digits only, lower-case: how a heading and a title are compared. */
const bare = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The article without a first heading that repeats its title: the title is the project's, not a scene.
 * Readability drops such a heading by comparing words, which a Chinese title, written without spaces, does
 * not have; so the comparison is made here again on the letters alone.
 */
function withoutTitle(blocks: ArticleBlock[], title: string): ArticleBlock[] {
  const first = blocks[0];
  if (first?.kind !== 'heading' || !title) return blocks;
  const heading = bare(first.text);
  const named = bare(title);
  // A title often adds the site's name after the heading's words ("Our new pump - Acme blog").
  const repeats = named === heading || (heading.length >= 8 && named.startsWith(heading));
  return repeats ? blocks.slice(1) : blocks;
}
