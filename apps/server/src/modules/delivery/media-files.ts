/** Content types of what the pipeline writes (https://datatracker.ietf.org/doc/html/rfc8216#section-4). */
const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  vtt: 'text/vtt; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/**
 * A file path inside a generation as a URL may name it: lower-case segments of letters, digits, `_`, `-`
 * and `.`, never `.` or `..` alone, at most 5 deep (a dubbed video's rungs: hls/dub/video/<rung>/<file>).
 * Everything else is refused before a key is built.
 */
const SEGMENT = /^(?!\.{1,2}$)[a-z0-9_][a-z0-9_.-]{0,63}$/;

export function isSafeMediaPath(path: string): boolean {
  const segments = path.split('/');
  return segments.length <= 5 && segments.every((segment) => SEGMENT.test(segment));
}

export type ByteRange = { start: number; end: number };

/**
 * One range of an HTTP Range header (https://www.rfc-editor.org/rfc/rfc9110#section-14.2): `bytes=a-b`,
 * `bytes=a-` or `bytes=-n`. Several ranges are answered whole (a server MAY ignore Range), and an
 * unsatisfiable one is 'unsatisfiable' (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null;
  return { start, end };
}

/**
 * The master playlist as served from /media/<video>/master.m3u8: the stored one's URIs are relative to its
 * own folder inside a generation (`prefix`, e.g. "3/hls"), so each gets that prefix.
 */
export function rebaseMaster(master: string, prefix: string): string {
  return master
    .split('\n')
    .map((line) => {
      if (line === '' || line.startsWith('#')) {
        return line.replace(/URI="([^"]+)"/g, (_, uri: string) => `URI="${prefix}/${uri}"`);
      }
      return `${prefix}/${line}`;
    })
    .join('\n');
}
