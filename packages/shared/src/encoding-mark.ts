/**
 * The comment the server writes in the master playlist of a video still encoding, whose master gains
 * renditions as they are made; the player asks for the master again while it sees it (see "Playable while
 * it encodes" in docs/product.md). A line starting with `#` but not `#EXT` is a comment, which every player
 * ignores (RFC 8216 §4.1).
 */
export const ENCODING_MARK = '# encoding: more renditions may follow';
