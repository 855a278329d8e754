/**
 * The comment the server writes in the master playlist of a video still encoding, whose master gains
 * renditions as they are made; the player asks for the master again while it sees it (see "Playable while
 * it encodes" in docs/product.md). A line starting with `#` but not `#EXT` is a comment, which every player
 * ignores (RFC 8216 §4.1).
 */
export const ENCODING_MARK = '# encoding: more renditions may follow';

/**
 * Beside the mark, the whole video's length in seconds, known from the probe: the player's timeline shows it
 * while the playlists hold only what is encoded so far.
 */
export const ENCODING_LENGTH = '# encoding-length:';

/** The length a master still encoding announces, or null. */
export function encodingLengthOf(master: string): number | null {
  const match = /^# encoding-length: *(\d+(?:\.\d+)?)\s*$/m.exec(master);
  const seconds = match ? Number(match[1]) : Number.NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}
