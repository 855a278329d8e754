import { randomBytes } from 'node:crypto';
import {
  type BrandingSetting,
  type ClonePart,
  type ContactKind,
  type ContactSettings,
  DEFAULT_CONTACTS,
  DEFAULT_OVERLAYS,
  type InquiryForm,
  LOGO_MAX_BYTES,
  type OverlayData,
  type OverlayKind,
  type OverlaySettings,
  type SeoPage,
  type SeoPageFields,
} from '@leadreel/shared';
import { UUID_PATTERN } from '@leadreel/shared/text';
import type { Updateable } from 'kysely';
import type { VideoSettingTable } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { StorageDriver } from '../storage/storage.ts';
import { videoMediaPrefix } from '../videos/keys.ts';
import type { VideoRow, VideoService } from '../videos/videos.service.ts';
import { OVERLAY_COLUMNS, type SettingsRepo } from './settings.repo.ts';

/** What a video's SEO page is before its owner touches it: the video's own name, listed in search engines. */
export const DEFAULT_SEO: Required<SeoPageFields> = {
  title: '',
  description: '',
  keywords: [],
  slug: '',
  indexable: true,
  sourceUrl: '',
};

/** Where a video's logo is stored (read by the media routes). */
export const logoFolder = (accountId: string, videoId: string, file: string) =>
  `${videoMediaPrefix(accountId, videoId)}brand/${file}/`;

/** The public address of a video's logo (served by the media routes). */
export const logoPath = (videoId: string, file: string) => `/media/${videoId}/brand/${file}`;

/** Where a video's public pages live: by slug when it has one (`/v/{slug}`), else by id. */
export function watchPath(videoId: string, slug: string | null | undefined) {
  return `/v/${slug || videoId}`;
}

/**
 * The video settings screens (the console contract /video-setting/{videoId}). Only the owner reads or writes them, and
 * only before the Frozen period; a foreign or deleted video is 404, the same as one that never was.
 */
export function createSettingsService(deps: {
  settings: SettingsRepo;
  videos: Pick<VideoService, 'ownVideo' | 'findById'>;
  entitlements: EntitlementsService;
  storage: StorageDriver;
  publicUrl: string;
}) {
  const { settings, videos, entitlements, storage, publicUrl } = deps;

  /** Branding is a paid plan's (the console contract canUseBranding): a Free account sees LeadReel's look. */
  async function assertBranding(accountId: string) {
    await entitlements.assertPrivilege(accountId, 'canUseBranding', 'branding_not_allowed');
  }

  /** Each logo in a folder of its own, so replacing one can delete it by prefix. */
  const logoKey = (video: VideoRow, file: string) => `${logoFolder(video.account_id, video.id, file)}image`;
  /** A JPEG or PNG (checked by its first bytes, at most 2 MB) stored under the video, named by us. */
  async function storeImage(video: VideoRow, kind: 'logo' | 'cover', base64: string) {
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length > LOGO_MAX_BYTES) throw badRequest(`${kind}_too_large`, 'image');
    const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    if (!png && !jpeg) throw badRequest(`${kind}_file_invalid`, 'image');
    const file = `${kind}-${randomBytes(10).toString('hex').slice(0, 16)}.${png ? 'png' : 'jpg'}`;
    await storage.put(logoKey(video, file), bytes, png ? 'image/png' : 'image/jpeg');
    return file;
  }

  const brandingData = (videoId: string, branding: BrandingSetting) => ({
    ...branding,
    logoUrl: branding.logo ? logoPath(videoId, branding.logo) : null,
  });

  /** Reading (the share and embed dialogs need the addresses) stays open until Clear; writing until Frozen. */
  const ownVideo: VideoService['ownVideo'] = (...args) => videos.ownVideo(...args);

  function seoPage(videoId: string, seo: Required<SeoPageFields>, cover: string | null | undefined): SeoPage {
    return {
      ...seo,
      videoId,
      coverUrl: cover ? logoPath(videoId, cover) : null,
      watchUrl: `${publicUrl}${watchPath(videoId, seo.slug)}`,
      embedUrl: `${publicUrl}/embed/${videoId}`,
    };
  }

  return {
    /** The sites where the account's embeds may play, for its public pages (no screen's gate applies). */
    embedDomainsOf: (accountId: string) => settings.embedDomains(accountId),

    async getEmbedDomains(accountId: string) {
      await entitlements.assertFeature(accountId, 'getData');
      return { domains: await settings.embedDomains(accountId) };
    },

    async saveEmbedDomains(accountId: string, domains: string[]) {
      await entitlements.assertFeature(accountId, 'videoSettings');
      const unique = [...new Set(domains)];
      await settings.saveEmbedDomains(accountId, unique);
      return { domains: unique };
    },

    async getContact<K extends ContactKind>(accountId: string, videoId: string, kind: K): Promise<ContactSettings[K]> {
      await ownVideo(accountId, videoId, 'getData');
      const row = await settings.find(videoId);
      return { ...DEFAULT_CONTACTS[kind], ...row?.[kind] } as ContactSettings[K];
    },

    async saveContact<K extends ContactKind>(
      accountId: string,
      videoId: string,
      kind: K,
      setting: ContactSettings[K],
    ): Promise<ContactSettings[K]> {
      await ownVideo(accountId, videoId, 'videoSettings');
      await settings.saveContact(videoId, kind, setting);
      return setting;
    },

    /** A video with its settings and its account's embed sites, by id or link name: a public page's data. */
    findPublic: (ref: { id: string } | { slug: string }) => settings.findPublic(ref),

    /** Watch pages search engines may list (the sitemap). */
    indexable: (limit: number, accountId: string | null = null) => settings.indexable(limit, accountId),

    /** The video's saved inquiry form, for the leads module (which owns what a form means). */
    savedForm: (videoId: string) => settings.form(videoId),
    saveForm: (videoId: string, form: InquiryForm) => settings.saveForm(videoId, form),

    async getOverlay<K extends OverlayKind>(accountId: string, videoId: string, kind: K): Promise<OverlayData[K]> {
      await ownVideo(accountId, videoId, 'getData');
      const row = await settings.find(videoId);
      const setting = { ...DEFAULT_OVERLAYS[kind], ...row?.[OVERLAY_COLUMNS[kind]] } as OverlaySettings[K];
      return (kind === 'branding' ? brandingData(videoId, setting as BrandingSetting) : setting) as OverlayData[K];
    },

    async saveOverlay<K extends OverlayKind>(
      accountId: string,
      videoId: string,
      kind: K,
      setting: OverlaySettings[K],
    ): Promise<OverlayData[K]> {
      const video = await ownVideo(accountId, videoId, 'videoSettings');
      const row = await settings.find(videoId);
      if (kind === 'branding') {
        await assertBranding(accountId);
        const branding = setting as BrandingSetting;
        if (branding.logo && !(await storage.head(logoKey(video, branding.logo)))) {
          throw badRequest('logo_invalid', 'logo');
        }
        await settings.saveOverlay(videoId, kind, setting);
        // The logo it replaces is no longer shown anywhere.
        const previous = row?.branding?.logo;
        if (previous && previous !== branding.logo)
          await storage.deletePrefix(logoFolder(video.account_id, video.id, previous)).catch(() => undefined);
        return brandingData(videoId, branding) as OverlayData[K];
      }
      if (kind === 'widget') {
        // The widget offers the channels the contact screens filled in; an empty one would lead nowhere.
        const widget = setting as OverlaySettings['widget'];
        const filled = {
          whatsapp: Boolean(row?.whatsapp?.number),
          telephone: Boolean(row?.telephone?.number),
          email: Boolean(row?.email?.address),
        };
        if (widget.enabled && widget.channels.some((channel) => !filled[channel])) {
          throw badRequest('widget_channel_unset', 'setting.channels');
        }
      }
      await settings.saveOverlay(videoId, kind, setting);
      return setting as OverlayData[K];
    },

    /** A logo image for the branding screen: checked by its bytes, stored under the video, named by us. */
    async uploadLogo(accountId: string, videoId: string, base64: string) {
      const video = await ownVideo(accountId, videoId, 'videoSettings');
      await assertBranding(accountId);
      const logo = await storeImage(video, 'logo', base64);
      return { logo, logoUrl: logoPath(videoId, logo) };
    },

    /** The watch page's own cover (its poster and shared card), replacing the last; null goes back to the poster. */
    async setCover(accountId: string, videoId: string, base64: string | null): Promise<SeoPage> {
      const video = await ownVideo(accountId, videoId, 'videoSettings');
      const cover = base64 === null ? null : await storeImage(video, 'cover', base64);
      const row = await settings.find(videoId);
      await settings.saveCover(videoId, cover);
      if (row?.cover && row.cover !== cover) {
        await storage.deletePrefix(logoFolder(video.account_id, video.id, row.cover)).catch(() => undefined);
      }
      return seoPage(videoId, { ...DEFAULT_SEO, ...row?.seo }, cover);
    },

    /**
     * kit-clone: the chosen settings of one video onto many of the owner's other videos, in one transaction.
     * The SEO page goes without its title, link name and source article (they name one video); a logo is
     * copied with it.
     */
    async cloneKit(accountId: string, input: { videoId: string; targetVideoIds: string[]; parts: ClonePart[] }) {
      const source = await ownVideo(accountId, input.videoId, 'videoSettings');
      const parts = new Set(input.parts);
      if (parts.has('branding')) await assertBranding(accountId);
      const targetIds = [...new Set(input.targetVideoIds)].filter((id) => id !== source.id);
      const targets: VideoRow[] = [];
      for (const id of targetIds) {
        const target = await videos.findById(id);
        if (!target || target.account_id !== accountId) throw notFound('video_invalid', 'targetVideoIds');
        targets.push(target);
      }
      const row = await settings.find(source.id);
      const rows = [];
      for (const target of targets) {
        const values: Updateable<VideoSettingTable> = {};
        const current = await settings.find(target.id);
        if (parts.has('seo')) {
          const from = { ...DEFAULT_SEO, ...row?.seo };
          const own = { ...DEFAULT_SEO, ...current?.seo };
          values.seo = { ...own, description: from.description, keywords: from.keywords, indexable: from.indexable };
        }
        // The inquiry form, as the source has it.
        if (parts.has('form') && row?.form) values.form = JSON.stringify(row.form) as never;
        for (const kind of ['whatsapp', 'telephone', 'email'] as const) {
          if (parts.has(kind)) values[kind] = { ...DEFAULT_CONTACTS[kind], ...row?.[kind] } as never;
        }
        for (const kind of ['branding', 'superAction', 'widget', 'share'] as const) {
          if (parts.has(kind))
            values[OVERLAY_COLUMNS[kind]] = { ...DEFAULT_OVERLAYS[kind], ...row?.[OVERLAY_COLUMNS[kind]] } as never;
        }
        const logo = parts.has('branding') ? row?.branding?.logo : null;
        if (logo) {
          const stored = await storage.get(logoKey(source, logo));
          if (stored) {
            const chunks: Buffer[] = [];
            for await (const chunk of stored.body) chunks.push(chunk as Buffer);
            await storage.put(
              logoKey(target, logo),
              Buffer.concat(chunks),
              logo.endsWith('.png') ? 'image/png' : 'image/jpeg',
            );
          }
        }
        rows.push({ videoId: target.id, values });
      }
      await settings.saveMany(rows, parts.has('subtitles') ? source.id : undefined);
      return { copied: rows.length };
    },

    async getSeo(accountId: string, videoId: string): Promise<SeoPage> {
      await ownVideo(accountId, videoId, 'getData');
      const row = await settings.find(videoId);
      return seoPage(videoId, { ...DEFAULT_SEO, ...row?.seo }, row?.cover);
    },

    async saveSeo(accountId: string, videoId: string, seo: SeoPageFields): Promise<SeoPage> {
      await ownVideo(accountId, videoId, 'videoSettings');
      // A slug shaped like a video id would hide that video's own /v/{id}.
      if (UUID_PATTERN.test(seo.slug)) throw badRequest('slug_invalid', 'slug');
      // A new link name is a paid plan's (the console contract canUseLinkName); one already set stays when the plan ends.
      const row = await settings.find(videoId);
      const current = { slug: '', cover: null, ...row };
      // Absent (a caller from before the field existed), the source article stays as stored.
      const page = { ...seo, sourceUrl: seo.sourceUrl ?? row?.seo?.sourceUrl ?? '' };
      if (seo.slug !== '' && seo.slug !== (current.slug ?? '')) {
        await entitlements.assertPrivilege(accountId, 'canUseLinkName', 'link_name_not_allowed', 'slug');
      }
      try {
        await settings.saveSeo(videoId, page);
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw conflict('slug_taken', 'slug');
        throw error;
      }
      return seoPage(videoId, page, current.cover);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
