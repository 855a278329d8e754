import type { Brand, BrandImageKind, BrandInput } from '@leadreel/shared';
import { badRequest, conflict, notFound, planPeriod } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SiteBrand } from '../../site/site.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { StorageDriver } from '../storage/storage.ts';
import {
  contentTypeOf,
  dayOf,
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
import { renderBrandImage } from './brand-images.ts';
import type { BrandFields, BrandRepo, ListedBrand } from './brands.repo.ts';

/** What the public site layer draws a custom domain's pages with (docs/product.md "Brands"). */
export type PublicBrand = SiteBrand;

const DAY_MS = 86_400_000;
/**
 * An upload waits in its UTC day's folder; a day's folder is deleted once the day after it is over, so
 * every upload has between one and two days to be saved. The sweep looks a week back, so a worker that
 * was down a few days still empties the folders it missed.
 */
const PENDING_DAYS_KEPT = 2;
const PENDING_DAYS_SWEPT = 7;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const brandNotFound = () => notFound('brand_not_found', 'id');

/**
 * Brands (the console contract global-settings/brand-setting; docs/product.md "Brands"): the look of the
 * pages on one of the account's custom domains. A paid plan's (canUseBranding), capped by the plan, and,
 * like the domains it dresses, closed from the Frozen period on.
 */
export function createBrandService(deps: {
  repo: BrandRepo;
  entitlements: EntitlementsService;
  storage: StorageDriver;
  clock: Clock;
}) {
  const { repo, entitlements, storage, clock } = deps;

  /** A brand dresses a custom domain's pages, so it opens and closes with custom domains' period. */
  const assertAllowed = (accountId: string) =>
    entitlements.assertAccess(accountId, 'customDomain', ['canUseBranding', 'branding_not_allowed']);

  const urlOf = (accountId: string, file: string | null) => {
    const kind = file ? parseFile(file)?.kind : undefined;
    return file && kind ? mediaPath(accountId, file, PREVIEW[kind]) : null;
  };

  function toBrand(row: ListedBrand): Brand {
    return {
      id: row.id,
      name: row.name,
      logo: row.logo,
      logoUrl: urlOf(row.account_id, row.logo),
      favicon: row.favicon,
      faviconUrl: urlOf(row.account_id, row.favicon),
      pageBackgroundColor: row.page_background_color,
      buttonColor: row.button_color,
      buttonFontColor: row.button_font_color,
      domainId: row.domain_id,
      domain: row.domain,
      createdAt: seconds(row.created_at),
      updatedAt: seconds(row.updated_at),
    };
  }

  /** Reads a variant's bytes wherever it is: saved, or still waiting in its day's folder. */
  async function readVariant(accountId: string, file: string, variant: Variant) {
    const parsed = parseFile(file);
    if (!parsed) return null;
    for (const folder of [savedFolder(accountId, file), pendingFolder(accountId, file, parsed.day)]) {
      const stored = await storage.get(`${folder}${variant}`);
      if (stored) return stored;
    }
    return null;
  }

  /**
   * Makes sure `file`, as the brand's `kind` image, is one this account uploaded, and moves it from its
   * day's folder to the account's (so the sweep leaves it). Answers whether it moved it, so a save that
   * fails afterwards can take it back. Anything else (another account's file, a swept one, a favicon
   * given as a logo, a name we never made) is 400 brand_image_invalid.
   */
  async function claim(accountId: string, kind: BrandImageKind, file: string | null) {
    if (file === null) return false;
    const parsed = parseFile(file);
    if (parsed?.kind !== kind) throw badRequest('brand_image_invalid', kind);
    const variants = Object.keys(VARIANTS[kind]) as Variant[];
    if (await storage.head(`${savedFolder(accountId, file)}${variants[0]}`)) return false;
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
      await storage.put(`${savedFolder(accountId, file)}${variant}`, body, contentTypeOf(kind, variant));
    }
    return true;
  }

  /** Deletes a saved image no brand of the account shows any more; a failure leaves a file, not an error. */
  async function drop(accountId: string, file: string | null | undefined) {
    if (!file || !parseFile(file) || (await repo.uses(accountId, file))) return;
    await storage.deletePrefix(savedFolder(accountId, file)).catch(() => undefined);
  }

  /** Checks and claims the images of a save, runs it, then tidies: moved uploads go back if it failed. */
  async function saving<T>(accountId: string, input: BrandInput, save: (fields: BrandFields) => Promise<T>) {
    const claimed: string[] = [];
    try {
      if (await claim(accountId, 'logo', input.logo)) claimed.push(input.logo as string);
      if (await claim(accountId, 'favicon', input.favicon)) claimed.push(input.favicon as string);
      const result = await save({
        name: input.name,
        logo: input.logo,
        favicon: input.favicon,
        page_background_color: input.pageBackgroundColor,
        button_color: input.buttonColor,
        button_font_color: input.buttonFontColor,
        domain_id: input.domainId,
      });
      for (const file of claimed) {
        const parsed = parseFile(file);
        if (parsed) await storage.deletePrefix(pendingFolder(accountId, file, parsed.day)).catch(() => undefined);
      }
      return result;
    } catch (error) {
      // Still waiting in its day's folder, the upload can be saved again.
      for (const file of claimed) await drop(accountId, file);
      throw error;
    }
  }

  /** A save that raced another to the same domain meets the unique index (brand_domain_id_key). */
  const takenOnRace = (error: unknown): never => {
    if ((error as { code?: string }).code === '23505') throw conflict('brand_domain_taken', 'domainId');
    throw error;
  };

  const refusal = (outcome: 'cap' | 'domain' | 'taken' | 'missing') => {
    switch (outcome) {
      case 'cap':
        return badRequest('brands_too_many');
      case 'domain':
        return badRequest('brand_domain_required', 'domainId');
      case 'taken':
        return conflict('brand_domain_taken', 'domainId');
      case 'missing':
        return brandNotFound();
    }
  };

  return {
    /** Open on every plan until Clear, so an account that lost the privilege still sees its brands. */
    async list(accountId: string) {
      const rights = await entitlements.of(accountId);
      if (!rights.features.getData) throw planPeriod();
      const rows = await repo.list(accountId);
      return { list: rows.map(toBrand), allowed: rights.privileges.canUseBranding, cap: rights.caps.brands };
    },

    async add(accountId: string, input: BrandInput): Promise<Brand> {
      const rights = await assertAllowed(accountId);
      const outcome = await saving(accountId, input, (fields) =>
        repo.insert(accountId, fields, rights.caps.brands).then((result) => {
          if (typeof result === 'string') throw refusal(result);
          return result;
        }, takenOnRace),
      );
      return toBrand(outcome);
    },

    /** Replacing an image deletes the one it replaces, once no brand of the account shows it. */
    async edit(accountId: string, id: string, input: BrandInput): Promise<Brand> {
      await assertAllowed(accountId);
      const { before, after } = await saving(accountId, input, (fields) =>
        repo.update(accountId, id, fields, clock.now()).then((result) => {
          if (typeof result === 'string') throw refusal(result);
          return result;
        }, takenOnRace),
      );
      if (before.logo !== after.logo) await drop(accountId, before.logo);
      if (before.favicon !== after.favicon) await drop(accountId, before.favicon);
      return toBrand(after);
    },

    /**
     * Open on every plan until Frozen, as revoking an API key is: taking a brand away is never a paid
     * feature, and an account that lost the privilege may tidy what it made.
     */
    async remove(accountId: string, id: string) {
      await entitlements.assertFeature(accountId, 'customDomain');
      const row = await repo.remove(accountId, id);
      if (!row) throw brandNotFound();
      await drop(accountId, row.logo);
      await drop(accountId, row.favicon);
    },

    /** brand.image: checks an upload, stores its variants in today's folder, answers its name and preview. */
    async upload(accountId: string, kind: BrandImageKind, base64: string) {
      await assertAllowed(accountId);
      const variants = await renderBrandImage(kind, Buffer.from(base64, 'base64'));
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

    /**
     * A variant for brand-media.routes.ts: null for a name we did not make, a variant its kind lacks, an
     * image not found, or an account scheduled for deletion (its images are as gone as its pages).
     */
    async media(accountId: string, file: string, variant: string) {
      const parsed = parseFile(file);
      if (!parsed || !isVariantOf(parsed.kind, variant)) return null;
      if ((await entitlements.ofAccount(accountId)) === null) return null;
      const stored = await readVariant(accountId, file, variant);
      return stored && { stored, contentType: contentTypeOf(parsed.kind, variant) };
    },

    /**
     * The brand of the pages served on a custom domain, for the public site layer; null when the domain
     * has none, or its account's plan no longer grants canUseBranding (or the account is being deleted).
     */
    async forDomain(domainId: string): Promise<PublicBrand | null> {
      const row = await repo.forDomain(domainId);
      if (!row) return null;
      const rights = await entitlements.ofAccount(row.account_id);
      if (!rights?.privileges.canUseBranding) return null;
      const favicon = row.favicon;
      return {
        name: row.name,
        logoPath: row.logo ? mediaPath(row.account_id, row.logo, 'logo.png') : null,
        faviconPaths: favicon
          ? {
              ico32: mediaPath(row.account_id, favicon, '32.ico'),
              png180: mediaPath(row.account_id, favicon, '180.png'),
              png100: mediaPath(row.account_id, favicon, '100.png'),
            }
          : null,
        pageBackgroundColor: row.page_background_color,
        buttonColor: row.button_color,
        buttonFontColor: row.button_font_color,
      };
    },

    /** Whether the brand is one of the account's, for the sites shown under it. */
    owns: async (accountId: string, id: string) => (await repo.find(accountId, id)) !== undefined,

    /**
     * A domain reset to a new name keeps its brand: when the new domain is verified and replaces the old
     * one, the brand moves with it in the same transaction (docs/product.md "Brands").
     */
    followDomain: repo.followDomain,

    /** Uploads never saved to a brand: their day's folder goes once the next day is over. */
    async sweep() {
      const today = clock.now().getTime();
      for (let back = PENDING_DAYS_KEPT; back < PENDING_DAYS_KEPT + PENDING_DAYS_SWEPT; back += 1) {
        await storage.deletePrefix(pendingDayFolder(dayOf(new Date(today - back * DAY_MS))));
      }
    },
  };
}
export type BrandService = ReturnType<typeof createBrandService>;
