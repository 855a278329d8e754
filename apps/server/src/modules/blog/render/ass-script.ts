/**
 * The text a render burns in, as an ASS script for libass (ffmpeg's `ass` filter): each scene's subtitle at
 * the bottom, and the big centred text of a scene without a picture. Lines are broken here, not by libass:
 * Debian's libass is built without libunibreak, so it breaks only at spaces and would leave a Chinese
 * sentence as one line running off the frame; and knowing the lines is what lets a long text be shown two
 * lines at a time. Format: https://github.com/libass/libass/wiki/ASS-File-Format-Guide
 */

/** A subtitle shows at most this many lines at once; a longer text follows as the next chunk. */
export const SUBTITLE_MAX_LINES = 2;

/** Widths in em of Noto Sans CJK's glyphs, on the generous side so that a measured line never overflows. */
const WIDE_EM = 1;
const SPACE_EM = 0.28;
const NARROW_EM = 0.32;
const UPPER_EM = 0.68;
const LOWER_EM = 0.56;

/**
 * East Asian wide characters (Unicode UAX #11 W and F): Hangul Jamo, CJK radicals to Yi, Hangul syllables,
 * compatibility ideographs, vertical and small forms, full-width forms, and the supplementary ideographs.
 */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

function charEm(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (isWide(code)) return WIDE_EM;
  if (/[.,:;'!|il1 ()[\]`]/.test(char)) return NARROW_EM;
  if (/[A-Z0-9MWmw@%&#]/.test(char)) return UPPER_EM;
  return LOWER_EM;
}

const widthEm = (text: string) => Array.from(text).reduce((sum, char) => sum + charEm(char), 0);

/** No line starts with these (closing punctuation, CJK and Latin): they stay with what they close. */
const CLOSING = new Set(Array.from('，。、．・：；？！）」』】〕〉》”’…‥ー々〜,.!?;:)]}%'));
/** No line ends with these: they stay with what they open. */
const OPENING = new Set(Array.from('（「『【〔〈《“‘([{'));

/**
 * The user's text as one clean line: well-formed Unicode (a lone surrogate becomes U+FFFD), control
 * characters dropped, every run of white space (new lines included) one space. Lines are ours to break.
 */
export function cleanText(text: string): string {
  return (
    text
      .toWellFormed()
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\u2060\ufeff]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

type Unit = { text: string; em: number; space: boolean };

/**
 * The text cut where a line may break: at spaces, and between CJK characters (which need none), never
 * before closing or after opening punctuation (the basic rule of UAX #14 and of Chinese and Japanese
 * typesetting, "kinsoku").
 */
function breakUnits(text: string): Unit[] {
  const units: Unit[] = [];
  let current: Unit | null = null;
  let space = false;
  let previous: { wide: boolean; opening: boolean } | null = null;
  for (const char of Array.from(text)) {
    if (char === ' ') {
      if (current) units.push(current);
      current = null;
      space = true;
      previous = null;
      continue;
    }
    const wide = isWide(char.codePointAt(0) ?? 0);
    const joins =
      current !== null && previous !== null && (CLOSING.has(char) || previous.opening || (!wide && !previous.wide));
    if (joins && current) {
      current.text += char;
      current.em += charEm(char);
    } else {
      if (current) units.push(current);
      current = { text: char, em: charEm(char), space };
    }
    space = false;
    previous = { wide, opening: OPENING.has(char) };
  }
  if (current) units.push(current);
  return units;
}

/** A unit wider than a line (a long address, a word without spaces) cut at the character that overflows. */
function splitLong(unit: Unit, maxEm: number): Unit[] {
  if (unit.em <= maxEm) return [unit];
  const pieces: Unit[] = [];
  let piece: Unit = { text: '', em: 0, space: unit.space };
  for (const char of Array.from(unit.text)) {
    const em = charEm(char);
    if (piece.text && piece.em + em > maxEm) {
      pieces.push(piece);
      piece = { text: '', em: 0, space: false };
    }
    piece.text += char;
    piece.em += em;
  }
  pieces.push(piece);
  return pieces;
}

/** The text broken into lines of at most `maxEm` (in em of the font), first fit. */
function fillLines(units: Unit[], maxEm: number): { text: string; em: number }[] {
  const lines: { text: string; em: number }[] = [];
  let line = { text: '', em: 0 };
  for (const unit of units) {
    const gap = line.text && unit.space ? SPACE_EM : 0;
    if (line.text && line.em + gap + unit.em > maxEm) {
      lines.push(line);
      line = { text: unit.text, em: unit.em };
    } else {
      line = { text: line.text + (gap ? ' ' : '') + unit.text, em: line.em + gap + unit.em };
    }
  }
  if (line.text) lines.push(line);
  return lines;
}

/**
 * The text broken into lines of at most `maxEm` (in em of the font), as few as first fit gives, and as even
 * as those allow: the narrowest width that still gives that many lines, so a sentence's last word or last
 * character is not left alone on a line.
 */
export function wrapLines(text: string, maxEm: number): string[] {
  const units = breakUnits(cleanText(text)).flatMap((u) => splitLong(u, maxEm));
  const count = fillLines(units, maxEm).length;
  let [low, high] = [Math.max(0, ...units.map((u) => u.em)), maxEm];
  while (high - low > 0.05) {
    const mid = (low + high) / 2;
    if (fillLines(units, mid).length <= count) high = mid;
    else low = mid;
  }
  return fillLines(units, high).map((line) => line.text);
}

/**
 * Text safe in an ASS event: `{` would open an override block (`{\pos(0,0)}` would move the subtitle, `{x}`
 * hide a word), so braces are escaped as `\{` `\}`; a backslash could form `\N` or `\h`, so a word joiner
 * (U+2060) follows it, as mpv escapes its OSD text (https://github.com/mpv-player/mpv/blob/master/sub/osd_libass.c).
 */
export function escapeAss(text: string): string {
  return text.replace(/\\/g, '\\\u2060').replace(/[{}]/g, (brace) => `\\${brace}`);
}

/** ASS times: H:MM:SS.cc (centiseconds). */
export function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(cs / 360_000)}:${pad(Math.floor(cs / 6000) % 60)}:${pad(Math.floor(cs / 100) % 60)}.${pad(cs % 100)}`;
}

/** Noto Sans CJK's family for a language: Chinese, Japanese and Korean draw some of the same characters differently. */
export function cjkFontFamily(lang: string): string {
  const tag = lang.toLowerCase();
  if (tag.startsWith('ja')) return 'Noto Sans CJK JP';
  if (tag.startsWith('ko')) return 'Noto Sans CJK KR';
  if (/^zh-(hk|mo)\b/.test(tag)) return 'Noto Sans CJK HK';
  if (/^zh-(tw|hant)\b/.test(tag)) return 'Noto Sans CJK TC';
  return 'Noto Sans CJK SC';
}

export type TextEvent = { start: number; end: number; text: string; style: 'Subtitle' | 'Title' };

/**
 * Lines shown `perChunk` at a time over [start, end], each chunk for a share of the time as large as its
 * share of the text, as a reader needs it.
 */
export function chunkEvents(
  lines: string[],
  perChunk: number,
  start: number,
  end: number,
  style: TextEvent['style'],
): TextEvent[] {
  const chunks: string[][] = [];
  for (let i = 0; i < lines.length; i += perChunk) chunks.push(lines.slice(i, i + perChunk));
  const weights = chunks.map((chunk) => Math.max(1, widthEm(chunk.join(''))));
  const total = weights.reduce((sum, w) => sum + w, 0);
  let at = start;
  return chunks.map((chunk, i) => {
    const next = i === chunks.length - 1 ? end : at + ((end - start) * (weights[i] ?? 0)) / total;
    const event = { start: at, end: next, text: chunk.map(escapeAss).join('\\N'), style };
    at = next;
    return event;
  });
}

/**
 * libass sizes a font so that its ascent plus descent is the style's size (as VSFilter does); Noto Sans CJK's
 * are 1.16 + 0.29 em, so an em is the size / 1.45. Sizes below are asked in em and written in ASS units.
 */
export const SIZE_PER_EM = 1.45;

/** Sizes in pixels of a frame's text, from its short side (1080 at 1080p). */
export function textLayout(width: number, height: number) {
  const short = Math.min(width, height);
  const size = (em: number) => Math.round(em * SIZE_PER_EM);
  return {
    /** Subtitle glyphs of 5 % of the short side (54 px at 1080p), what broadcast subtitles use. */
    subtitleSize: size(short * 0.05),
    subtitleMarginV: Math.round(short * 0.06),
    sideMargin: Math.round(width * 0.06),
    /** A text-only scene's text starts at twice the subtitle's size and shrinks to fit. */
    titleMaxSize: size(short * 0.1),
    titleMinSize: size(short * 0.05),
    titleBox: { width: Math.round(width * 0.82), height: Math.round(height * 0.7) },
  };
}

/** The width of a line of `pixels` at a style's `size`, in em of the font. */
export const emsIn = (pixels: number, size: number) => (pixels * SIZE_PER_EM) / size;

/** Lines follow each other at the size (ascent + descent), plus a little for the outline. */
const LINE_HEIGHT = 1.05;

/**
 * A text-only scene's text: the largest size at which it fits the middle of the frame, down to the
 * subtitle's; a text too long even then is shown as many lines at a time as fit.
 */
export function titleEvents(text: string, width: number, height: number, start: number, end: number) {
  const layout = textLayout(width, height);
  let size = layout.titleMaxSize;
  for (;;) {
    const lines = wrapLines(text, emsIn(layout.titleBox.width, size));
    const fits = Math.max(1, Math.floor(layout.titleBox.height / (size * LINE_HEIGHT)));
    if (lines.length <= fits || size <= layout.titleMinSize) {
      const events = chunkEvents(lines, fits, start, end, 'Title');
      return { size, events: events.map((event) => ({ ...event, text: `{\\fs${size}}${event.text}` })) };
    }
    size = Math.max(layout.titleMinSize, Math.floor(size * 0.9));
  }
}

/**
 * The whole script: a Subtitle style (white, outlined, bottom centre) and a Title style (bold, centred, a
 * soft shadow), in the frame's own pixels (PlayRes = frame size, so sizes are pixels).
 */
export function assScript(options: { width: number; height: number; font: string; events: TextEvent[] }): string {
  const { width, height, font } = options;
  const layout = textLayout(width, height);
  const outline = Math.max(1, Math.round(layout.subtitleSize / 24));
  const style = (name: string, size: number, bold: boolean, alignment: number, marginV: number, shadow: number) =>
    // Colours are &HAABBGGRR with AA 00 opaque: white text, black outline, a half-transparent black shadow.
    `Style: ${name},${font},${size},&H00FFFFFF,&H00FFFFFF,&H00101010,&H80000000,${bold ? -1 : 0},0,0,0,100,100,0,0,1,${outline},${shadow},${alignment},${layout.sideMargin},${layout.sideMargin},${marginV},1`;
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${width}`,
    `PlayResY: ${height}`,
    // 0: libass may still break a line that came out wider than measured, at a space, rather than cut it.
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: None',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    // No shadow under subtitles: the outline alone keeps them legible, and libass's blending of each layer
    // is most of the text's cost (shadow and outline together took 3.8 s of a 70 s 1080p render, 2.6 s without the shadow).
    style('Subtitle', layout.subtitleSize, false, 2, layout.subtitleMarginV, 0),
    style('Title', layout.titleMaxSize, true, 5, 0, Math.max(2, outline)),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...options.events.map(
      (event) => `Dialogue: 0,${assTime(event.start)},${assTime(event.end)},${event.style},,0,0,0,,${event.text}`,
    ),
    '',
  ].join('\n');
}
