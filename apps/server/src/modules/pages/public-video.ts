import { createHash } from 'node:crypto';
import {
  type BrandingSetting,
  DEFAULT_FORM,
  DEFAULT_OVERLAYS,
  type EmailButtonSetting,
  type InquiryForm,
  isShownStatus,
  isWebAddress,
  type ShareSetting,
  type SuperActionSetting,
  type TelephoneSetting,
  type WhatsappSetting,
  type WidgetSetting,
} from '@leadreel/shared';
import { UUID_PATTERN } from '@leadreel/shared/text';
import { type Site, servesAccount } from '../../site/site.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { FormChallenge } from '../leads/captcha.ts';
import { DEFAULT_SEO, logoPath, type SettingsService, watchPath } from '../video-settings/settings.service.ts';
import { subtitlePath } from '../video-settings/subtitles.service.ts';
import { mediaUrl } from '../videos/keys.ts';
import type { PublicAction, PublicContact, PublicForm, PublicShare, PublicVideo, PublicWidget } from './view-model.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

type PublicRow = NonNullable<Awaited<ReturnType<SettingsService['findPublic']>>>;

/** CSP frame-ancestors for an embed: anywhere, or this server and the listed sites over http and https. */
export function embedAncestors(domains: string[]): string {
  if (domains.length === 0) return '*';
  return ["'self'", ...domains.flatMap((domain) => [`https://${domain}`, `http://${domain}`])].join(' ');
}

/** The contact buttons a video shows, their links built here (https://faq.whatsapp.com/5913398998672934). */
export function publicContacts(setting: {
  whatsapp: WhatsappSetting | null;
  telephone: TelephoneSetting | null;
  email: EmailButtonSetting | null;
}): PublicContact[] {
  const contacts: PublicContact[] = [];
  const times = (button: {
    position: PublicContact['position'];
    showFrom: number;
    showUntil: number | null;
    label: string;
  }) => ({
    label: button.label,
    position: button.position,
    from: button.showFrom,
    until: button.showUntil,
  });
  const { whatsapp, telephone, email } = setting;
  if (whatsapp?.enabled && whatsapp.number) {
    const text = whatsapp.message ? `?text=${encodeURIComponent(whatsapp.message)}` : '';
    contacts.push({ kind: 'whatsapp', href: `https://wa.me/${whatsapp.number.slice(1)}${text}`, ...times(whatsapp) });
  }
  if (telephone?.enabled && telephone.number)
    contacts.push({ kind: 'telephone', href: `tel:${telephone.number}`, ...times(telephone) });
  if (email?.enabled && email.address) {
    const subject = email.subject ? `?subject=${encodeURIComponent(email.subject)}` : '';
    contacts.push({ kind: 'email', href: `mailto:${email.address}${subject}`, ...times(email) });
  }
  return contacts;
}

/** The call to action a video shows, if it is on and complete. */
export function publicAction(setting: SuperActionSetting | null): PublicAction | null {
  if (!setting?.enabled || !setting.text || !setting.link) return null;
  const atEnd = setting.timing === 'end';
  return {
    style: setting.style,
    text: setting.text,
    href: setting.link,
    position: setting.position,
    from: atEnd ? 0 : setting.showFrom,
    until: atEnd ? null : setting.showUntil,
    atEnd,
  };
}

/**
 * The widget, with the links of the channels it offers that the contact screens filled in (whether or not
 * those screens' own buttons are on).
 */
export function publicWidget(
  setting: WidgetSetting | null,
  buttons: Parameters<typeof publicContacts>[0],
): PublicWidget | null {
  if (!setting?.enabled) return null;
  const on = <T extends { enabled: boolean }>(button: T | null) => (button ? { ...button, enabled: true } : null);
  const contacts = publicContacts({
    whatsapp: on(buttons.whatsapp),
    telephone: on(buttons.telephone),
    email: on(buttons.email),
  });
  const links = setting.channels.flatMap((channel) => contacts.filter((contact) => contact.kind === channel));
  if (links.length === 0) return null;
  return { title: setting.title, message: setting.message, position: setting.position, links };
}

/** Share links for each chosen network, in the order the owner chose them (each network's own share URL). */
export function publicShare(setting: ShareSetting | null, video: { url: string; title: string; image: string | null }) {
  const share = setting ?? DEFAULT_OVERLAYS.share;
  if (!share.enabled) return [];
  const url = encodeURIComponent(video.url);
  const text = encodeURIComponent(video.title);
  const links: Record<string, string> = {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    x: `https://x.com/intent/post?url=${url}&text=${text}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${video.title} ${video.url}`)}`,
    telegram: `https://t.me/share/url?url=${url}&text=${text}`,
    pinterest: `https://pinterest.com/pin/create/button/?url=${url}&description=${text}${video.image ? `&media=${encodeURIComponent(video.image)}` : ''}`,
    copy: video.url,
  };
  return share.networks.map((network): PublicShare => ({ network, href: links[network] as string }));
}

/**
 * What the player keys a viewer's memory by in their browser ("once per viewer", the anonymous viewer id):
 * the same on all the account's videos, and not the account's id.
 */
export const viewerScope = (accountId: string) =>
  createHash('sha256').update(`lead-scope:${accountId}`).digest('hex').slice(0, 16);

/** The inquiry form a viewer is shown, when it is on; "once per viewer" is kept per account. */
export function publicForm(
  form: InquiryForm | null,
  accountId: string,
  challenge: FormChallenge | null = null,
): PublicForm | null {
  if (!form?.enabled) return null;
  const { enabled: _on, ...shown } = { ...DEFAULT_FORM, ...form };
  return { ...shown, scope: viewerScope(accountId), challenge };
}

/** The owner's look, on a plan that carries branding. */
function publicBranding(setting: BrandingSetting | null, videoId: string) {
  if (!setting) return null;
  return {
    logoPath: setting.logo ? logoPath(videoId, setting.logo) : null,
    logoPosition: setting.logoPosition,
    logoLink: setting.logoLink,
    playerColor: setting.playerColor,
    buttonColor: setting.buttonColor,
    fontColor: setting.fontColor,
  };
}

/**
 * The pages' data and view model: a video as the viewer's pages show it, found by its id or its link name,
 * or null when it is deleted, unknown or cannot play yet (the same 404 for all).
 */
export function createPublicVideos(deps: {
  settings: Pick<SettingsService, 'findPublic'>;
  /** Whether the owner's plan carries its own branding (else the page shows LeadReel's mark). */
  entitlements: Pick<EntitlementsService, 'ofAccount'>;
  /** The installation's challenge on inquiry forms, or none. */
  challenge?: FormChallenge | null;
  /** A subtitle track's cues (the video settings' subtitles), for the video's page in that track's language. */
  trackCues: (videoId: string, trackId: string) => Promise<{ cues: { start: number; text: string }[] } | undefined>;
}) {
  const { settings, entitlements } = deps;
  /** A video of `site` by its id or link name: on a custom domain, only its account's videos exist. */
  async function find(ref: string, site: Site): Promise<PublicVideo | null> {
    const row = UUID_PATTERN.test(ref)
      ? await settings.findPublic({ id: ref })
      : SLUG.test(ref) && ref.length <= 80
        ? await settings.findPublic({ slug: ref })
        : undefined;
    if (!row || !servesAccount(site, row.account_id)) return null;
    const branded = (await entitlements.ofAccount(row.account_id))?.privileges.canUseBranding ?? false;
    return fromRow(row, branded, site);
  }

  /**
   * The video as its page in `language` shows it (`?hl=`): that subtitle track on by default with its words
   * as the transcript, and its dub, when it has one, as the audio the player starts in. `languages` are
   * every language the video has a page in, its subtitle tracks' (the default's first) and its dubs', which
   * hreflang names. A language it has neither a track nor a dub in, or its first, is no page of its own: null.
   */
  async function inLanguage(
    video: PublicVideo,
    language?: string,
  ): Promise<{ video: PublicVideo; language: string | null; languages: string[] } | null> {
    const languages = [...new Set([...video.tracks.map((each) => each.lang), ...video.dubs.map((each) => each.lang)])];
    if (!language) return { video, language: null, languages };
    // The first language's page is the plain address: `?hl=` of it would be the same page twice.
    if (language === languages[0] || !languages.includes(language)) return null;
    let shown: PublicVideo = {
      ...video,
      audioLang: video.dubs.some((dub) => dub.lang === language) ? language : null,
    };
    const track = video.tracks.find((each) => each.lang === language);
    const trackId = track && /\/([0-9a-f-]{36})\.vtt/.exec(track.src)?.[1];
    const found = trackId ? await deps.trackCues(video.id, trackId) : undefined;
    if (track && found) {
      shown = {
        ...shown,
        tracks: [track, ...video.tracks.filter((each) => each !== track)].map((each) => ({
          ...each,
          isDefault: each === track,
        })),
        transcript: found.cues.map((cue) => ({ start: cue.start, text: cue.text })),
      };
    }
    return { video: shown, language, languages };
  }

  /**
   * A row as a public page of `site` shows it (`branded`: with the owner's branding), or null while it
   * cannot play. Its addresses are on the site it is shown on.
   */
  function fromRow(row: PublicRow, branded: boolean, site: Site): PublicVideo | null {
    if (!row.playable || !isShownStatus(row.status)) return null;
    const publicUrl = site.origin;
    const seo = { ...DEFAULT_SEO, ...row.seo };
    const file = (name: string | null | undefined) =>
      name ? `${publicUrl}${mediaUrl(row.id, row.generation, name)}` : null;
    const hlsPath = `/media/${row.id}/master.m3u8`;
    const title = seo.title || row.name.replace(/\.[a-z0-9]{2,5}$/i, '');
    const watchUrl = `${publicUrl}${watchPath(row.id, row.slug)}`;
    const contacts = publicContacts(row);
    return {
      id: row.id,
      title,
      description: seo.description,
      keywords: seo.keywords,
      indexable: seo.indexable,
      // The contract admits only http(s) addresses; a stored row is checked again before it becomes a link.
      sourceUrl: seo.sourceUrl && isWebAddress(seo.sourceUrl) ? seo.sourceUrl : null,
      watchUrl,
      embedUrl: `${publicUrl}/embed/${row.id}`,
      // The owner's cover, when there is one, stands for the poster everywhere (page, cards, JSON-LD).
      posterUrl: row.cover ? `${publicUrl}${logoPath(row.id, row.cover)}` : file(row.media?.poster),
      posterPath: row.cover
        ? logoPath(row.id, row.cover)
        : row.media?.poster
          ? mediaUrl(row.id, row.generation, row.media.poster)
          : null,
      // (With a cover, no smaller variant: srcset is left out.)
      thumbnailPath: row.media?.thumbnail && !row.cover ? mediaUrl(row.id, row.generation, row.media.thumbnail) : null,
      posterSources: row.cover
        ? []
        : (row.media?.posterSet ?? []).map(({ type, files }) => ({
            type,
            files: files.map((file) => ({ path: mediaUrl(row.id, row.generation, file.path), width: file.width })),
          })),
      thumbnailUrl: row.cover ? `${publicUrl}${logoPath(row.id, row.cover)}` : file(row.media?.thumbnail),
      storyboardPath: row.media?.storyboard ? mediaUrl(row.id, row.generation, row.media.storyboard) : null,
      hlsPath,
      hlsUrl: `${publicUrl}${hlsPath}`,
      durationSec: row.duration_sec,
      width: row.width ?? 0,
      height: row.height ?? 0,
      uploadedAt: row.uploaded_at ?? row.created_at,
      brand: site.publisher,
      publicUrl,
      site: site.brand,
      contacts,
      embedDomains: row.embedDomains ?? [],
      branding: branded ? publicBranding(row.branding, row.id) : null,
      showMark: !branded,
      action: publicAction(row.super_action),
      widget: publicWidget(row.widget, row),
      share: publicShare(row.share, { url: watchUrl, title, image: file(row.media?.poster) }),
      tracks: (row.tracks ?? []).map((track) => ({
        src: subtitlePath(row.id, track.id, track.version),
        lang: track.lang,
        label: track.label,
        isDefault: track.isDefault,
      })),
      transcript: (row.transcript ?? []).map((cue) => ({ start: cue.start, text: cue.text })),
      dubs: row.dubs ?? [],
      audioLang: null,
      form: publicForm(row.form, row.account_id, deps.challenge ?? null),
      viewerScope: viewerScope(row.account_id),
      privacyMode: row.privacy_mode,
    };
  }

  return { find, fromRow, inLanguage };
}
export type PublicVideos = ReturnType<typeof createPublicVideos>;
