import { z } from 'zod';
import { textField } from '../text.ts';

// ---- Albums (the console contract's "Video slide (album)": title, updated time, video count; "Video flow",
// keyed by classifyId; calls "classify list, add, edit"; capped by videoSlideCount; docs/product.md "Albums") ----

export const ALBUM_TITLE_MAX = 100;
export const ALBUM_VIDEOS_MAX = 100;

export const albumIdField = z.uuid({ error: 'album_not_found' });
export const albumTitleField = textField('album_title_required')
  .trim()
  .min(1, 'album_title_required')
  .max(ALBUM_TITLE_MAX, 'album_title_too_long');

const albumFields = {
  title: albumTitleField,
  /** The account's own videos, in the order the album plays them. */
  videoIds: z
    .array(z.uuid({ error: 'video_invalid' }))
    .max(ALBUM_VIDEOS_MAX, 'album_videos_too_many')
    .refine((ids) => new Set(ids).size === ids.length, 'album_videos_repeated'),
  /** The video whose thumbnail is the album's cover: one of videoIds; null for the first video's. */
  coverVideoId: z.uuid({ error: 'album_cover_invalid' }).nullable(),
};
export type AlbumInput = z.infer<z.ZodObject<typeof albumFields>>;
export const addAlbumBody = z.strictObject(albumFields);
export const editAlbumBody = z.strictObject({ id: albumIdField, ...albumFields });
export const albumIdBody = z.strictObject({ id: albumIdField });
export const albumIdQuery = z.strictObject({ id: albumIdField });

// Answers: plain shapes, checked and not transformed.

export const albumData = z.object({
  id: z.string(),
  title: z.string(),
  videoIds: z.array(z.string()),
  videoCount: z.number().int(),
  coverVideoId: z.string().nullable(),
  /** The cover's thumbnail (the chosen video's, else the first's); null while no video has one. */
  coverUrl: z.string().nullable(),
  /** The album's public page on the installation's own address (its custom domains serve the same path). */
  publicUrl: z.string(),
  /** Seconds since the epoch. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Album = z.infer<typeof albumData>;

export const albumListData = z.object({
  list: z.array(albumData),
  /** The plan's cap on albums (videoSlideCount). */
  cap: z.number().int(),
});
