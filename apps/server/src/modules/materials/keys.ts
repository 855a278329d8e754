import { accountDir } from '../videos/keys.ts';

/**
 * Storage keys of a material. Only ids the server generated go into them, never names a user typed.
 *   sources/<account>/materials/<material>/source   the uploaded (or downloaded) file, in the account's upload dir
 *   media/<account>/materials/<material>/...        what processing derived: render.png, cover.jpg
 */
export const materialSourcePrefix = (accountId: string, materialId: string) =>
  `${accountDir(accountId)}materials/${materialId}/`;
export const materialSourceKey = (accountId: string, materialId: string) =>
  `${materialSourcePrefix(accountId, materialId)}source`;
export const materialMediaPrefix = (accountId: string, materialId: string) =>
  `media/${accountId}/materials/${materialId}/`;

/** Whether a storage key is a material's source (the video uploads' sweep leaves those to this module's). */
export const isMaterialSourceKey = (key: string) => /^sources\/[^/]+\/materials\//.test(key);

/** The files a ready material serves (material-media.routes.ts). */
export const MATERIAL_FILES = ['source', 'render.png', 'cover.jpg'] as const;
export type MaterialFile = (typeof MATERIAL_FILES)[number];

/** Public address of a ready material's file: the console shows it in <img>, <audio> and <video>. */
export const materialUrl = (materialId: string, file: MaterialFile) => `/media/material/${materialId}/${file}`;
