/**
 * Storage keys of a video. Only ids the server generated go into them, never names a user typed.
 *   sources/<account>/<video>/source           the uploaded file
 *   media/<account>/<video>/<generation>/...   what the pipeline derived (a retry writes a new generation)
 */
/** The directory of the console contract storage base info: everything an account uploads lives below it. */
export const accountDir = (accountId: string) => `sources/${accountId}/`;
export const sourcePrefix = (accountId: string, videoId: string) => `${accountDir(accountId)}${videoId}/`;
export const sourceKey = (accountId: string, videoId: string) => `${sourcePrefix(accountId, videoId)}source`;
export const videoMediaPrefix = (accountId: string, videoId: string) => `media/${accountId}/${videoId}/`;
export const generationPrefix = (accountId: string, videoId: string, generation: number) =>
  `${videoMediaPrefix(accountId, videoId)}${generation}/`;

/** Public URL of a derived file; the generation in the path makes it immutable. */
export const mediaUrl = (videoId: string, generation: number, file: string) =>
  `/media/${videoId}/${generation}/${file}`;
