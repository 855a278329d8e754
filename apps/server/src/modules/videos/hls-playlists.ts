/**
 * Reading and writing HLS playlists (RFC 8216) as pure functions over their text, and measuring what a
 * rendition holds from its segments' sizes.
 */

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
  for (const v of variants) {
    const attributes = [
      `BANDWIDTH=${Math.round(v.bandwidth)}`,
      ...(v.averageBandwidth ? [`AVERAGE-BANDWIDTH=${Math.round(v.averageBandwidth)}`] : []),
      `RESOLUTION=${v.width}x${v.height}`,
      ...(v.codecs ? [`CODECS="${v.codecs}"`] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, v.uri);
  }
  return `${lines.join('\n')}\n`;
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
