import {
  type CLICK_KINDS,
  type ContactKind,
  type ContactSettings,
  DEFAULT_CONTACTS,
  type SeoPage,
  type SeoPageFields,
} from '@leadreel/shared';
import { AppError, badRequest } from '../../errors.ts';
import type { AccountService } from '../account/account.service.ts';
import type { VideoRepo, VideoRow } from '../videos/videos.repo.ts';
import type { SettingsRepo } from './settings.repo.ts';

/** What a video's SEO page is before its owner touches it: the video's own name, listed in search engines. */
export const DEFAULT_SEO: SeoPageFields = { title: '', description: '', keywords: [], slug: '', indexable: true };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where a video's public pages live: by slug when it has one (`/v/{slug}`), else by id. */
export function watchPath(videoId: string, slug: string | null | undefined) {
  return `/v/${slug || videoId}`;
}

/**
 * The video settings screens (spec §2 /video-setting/{videoId}). Only the owner reads or writes them, and
 * only before the Frozen period (spec §4); a foreign or deleted video is 404, the same as one that never was.
 */
export function createSettingsService(deps: {
  settings: SettingsRepo;
  videos: VideoRepo;
  accounts: AccountService;
  publicUrl: string;
}) {
  const { settings, videos, accounts, publicUrl } = deps;

  /** Reading (the share and embed dialogs need the addresses) stays open until Clear; writing until Frozen. */
  async function ownVideo(accountId: string, videoId: string, feature: 'getData' | 'videoSettings'): Promise<VideoRow> {
    await accounts.assertFeatureAllowed(accountId, feature);
    const video = await videos.findById(videoId);
    if (!video || video.account_id !== accountId) throw new AppError(404, 'video_invalid', { field: 'videoId' });
    return video;
  }

  function seoPage(videoId: string, seo: SeoPageFields): SeoPage {
    return {
      ...seo,
      videoId,
      watchUrl: `${publicUrl}${watchPath(videoId, seo.slug)}`,
      embedUrl: `${publicUrl}/embed/${videoId}`,
    };
  }

  return {
    async getEmbedDomains(accountId: string) {
      await accounts.assertFeatureAllowed(accountId, 'getData');
      return { domains: await settings.embedDomains(accountId) };
    },

    async saveEmbedDomains(accountId: string, domains: string[]) {
      await accounts.assertFeatureAllowed(accountId, 'videoSettings');
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

    /**
     * A viewer's click on a player button, from any page: recorded against the video's account when the
     * video is one a viewer can see; anything else is the same 404.
     */
    async recordClick(click: {
      videoId: string;
      kind: (typeof CLICK_KINDS)[number];
      second: number;
      page: string;
      referrer: string;
    }) {
      const video = await videos.findById(click.videoId);
      if (!video?.playable || !['processing', 'ready'].includes(video.status)) throw new AppError(404, 'video_invalid');
      await settings.recordClick({
        video_id: video.id,
        account_id: video.account_id,
        kind: click.kind,
        second: click.second,
        page_url: click.page,
        referrer: click.referrer,
      });
    },

    async getSeo(accountId: string, videoId: string): Promise<SeoPage> {
      await ownVideo(accountId, videoId, 'getData');
      const row = await settings.find(videoId);
      return seoPage(videoId, { ...DEFAULT_SEO, ...row?.seo });
    },

    async saveSeo(accountId: string, videoId: string, seo: SeoPageFields): Promise<SeoPage> {
      await ownVideo(accountId, videoId, 'videoSettings');
      // A slug shaped like a video id would hide that video's own /v/{id}.
      if (UUID.test(seo.slug)) throw badRequest('slug_invalid', 'slug');
      try {
        await settings.saveSeo(videoId, seo);
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw new AppError(409, 'slug_taken', { field: 'slug' });
        throw error;
      }
      return seoPage(videoId, seo);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
