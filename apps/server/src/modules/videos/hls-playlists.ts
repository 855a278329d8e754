/**
 * Reading and writing HLS playlists (RFC 8216) as pure functions over their text, and measuring what a
 * rendition holds from its segments' sizes.
 */

import { nativeLanguageName } from '@leadreel/shared';

export type Variant = {
  uri: string;
  width: number;
  height: number;
  /** Peak segment bitrate in bits/s (RFC 8216 §4.3.4.2: BANDWIDTH). */
  bandwidth: number;
  /** Mean bitrate over the whole rendition in bits/s (AVERAGE-BANDWIDTH), when measured. */
  averageBandwidth?: number;
  /** RFC 6381 codec strings, as ffmpeg names them for its own encodes. */
  codecs?: string;
};

/** A master playlist listing `variants` in the order given (https://datatracker.ietf.org/doc/html/rfc8216#section-4.3.4.2). */
export function masterPlaylist(variants: Variant[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const v of variants) lines.push(...streamInf(v));
  return `${lines.join('\n')}\n`;
}

function streamInf(v: Variant, audioGroup?: string): string[] {
  const attributes = [
    `BANDWIDTH=${Math.round(v.bandwidth)}`,
    ...(v.averageBandwidth ? [`AVERAGE-BANDWIDTH=${Math.round(v.averageBandwidth)}`] : []),
    `RESOLUTION=${v.width}x${v.height}`,
    ...(v.codecs ? [`CODECS="${v.codecs}"`] : []),
    ...(audioGroup ? [`AUDIO="${audioGroup}"`] : []),
  ];
  return [`#EXT-X-STREAM-INF:${attributes.join(',')}`, v.uri];
}

/** The segments a media playlist names, in order. */
export function playlistSegments(playlist: string): string[] {
  return playlist
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** Every file a media playlist needs: its initialization section (fMP4, EXT-X-MAP) first, then its segments. */
export function playlistFiles(playlist: string): string[] {
  const maps = [...playlist.matchAll(/^#EXT-X-MAP:.*URI="([^"]+)"/gm)].map((match) => match[1] as string);
  return [...new Set(maps), ...playlistSegments(playlist)];
}

/** Each segment of a media playlist with its EXTINF duration in seconds. */
export function playlistEntries(playlist: string): { uri: string; durationSec: number }[] {
  const entries: { uri: string; durationSec: number }[] = [];
  let duration = 0;
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length)) || 0;
    else if (line !== '' && !line.startsWith('#')) {
      entries.push({ uri: line, durationSec: duration });
      duration = 0;
    }
  }
  return entries;
}

/**
 * What a rendition declares, from what was encoded: BANDWIDTH is the peak segment bitrate and
 * AVERAGE-BANDWIDTH the whole rendition's (RFC 8216 §4.3.4.2), both counting the initialization section
 * once with the first segment, as a player downloads it. Null without segments.
 */
export function measureRendition(
  segments: { bytes: number; durationSec: number }[],
  initBytes = 0,
): { bandwidth: number; averageBandwidth: number; bytes: number } | null {
  const timed = segments.filter((segment) => segment.durationSec > 0);
  if (timed.length === 0) return null;
  let peak = 0;
  let bytes = initBytes;
  let seconds = 0;
  timed.forEach((segment, i) => {
    const segmentBytes = segment.bytes + (i === 0 ? initBytes : 0);
    peak = Math.max(peak, (segmentBytes * 8) / segment.durationSec);
    bytes += segment.bytes;
    seconds += segment.durationSec;
  });
  return { bandwidth: Math.ceil(peak), averageBandwidth: Math.ceil((bytes * 8) / seconds), bytes };
}

/** CODECS of each variant of a master playlist, by URI. */
export function masterCodecs(master: string): Map<string, string> {
  const codecs = new Map<string, string>();
  const lines = master.split(/\r?\n/).map((line) => line.trim());
  lines.forEach((line, i) => {
    const found = line.startsWith('#EXT-X-STREAM-INF:') ? /CODECS="([^"]+)"/.exec(line) : null;
    const uri = lines.slice(i + 1).find((next) => next !== '' && !next.startsWith('#'));
    if (found?.[1] && uri) codecs.set(uri, found[1]);
  });
  return codecs;
}

/** The codec of every audio rendition: AAC-LC, as the ladder and the dubs encode it (RFC 6381). */
export const AUDIO_CODEC = 'mp4a.40.2';

/** An audio rendition offered beside the variants (https://datatracker.ietf.org/doc/html/rfc8216#section-4.3.4.1). */
export type AudioRendition = {
  /** BCP 47 tag of the language spoken (LANGUAGE). */
  lang: string;
  /** What the player's menu shows (NAME); the language's own name when not given (languageName). */
  name?: string;
  uri: string;
  isDefault: boolean;
  /** Peak and mean bits per second of its segments, when measured: counted into each variant's. */
  bandwidth?: number;
  averageBandwidth?: number;
};

/** A language's name as its speakers write it (the shared nativeLanguageName), for an audio rendition's NAME. */
export const languageName = nativeLanguageName;

/** RFC 8216 §4.2: a quoted-string holds no line feed, carriage return or double quote (§4.1: nor controls). */
function quoted(value: string, what: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is refused.
  if (value === '' || /["\u0000-\u001f\u007f-\u009f]/.test(value)) {
    throw new RangeError(`${what} cannot be written in a playlist: ${JSON.stringify(value)}`);
  }
  return `"${value}"`;
}

/**
 * A master playlist whose variants play with a separate audio rendition (the original sound, the dubs):
 * one EXT-X-MEDIA per rendition in the group and AUDIO="<group>" on every variant. The variants are
 * video-only: their CODECS gain the audio's, and their bandwidths the largest rendition's, since RFC 8216
 * §4.3.4.2 wants "the largest sum of peak segment bit rates that is produced by any playable combination of
 * Renditions". Throws a RangeError for what would make the playlist invalid or ambiguous: no rendition, not
 * exactly one default (at most one is the RFC's rule; a player with no preference needs one to start with),
 * two of the same NAME (§4.3.4.1.1: "All EXT-X-MEDIA tags in the same Group MUST have different NAME
 * attributes"), a LANGUAGE that is no language tag.
 */
export function masterWithAudio(variants: Variant[], audio: { groupId: string; renditions: AudioRendition[] }): string {
  const { renditions } = audio;
  const group = quoted(audio.groupId, 'the audio group');
  if (renditions.filter((r) => r.isDefault).length !== 1) {
    throw new RangeError('exactly one audio rendition must be the default');
  }
  const names = renditions.map((r) => r.name ?? languageName(r.lang));
  if (new Set(names).size !== names.length) throw new RangeError(`audio renditions share a name: ${names.join(', ')}`);
  // Intl throws a RangeError for what is no language tag.
  const langs = renditions.map((r) => Intl.getCanonicalLocales(r.lang)[0] ?? r.lang);
  const defaultLang = langs[renditions.findIndex((r) => r.isDefault)];
  // §4.3.4.1: AUTOSELECT "MUST be YES if the value of the DEFAULT attribute is YES"; §4.3.4.1.1: AUTOSELECT=YES
  // members SHOULD differ in LANGUAGE, so a second rendition of a language is offered by its name only.
  const autoselect = renditions.map(
    (r, i) => r.isDefault || (langs[i] !== defaultLang && langs.indexOf(langs[i] as string) === i),
  );
  const media = renditions.map((r, i) =>
    [
      '#EXT-X-MEDIA:TYPE=AUDIO',
      `GROUP-ID=${group}`,
      `LANGUAGE=${quoted(langs[i] ?? r.lang, 'a language')}`,
      `NAME=${quoted(names[i] ?? r.lang, 'a rendition name')}`,
      `DEFAULT=${r.isDefault ? 'YES' : 'NO'}`,
      `AUTOSELECT=${autoselect[i] ? 'YES' : 'NO'}`,
      'CHANNELS="2"',
      `URI=${quoted(r.uri, 'a rendition URI')}`,
    ].join(','),
  );
  const peak = Math.max(0, ...renditions.map((r) => r.bandwidth ?? 0));
  const mean = Math.max(0, ...renditions.map((r) => r.averageBandwidth ?? r.bandwidth ?? 0));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS', ...media];
  for (const v of variants) {
    const video = v.codecs?.split(',').filter((codec) => codec.trim() !== '' && !codec.startsWith('mp4a.'));
    const withAudio: Variant = {
      ...v,
      bandwidth: v.bandwidth + peak,
      averageBandwidth: v.averageBandwidth ? v.averageBandwidth + mean : undefined,
      // Without the video's codecs none are declared: CODECS of the audio alone would say there is no picture.
      codecs: video?.length ? [...video, AUDIO_CODEC].join(',') : undefined,
    };
    lines.push(...streamInf(withAudio, audio.groupId));
  }
  return `${lines.join('\n')}\n`;
}

/** An attribute list (RFC 8216 §4.2) as names and values, quoted-strings without their quotes. */
export function parseAttributes(list: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, value = ''] of list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) {
    if (name) attributes[name] = value.startsWith('"') ? value.slice(1, -1) : value;
  }
  return attributes;
}

/**
 * A master playlist read back: its EXT-X-MEDIA renditions and its variants with their URIs, attributes as
 * written (bandwidths of a master from masterWithAudio count the audio in).
 */
export function parseMaster(text: string): {
  media: Record<string, string>[];
  variants: { uri: string; attributes: Record<string, string> }[];
} {
  const media: Record<string, string>[] = [];
  const variants: { uri: string; attributes: Record<string, string> }[] = [];
  let pending: Record<string, string> | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MEDIA:')) media.push(parseAttributes(line.slice('#EXT-X-MEDIA:'.length)));
    else if (line.startsWith('#EXT-X-STREAM-INF:')) pending = parseAttributes(line.slice('#EXT-X-STREAM-INF:'.length));
    else if (pending && line !== '' && !line.startsWith('#')) {
      variants.push({ uri: line, attributes: pending });
      pending = null;
    }
  }
  return { media, variants };
}

/**
 * The RFC 6381 string of the H.264 in an fMP4 initialization section, from its avcC box (ISO/IEC 14496-15
 * §5.3.3.1: version, then profile, compatibility flags and level, one byte each): `avc1.PPCCLL`. Null
 * without one.
 */
export function avcCodec(init: Buffer): string | null {
  const at = init.indexOf('avcC');
  if (at < 0 || at + 8 > init.length || init[at + 4] !== 1) return null;
  const hex = (byte: number | undefined) => (byte ?? 0).toString(16).padStart(2, '0');
  return `avc1.${hex(init[at + 5])}${hex(init[at + 6])}${hex(init[at + 7])}`;
}

/** The RFC 6381 string of AAC by the profile ffprobe names (LC unless it says HE). */
export function aacCodec(profile: string): string {
  if (profile === 'HE-AACv2') return 'mp4a.40.29';
  if (profile === 'HE-AAC') return 'mp4a.40.5';
  return AUDIO_CODEC;
}
