import { ARTICLE_TEXT_MAX, PROJECT_TITLE_MAX, type ProjectCreateBody } from '@leadreel/shared';
import { unprocessable } from '../../../errors.ts';
import { storable } from './extract.ts';
import { type ArticleSource, fetchArticle } from './fetch.ts';
import {
  type ArticleBlock,
  blocksOfText,
  mostlyCjk,
  type SceneMode,
  scenesOf,
  sentencesOfBlocks,
  squeeze,
  titleOfText,
} from './scenes.ts';

/** Pasted text shorter than this (white space squeezed) makes no video. */
export const PASTED_TEXT_MIN = 20;
const DESCRIPTION_MAX = 1000;

/** What a new project is made of: its script, what it says about itself, and where its images are. */
export type Script = {
  title: string;
  description: string;
  lang: string;
  sourceUrl: string | null;
  scenes: string[];
  imageUrls: string[];
};

/** At most ARTICLE_TEXT_MAX characters of an article's blocks, as pasted text is: the rest would not fit 40 scenes. */
function within(blocks: ArticleBlock[], max = ARTICLE_TEXT_MAX): ArticleBlock[] {
  const kept: ArticleBlock[] = [];
  let length = 0;
  for (const block of blocks) {
    if (length + block.text.length > max) break;
    kept.push(block);
    length += block.text.length;
  }
  return kept;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * A new project's script from a blog post's address (fetched and extracted through the SSRF guard) or from
 * pasted text (docs/product.md "Blog-to-video": sources and scenes).
 */
export async function scriptOf(
  body: Pick<ProjectCreateBody, 'url' | 'text' | 'title' | 'sceneMode'>,
  source: ArticleSource,
): Promise<Script> {
  const mode: SceneMode = body.sceneMode;
  if (body.url) {
    const article = await fetchArticle(body.url, source);
    const scenes = scenesOf(sentencesOfBlocks(within(article.blocks)), mode);
    if (scenes.length === 0) throw unprocessable('blog_no_article', 'url');
    return {
      title: clip(body.title || article.title || new URL(article.finalUrl).hostname, PROJECT_TITLE_MAX),
      description: clip(article.description, DESCRIPTION_MAX),
      lang: article.lang,
      sourceUrl: body.url,
      scenes,
      imageUrls: article.images,
    };
  }
  const text = storable(body.text ?? '');
  if (squeeze(text).length < PASTED_TEXT_MIN) throw unprocessable('blog_text_too_short', 'text');
  const scenes = scenesOf(sentencesOfBlocks(blocksOfText(text)), mode);
  return {
    title: clip(body.title || titleOfText(text), PROJECT_TITLE_MAX),
    description: '',
    lang: mostlyCjk(text) ? 'zh' : 'en',
    sourceUrl: null,
    scenes,
    imageUrls: [],
  };
}
