import type {
  Category,
  CategoryInput,
  NavigationLink,
  Site,
  SiteHome,
  SiteImageKind,
  SiteProfileInput,
  SiteSitemap,
} from '@leadreel/shared';
import { badRequest, notFound, planPeriod } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ImageStore, InUse } from '../brands/image-store.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { CategoryFields, CategoryRow, SiteChange, SiteRepo, SiteRow } from './sites.repo.ts';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const siteNotFound = () => notFound('site_not_found', 'id');
const categoryNotFound = (field = 'id') => notFound('category_not_found', field);

/** A new site's home tab and sitemap, until its screens save others. */
const DEFAULT_HOME: SiteHome = { forYou: true, thumbnailRatio: '16:9', emailGate: 'off' };
const DEFAULT_SITEMAP: SiteSitemap = { indexed: true, pages: ['home', 'categories', 'videos'] };

function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    siteId: row.site_id,
    name: row.name,
    description: row.description,
    visible: row.visible,
    order: row.position,
    videoIds: row.video_ids,
  };
}

const profileChange = (profile: SiteProfileInput) => ({
  name: profile.name,
  description: profile.description,
  banner: profile.banner,
  picture: profile.picture,
  contact: JSON.stringify(profile.contact),
});

/**
 * Sites (the console contract's "Site/channel"): the pages of the account's videos, shown under one of its
 * brands. "Sites are available from the Lite plan up" (canUseChannel), capped by the plan, and, like the
 * brands and domains they are shown on, closed from the Frozen period on.
 */
export function createSiteService(deps: {
  repo: SiteRepo;
  entitlements: EntitlementsService;
  /** The brands module's answer to whether the brand is the account's. */
  ownsBrand: (accountId: string, brandId: string) => Promise<boolean>;
  /** The videos module's answer to which of these ids are the account's videos. */
  ownVideos: (accountId: string, videoIds: string[]) => Promise<unknown[]>;
  /** The brands module's store of images, which keeps a site's banner and picture as it keeps a brand's logo. */
  images: ImageStore;
  clock: Clock;
}) {
  const { repo, entitlements, ownsBrand, ownVideos, images, clock } = deps;
  const inUse: InUse = repo.uses;

  function toSite(row: SiteRow): Site {
    return {
      id: row.id,
      brandId: row.brand_id,
      name: row.name,
      description: row.description,
      banner: row.banner,
      bannerUrl: images.urlOf(row.account_id, row.banner),
      picture: row.picture,
      pictureUrl: images.urlOf(row.account_id, row.picture),
      contact: row.contact,
      // Sites saved before the email gate existed have it off.
      home: { ...DEFAULT_HOME, ...row.home },
      sitemap: row.sitemap,
      navigation: row.navigation,
      createdAt: seconds(row.created_at),
      updatedAt: seconds(row.updated_at),
    };
  }

  /** Claims the profile's banner and picture and runs the save that shows them (image-store.ts saving). */
  const savingImages = <T>(accountId: string, profile: SiteProfileInput, save: () => Promise<T>) =>
    images.saving(
      accountId,
      [
        ['banner', profile.banner],
        ['picture', profile.picture],
      ],
      inUse,
      save,
    );
  const drop = (accountId: string, file: string | null) => images.drop(accountId, file, inUse);

  const assertAllowed = (accountId: string) =>
    entitlements.assertAccess(accountId, 'customDomain', ['canUseChannel', 'site_not_allowed']);

  async function save(accountId: string, id: string, change: SiteChange) {
    await assertAllowed(accountId);
    const row = await repo.update(accountId, id, change, clock.now());
    if (!row) throw siteNotFound();
    return toSite(row);
  }

  /** Every video of a category is one of the account's own; another's or a missing one is 404. */
  async function checkVideos(accountId: string, videoIds: string[]) {
    if (videoIds.length === 0) return;
    const found = await ownVideos(accountId, videoIds);
    if (found.length !== new Set(videoIds).size) throw notFound('video_invalid', 'videoIds');
  }

  const categoryFields = (input: CategoryInput): CategoryFields => ({
    name: input.name,
    description: input.description,
    visible: input.visible,
    video_ids: input.videoIds,
  });

  return {
    /** Open on every plan until Clear, so an account that lost the privilege still sees its sites. */
    async list(accountId: string) {
      const rights = await entitlements.of(accountId);
      if (!rights.features.getData) throw planPeriod();
      const rows = await repo.list(accountId);
      return { list: rows.map(toSite), allowed: rights.privileges.canUseChannel, cap: rights.caps.sites };
    },

    async detail(accountId: string, id: string) {
      await entitlements.assertFeature(accountId, 'getData');
      const row = await repo.find(accountId, id);
      if (!row) throw siteNotFound();
      return toSite(row);
    },

    /** "No brands are available, so a site cannot be created": a site is shown under one of the account's brands. */
    async add(accountId: string, brandId: string, profile: SiteProfileInput): Promise<Site> {
      const rights = await assertAllowed(accountId);
      const fields = {
        ...profileChange(profile),
        home: JSON.stringify(DEFAULT_HOME),
        sitemap: JSON.stringify(DEFAULT_SITEMAP),
        navigation: JSON.stringify([]),
      };
      const noBrand = () => badRequest('site_brand_required', 'brandId');
      if (!(await ownsBrand(accountId, brandId))) throw noBrand();
      const row = await savingImages(accountId, profile, async () => {
        const result = await repo.insert(accountId, brandId, fields, rights.caps.sites).catch((error: unknown) => {
          // The brand was deleted between the check and the insert.
          if ((error as { code?: string }).code === '23503') throw noBrand();
          throw error;
        });
        if (result === 'cap') throw badRequest('sites_too_many');
        return result;
      });
      return toSite(row);
    },

    /** Open on every plan until Frozen: taking a site away is never a paid feature. Its images go with it. */
    async remove(accountId: string, id: string) {
      await entitlements.assertFeature(accountId, 'customDomain');
      const row = await repo.remove(accountId, id);
      if (!row) throw siteNotFound();
      await drop(accountId, row.banner);
      await drop(accountId, row.picture);
    },

    /** Replacing the banner or picture deletes the one it replaces, once no site of the account shows it. */
    async saveProfile(accountId: string, id: string, profile: SiteProfileInput) {
      await assertAllowed(accountId);
      const { before, after } = await savingImages(accountId, profile, async () => {
        const result = await repo.replace(accountId, id, profileChange(profile), clock.now());
        if (!result) throw siteNotFound();
        return result;
      });
      if (before.banner !== after.banner) await drop(accountId, before.banner);
      if (before.picture !== after.picture) await drop(accountId, before.picture);
      return toSite(after);
    },

    /** site.image: a banner or picture for the site-info screen, waiting to be saved with the profile. */
    async upload(accountId: string, kind: SiteImageKind, base64: string) {
      await assertAllowed(accountId);
      return images.upload(accountId, kind, Buffer.from(base64, 'base64'));
    },

    saveHome: (accountId: string, id: string, home: SiteHome) => save(accountId, id, { home: JSON.stringify(home) }),
    saveSitemap: (accountId: string, id: string, sitemap: SiteSitemap) =>
      save(accountId, id, { sitemap: JSON.stringify(sitemap) }),

    /** A link to a category names one of this site's categories. */
    async saveNavigation(accountId: string, id: string, navigation: NavigationLink[]) {
      await assertAllowed(accountId);
      if (!(await repo.find(accountId, id))) throw siteNotFound();
      const categories = new Set((await repo.categories(accountId, id)).map((row) => row.id));
      for (const link of navigation) {
        if (link.target.kind === 'category' && !categories.has(link.target.categoryId))
          throw categoryNotFound('navigation');
      }
      return save(accountId, id, { navigation: JSON.stringify(navigation) });
    },

    async categories(accountId: string, siteId: string) {
      await entitlements.assertFeature(accountId, 'getData');
      if (!(await repo.find(accountId, siteId))) throw siteNotFound();
      return { list: (await repo.categories(accountId, siteId)).map(toCategory) };
    },

    async addCategory(accountId: string, siteId: string, input: CategoryInput) {
      await assertAllowed(accountId);
      if (!(await repo.find(accountId, siteId))) throw notFound('site_not_found', 'siteId');
      await checkVideos(accountId, input.videoIds);
      const row = await repo.insertCategory(accountId, siteId, categoryFields(input));
      if (!row) throw notFound('site_not_found', 'siteId');
      return toCategory(row);
    },

    async editCategory(accountId: string, id: string, input: CategoryInput) {
      await assertAllowed(accountId);
      if (!(await repo.findCategory(accountId, id))) throw categoryNotFound();
      await checkVideos(accountId, input.videoIds);
      const row = await repo.updateCategory(accountId, id, categoryFields(input));
      if (!row) throw categoryNotFound();
      return toCategory(row);
    },

    /** A navigation link to the category goes with it. */
    async removeCategory(accountId: string, id: string) {
      await entitlements.assertFeature(accountId, 'customDomain');
      const row = await repo.removeCategory(accountId, id);
      if (!row) throw categoryNotFound();
      const site = await repo.find(accountId, row.site_id);
      if (!site) return;
      const navigation = site.navigation.filter(
        (link) => link.target.kind !== 'category' || link.target.categoryId !== id,
      );
      if (navigation.length !== site.navigation.length)
        await repo.update(accountId, site.id, { navigation: JSON.stringify(navigation) }, clock.now());
    },

    async orderCategories(accountId: string, siteId: string, ids: string[]) {
      await assertAllowed(accountId);
      const result = await repo.orderCategories(accountId, siteId, ids);
      if (result === 'missing') throw notFound('site_not_found', 'siteId');
      if (result === 'mismatch') throw badRequest('category_order_invalid', 'ids');
      return { list: result.map(toCategory) };
    },
  };
}
export type SiteService = ReturnType<typeof createSiteService>;
