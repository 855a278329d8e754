import { READING_WORDS_PER_MINUTE, SCENE_TEXT_MAX, SCENES_MAX } from '@leadreel/shared';

// How an article's text becomes a script of scenes, as pure functions (docs/product.md "Blog-to-video":
// scenes and reading time).

/** A piece of an article as extraction keeps it: a heading is a sentence of its own. */
export type ArticleBlock = { kind: 'heading' | 'paragraph'; text: string };
export type SceneMode = 'auto' | 'sentence';

/** Scenes a script is grouped into by default: "about 7 to 10" (fewer when there are fewer sentences). */
export const AUTO_SCENES_MIN = 7;
export const AUTO_SCENES_MAX = 10;
/** The shortest voice a scene gets, so a one-word scene is still seen. */
export const SCENE_SECONDS_MIN = 2;
/**
 * Chinese, Japanese and Korean characters read as words: 1.6 characters a word, so that 150 words a minute
 * is Mandarin read aloud at about 4 characters a second (240 a minute).
 */
export const CJK_CHARS_PER_WORD = 1.6;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
/** Sentence ends that need no space after them (Chinese and Japanese). */
const CJK_ENDS = new Set(['。', '！', '？', '；']);
const LATIN_ENDS = new Set(['.', '!', '?']);
/** What may close a sentence after its end mark: quotes and brackets. */
const CLOSERS = new Set(['"', "'", '”', '’', ')', ']', '」', '』', '）', '》', '】']);
/**
 * Words that end with a full stop without ending the sentence (English). Compared lower-case, without the
 * final stop: "e.g." is "e.g".
 */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'cf',
  'al',
  'approx',
  'inc',
  'ltd',
  'co',
  'corp',
  'no',
  'fig',
  'vol',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'u.s',
  'u.k',
  'a.m',
  'p.m',
]);

/** Runs of white space as one space, the ends trimmed. */
export const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Whether the full stop at `at` ends an abbreviation or an initial ("Dr.", "e.g.", "J. Smith") rather than a sentence. */
function isAbbreviation(text: string, at: number) {
  const word = /(\S+)$/.exec(text.slice(0, at))?.[1] ?? '';
  const bare = word.replace(/^[("'“‘[]+/, '').toLowerCase();
  if (ABBREVIATIONS.has(bare)) return true;
  // A single capital is an initial ("J. R. R. Tolkien"); a single lower-case letter, a list's "a." or "e.g" half.
  return /^\p{L}$/u.test(bare) && /^\p{Lu}$/u.test(word.slice(-1));
}

/**
 * One paragraph's sentences: cut after `.`, `!` or `?` followed by white space (an abbreviation's or an
 * initial's full stop, or one followed by a lower-case word, does not end it; a decimal point has no space
 * after it), and after `。！？；`, which need no space. Quotes and brackets closing a sentence stay with it.
 */
export function sentencesOf(paragraph: string): string[] {
  const text = squeeze(paragraph);
  const sentences: string[] = [];
  let start = 0;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at] as string;
    const cjk = CJK_ENDS.has(char);
    if (!cjk && !LATIN_ENDS.has(char)) continue;
    let end = at + 1;
    // "?!", "...": the run of marks ends the sentence together.
    while (end < text.length && (LATIN_ENDS.has(text[end] as string) || CJK_ENDS.has(text[end] as string))) end += 1;
    while (end < text.length && CLOSERS.has(text[end] as string)) end += 1;
    if (!cjk) {
      if (end < text.length && text[end] !== ' ') continue;
      const next = text[end + 1] ?? '';
      if (char === '.' && end === at + 1 && isAbbreviation(text, at)) continue;
      if (/^[\p{Ll}]$/u.test(next)) continue;
    }
    const sentence = text.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = end;
    at = end - 1;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/**
 * A sentence longer than `max` in pieces that fit: cut at the last comma, semicolon or colon in the second
 * half of the allowance, else at the last space, else (Chinese, Japanese) at the allowance itself.
 */
export function cutLongSentence(sentence: string, max = SCENE_TEXT_MAX): string[] {
  const pieces: string[] = [];
  let rest = sentence.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    let cut = -1;
    for (let at = max - 1; at >= max / 2; at -= 1) {
      if (/[,;:，、；：]/.test(window[at] as string)) {
        cut = at + 1;
        break;
      }
    }
    if (cut < 0) {
      const space = window.lastIndexOf(' ');
      cut = space > max / 4 ? space : max;
    }
    // Never split a surrogate pair: its halves are not text.
    if (/[\uD800-\uDBFF]/.test(rest[cut - 1] ?? '')) cut -= 1;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** Every sentence of the article in order, headings as sentences of their own, none longer than a scene holds. */
export function sentencesOfBlocks(blocks: readonly ArticleBlock[]): string[] {
  return blocks.flatMap((block) =>
    (block.kind === 'heading' ? [squeeze(block.text)] : sentencesOf(block.text))
      .filter((sentence) => sentence !== '')
      .flatMap((sentence) => cutLongSentence(sentence)),
  );
}

/** Two pieces of a script as one: a space between them, none after a Chinese or Japanese mark. */
export const joinSentences = (first: string, second: string) =>
  CJK_ENDS.has(first.slice(-1)) || /[\p{Script=Han}，、]$/u.test(first) ? `${first}${second}` : `${first} ${second}`;

const joinAll = (sentences: readonly string[]) => sentences.reduce((text, next) => joinSentences(text, next));

/** Groups of consecutive sentences with at most `capacity` characters each, filled in order. */
function pack(sentences: readonly string[], capacity: number): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const sentence of sentences) {
    const added = current.length === 0 ? sentence.length : length + 1 + sentence.length;
    if (current.length > 0 && added > capacity) {
      groups.push(current);
      current = [sentence];
      length = sentence.length;
    } else {
      current.push(sentence);
      length = added;
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * The scenes of `auto` mode: consecutive sentences grouped into about 7 to 10 scenes of even length (one
 * per sentence when there are 7 or fewer), more when 10 would hold more than SCENE_TEXT_MAX characters.
 */
function autoScenes(sentences: readonly string[]): string[] {
  if (sentences.length <= AUTO_SCENES_MIN) return [...sentences];
  const target = Math.min(AUTO_SCENES_MAX, Math.max(AUTO_SCENES_MIN, Math.ceil(sentences.length / 3)));
  // The smallest capacity that packs into `target` scenes, found by halving; never above a scene's limit.
  let low = Math.max(...sentences.map((sentence) => sentence.length));
  let high = SCENE_TEXT_MAX;
  if (pack(sentences, high).length <= target) {
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (pack(sentences, middle).length <= target) high = middle;
      else low = middle + 1;
    }
  }
  return pack(sentences, high).map(joinAll);
}

/**
 * At most SCENES_MAX scenes: the two neighbours that make the shortest scene together are merged, again and
 * again, while the merge still fits a scene. What still does not fit in SCENES_MAX scenes is left out at
 * the end (docs/product.md "Blog-to-video": summarise shortens it).
 */
export function capScenes(scenes: readonly string[], max = SCENES_MAX): string[] {
  const kept = [...scenes];
  while (kept.length > max) {
    let best = -1;
    let bestLength = Number.POSITIVE_INFINITY;
    for (let at = 0; at + 1 < kept.length; at += 1) {
      const length = joinSentences(kept[at] as string, kept[at + 1] as string).length;
      if (length <= SCENE_TEXT_MAX && length < bestLength) {
        best = at;
        bestLength = length;
      }
    }
    if (best < 0) return kept.slice(0, max);
    kept.splice(best, 2, joinSentences(kept[best] as string, kept[best + 1] as string));
  }
  return kept;
}

/** The script's scenes: `auto` about 7 to 10, `sentence` one per sentence; never more than SCENES_MAX. */
export function scenesOf(sentences: readonly string[], mode: SceneMode): string[] {
  const pieces = sentences.flatMap((sentence) => cutLongSentence(sentence));
  return capScenes(mode === 'sentence' ? pieces : autoScenes(pieces));
}

/** Words read aloud: Latin-script words, and Chinese, Japanese and Korean characters at 1.6 a word. */
export function wordsOf(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const latin = text.replace(CJK, ' ').match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
  return latin + cjk / CJK_CHARS_PER_WORD;
}

/** Seconds a scene's text takes read aloud at READING_WORDS_PER_MINUTE, at least SCENE_SECONDS_MIN, to a tenth. */
export function readingSeconds(text: string): number {
  const seconds = (wordsOf(text) / READING_WORDS_PER_MINUTE) * 60;
  return Math.round(Math.max(SCENE_SECONDS_MIN, seconds) * 10) / 10;
}

/** Whether a text is mostly Chinese (or Japanese) characters, for an article that does not say its language. */
export function mostlyCjk(text: string): boolean {
  const cjk = text.match(CJK)?.length ?? 0;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters > 0 && cjk / letters > 0.5;
}

/** Pasted text as an article: each line a paragraph. */
export const blocksOfText = (text: string): ArticleBlock[] =>
  text
    .split(/\r?\n/)
    .map(squeeze)
    .filter((line) => line !== '')
    .map((line) => ({ kind: 'paragraph', text: line }));

/** A pasted text's title: its first line when short, else its first words. */
export function titleOfText(text: string, max = 80): string {
  const first = squeeze(text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '');
  if (first.length <= max) return first.replace(/[.。]$/, '');
  if (mostlyCjk(first)) return `${first.slice(0, 30)}…`;
  const words = first.slice(0, max).split(' ');
  return `${words.slice(0, Math.max(1, words.length - 1)).join(' ')}…`;
}
