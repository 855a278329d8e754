import { badRequest } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { StorageDriver } from '../storage/storage.ts';
import {
  contentTypeOf,
  dayOf,
  type ImageKind,
  isVariantOf,
  mediaPath,
  newFileName,
  PREVIEW,
  parseFile,
  pendingDayFolder,
  pendingFolder,
  savedFolder,
  VARIANTS,
  type Variant,
} from './brand-files.ts';
import { renderImage } from './brand-images.ts';

const DAY_MS = 86_400_000;
/**
 * An upload waits in its UTC day's folder; a day's folder is deleted once the day after it is over, so
 * every upload has between one and two days to be saved. The sweep looks a week back, so a worker that
 * was down a few days still empties the folders it missed.
 */
const PENDING_DAYS_KEPT = 2;
const PENDING_DAYS_SWEPT = 7;

/** Whether any row of the account (a brand, a site) still shows `file`: its owner's answer, asked before deleting. */
export type InUse = (accountId: string, file: string) => Promise<boolean>;

/**
 * The images of brands and of their sites (docs/product.md "Brands"), whichever row shows them: an
 * upload waits in its day's folder until a save claims it into the account's, and is deleted once no row
 * shows it. The rows are their modules' own, so each save and delete says how to ask whether a file is
 * still shown (InUse); the rest is the same for every kind.
 */
export function createImageStore(deps: { storage: StorageDriver; clock: Clock }) {
  const { storage, clock } = deps;

  /**
   * Makes sure `file`, as a `kind` image, is one this account uploaded, and moves it from its day's
   * folder to the account's (so the sweep leaves it). Answers whether it moved it, so a save that fails
   * afterwards can take it back. Anything else (another account's file, a swept one, a favicon given as a
   * logo, a name we never made) is 400 brand_image_invalid, "Upload the image again".
   */
  async function claim(accountId: string, kind: ImageKind, file: string | null) {
    if (file === null) return false;
    const parsed = parseFile(file);
    if (parsed?.kind !== kind) throw badRequest('brand_image_invalid', kind);
    const saved = savedFolder(accountId, kind, file);
    const variants = Object.keys(VARIANTS[kind]) as Variant[];
    if (await storage.head(`${saved}${variants[0]}`)) return false;
    const pending = pendingFolder(accountId, file, parsed.day);
    const bytes: [Variant, Buffer][] = [];
    for (const variant of variants) {
      const stored = await storage.get(`${pending}${variant}`);
      if (!stored) throw badRequest('brand_image_invalid', kind);
      const chunks: Buffer[] = [];
      for await (const chunk of stored.body) chunks.push(chunk as Buffer);
      bytes.push([variant, Buffer.concat(chunks)]);
    }
    for (const [variant, body] of bytes) {
      await storage.put(`${saved}${variant}`, body, contentTypeOf(kind, variant));
    }
    return true;
  }

  /** Deletes a saved image no row of the account shows any more; a failure leaves a file, not an error. */
  async function drop(accountId: string, file: string | null | undefined, inUse: InUse) {
    const parsed = file ? parseFile(file) : null;
    if (!file || !parsed || (await inUse(accountId, file))) return;
    await storage.deletePrefix(savedFolder(accountId, parsed.kind, file)).catch(() => undefined);
  }

  return {
    /** Checks an upload, stores its variants in today's folder, answers its name and preview. */
    async upload(accountId: string, kind: ImageKind, bytes: Buffer) {
      const variants = await renderImage(kind, bytes);
      const now = clock.now();
      const file = newFileName(kind, now);
      for (const [variant, body] of variants) {
        await storage.put(
          `${pendingFolder(accountId, file, dayOf(now))}${variant}`,
          body,
          contentTypeOf(kind, variant),
        );
      }
      return { file, url: mediaPath(accountId, file, PREVIEW[kind]) };
    },

    /** The preview's path of a saved file, as a row's `logoUrl` or `bannerUrl`; null for none. */
    urlOf(accountId: string, file: string | null) {
      const kind = file ? parseFile(file)?.kind : undefined;
      return file && kind ? mediaPath(accountId, file, PREVIEW[kind]) : null;
    },

    /**
     * Claims a save's images (`[kind, file]`, file null for none), runs the save, then tidies: the claimed
     * uploads leave their day's folder once it succeeded, and go back to waiting there if it failed.
     */
    async saving<T>(accountId: string, images: [ImageKind, string | null][], inUse: InUse, save: () => Promise<T>) {
      const claimed: string[] = [];
      try {
        for (const [kind, file] of images) {
          if (await claim(accountId, kind, file)) claimed.push(file as string);
        }
        const result = await save();
        for (const file of claimed) {
          const parsed = parseFile(file);
          if (parsed) await storage.deletePrefix(pendingFolder(accountId, file, parsed.day)).catch(() => undefined);
        }
        return result;
      } catch (error) {
        // Still waiting in its day's folder, the upload can be saved again.
        for (const file of claimed) await drop(accountId, file, inUse);
        throw error;
      }
    },

    drop,

    /**
     * A variant's bytes wherever it is, saved or still waiting in its day's folder, with its content type;
     * null for a name we did not make, a variant its kind lacks, or an image not found.
     */
    async read(accountId: string, file: string, variant: string) {
      const parsed = parseFile(file);
      if (!parsed || !isVariantOf(parsed.kind, variant)) return null;
      for (const folder of [savedFolder(accountId, parsed.kind, file), pendingFolder(accountId, file, parsed.day)]) {
        const stored = await storage.get(`${folder}${variant}`);
        if (stored) return { stored, contentType: contentTypeOf(parsed.kind, variant) };
      }
      return null;
    },

    /** Uploads never saved: their day's folder goes once the next day is over. */
    async sweep() {
      const today = clock.now().getTime();
      for (let back = PENDING_DAYS_KEPT; back < PENDING_DAYS_KEPT + PENDING_DAYS_SWEPT; back += 1) {
        await storage.deletePrefix(pendingDayFolder(dayOf(new Date(today - back * DAY_MS))));
      }
    },
  };
}
export type ImageStore = ReturnType<typeof createImageStore>;
