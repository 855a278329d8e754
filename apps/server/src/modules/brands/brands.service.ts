import type { Brand, BrandImageKind, BrandInput } from '@leadreel/shared';
import { badRequest, conflict, notFound, planPeriod } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SiteBrand } from '../../site/site.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { StorageDriver } from '../storage/storage.ts';
import { mediaPath } from './brand-files.ts';
import type { BrandFields, BrandRepo, ListedBrand } from './brands.repo.ts';
import { createImageStore, type InUse } from './image-store.ts';

/** What the public site layer draws a custom domain's pages with (docs/product.md "Brands"). */
export type PublicBrand = SiteBrand;

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
  const images = createImageStore({ storage, clock });
  const inUse: InUse = repo.uses;

  /** A brand dresses a custom domain's pages, so it opens and closes with custom domains' period. */
  const assertAllowed = (accountId: string) =>
    entitlements.assertAccess(accountId, 'customDomain', ['canUseBranding', 'branding_not_allowed']);

  function toBrand(row: ListedBrand): Brand {
    return {
      id: row.id,
      name: row.name,
      logo: row.logo,
      logoUrl: images.urlOf(row.account_id, row.logo),
      favicon: row.favicon,
      faviconUrl: images.urlOf(row.account_id, row.favicon),
      pageBackgroundColor: row.page_background_color,
      buttonColor: row.button_color,
      buttonFontColor: row.button_font_color,
      domainId: row.domain_id,
      domain: row.domain,
      createdAt: seconds(row.created_at),
      updatedAt: seconds(row.updated_at),
    };
  }

  /** Claims the images of a save and runs it (image-store.ts saving). */
  const saving = <T>(accountId: string, input: BrandInput, save: (fields: BrandFields) => Promise<T>) =>
    images.saving(
      accountId,
      [
        ['logo', input.logo],
        ['favicon', input.favicon],
      ],
      inUse,
      () =>
        save({
          name: input.name,
          logo: input.logo,
          favicon: input.favicon,
          page_background_color: input.pageBackgroundColor,
          button_color: input.buttonColor,
          button_font_color: input.buttonFontColor,
          domain_id: input.domainId,
        }),
    );
  const drop = (accountId: string, file: string | null) => images.drop(accountId, file, inUse);

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

  /** What the public pages show of a brand: its name, colours and images as same-origin paths. */
  async function lookOf(row: Awaited<ReturnType<BrandRepo['byId']>>): Promise<PublicBrand | null> {
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
  }

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
      return images.upload(accountId, kind, Buffer.from(base64, 'base64'));
    },

    /**
     * A variant for brand-media.routes.ts: null for a name we did not make, a variant its kind lacks, an
     * image not found, or an account scheduled for deletion (its images are as gone as its pages).
     */
    async media(accountId: string, file: string, variant: string) {
      if ((await entitlements.ofAccount(accountId)) === null) return null;
      return images.read(accountId, file, variant);
    },

    /**
     * The brand of the pages served on a custom domain, for the public site layer; null when the domain
     * has none, or its account's plan no longer grants canUseBranding (or the account is being deleted).
     */
    forDomain: async (domainId: string) => lookOf(await repo.forDomain(domainId)),

    /** A brand's look on the pages of a site under it, whatever domain they are on; null as forDomain. */
    forBrand: async (brandId: string) => lookOf(await repo.byId(brandId)),

    /** Whether the brand is one of the account's, for the sites shown under it. */
    owns: async (accountId: string, id: string) => (await repo.find(accountId, id)) !== undefined,

    /**
     * A domain reset to a new name keeps its brand: when the new domain is verified and replaces the old
     * one, the brand moves with it in the same transaction (docs/product.md "Brands").
     */
    followDomain: repo.followDomain,

    /**
     * The images' store, for the sites shown under the account's brands: their banner and picture go the
     * same way as a brand's logo and favicon (docs/product.md "Brands").
     */
    images,

    /** Uploads never saved, of brands and sites alike. */
    sweep: images.sweep,
  };
}
export type BrandService = ReturnType<typeof createBrandService>;
