import { EMAIL_PREVIEW_WIDTH } from '@leadreel/shared';
import { escapeHtml } from '@leadreel/shared/text';

/** What the embed dialog offers for the website snippet (the player reads these from the embed URL). */
export type EmbedChoice = {
  responsive: boolean;
  width: number;
  height: number;
  autoplay: boolean;
  /** Second to start at. */
  start: number;
  loop: boolean;
  controls: boolean;
  /** The player's colour (#rrggbb) for this embed; null for the video's own. */
  color: string | null;
};

/** The embed's options until the owner changes them: a responsive frame with the player's own defaults. */
export const DEFAULT_EMBED_CHOICE: EmbedChoice = {
  responsive: true,
  width: 640,
  height: 360,
  autoplay: false,
  start: 0,
  loop: false,
  controls: true,
  color: null,
};

/** The embed URL with the chosen options as its query (defaults left out). */
export function embedSrc(embedUrl: string, choice: EmbedChoice): string {
  const url = new URL(embedUrl);
  if (choice.autoplay) url.searchParams.set('autoplay', '1');
  if (choice.start > 0) url.searchParams.set('t', String(Math.floor(choice.start)));
  if (choice.loop) url.searchParams.set('loop', '1');
  if (!choice.controls) url.searchParams.set('controls', '0');
  if (choice.color && /^#[0-9a-f]{6}$/i.test(choice.color))
    url.searchParams.set('color', choice.color.slice(1).toLowerCase());
  return url.toString();
}

/**
 * The script snippet: a placeholder our /player/embed.js turns into a responsive frame (for site builders
 * that take a script and a tag more readily than an iframe).
 */
export function scriptSnippet(embedUrl: string, title: string, choice: EmbedChoice, ratio: number): string {
  const src = new URL(embedSrc(embedUrl, choice));
  const videoId = src.pathname.split('/').pop() ?? '';
  const shape = ratio > 0 ? `${Math.round(ratio * 1000)}/1000` : '16/9';
  const options = src.search.slice(1);
  return `<div data-leadreel-video="${escapeHtml(videoId)}" data-title="${escapeHtml(title)}" data-ratio="${shape}"${options ? ` data-options="${escapeHtml(options)}"` : ''}></div>\n<script src="${escapeHtml(`${src.origin}/player/embed.js`)}" async></script>`;
}

/** The website snippet: a responsive frame (keeps the video's shape at any width) or a fixed-size one. */
export function iframeSnippet(embedUrl: string, title: string, choice: EmbedChoice, ratio: number): string {
  const attributes = `src="${escapeHtml(embedSrc(embedUrl, choice))}" title="${escapeHtml(title)}" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen loading="lazy"`;
  if (!choice.responsive) {
    return `<iframe ${attributes} width="${choice.width}" height="${choice.height}" style="border:0"></iframe>`;
  }
  const padding = (100 / (ratio > 0 ? ratio : 16 / 9)).toFixed(4).replace(/\.?0+$/, '');
  return `<div style="position:relative;padding-top:${padding}%"><iframe ${attributes} style="position:absolute;inset:0;width:100%;height:100%;border:0"></iframe></div>`;
}

/**
 * The email snippet: the animated preview (or the poster) linking to the watch page, in the table shape
 * Gmail and Outlook render, with the title as a text link for clients that block images.
 */
export function emailSnippet(options: { watchUrl: string; imageUrl: string | null; title: string }) {
  // The pipeline encodes the preview exactly this wide, so mail clients show it at its own size.
  const width = EMAIL_PREVIEW_WIDTH;
  const href = escapeHtml(options.watchUrl);
  const title = escapeHtml(options.title);
  const image = options.imageUrl
    ? `<a href="${href}" target="_blank" style="display:block;text-decoration:none"><img src="${escapeHtml(options.imageUrl)}" width="${width}" alt="&#9654; ${title}" style="display:block;width:100%;max-width:${width}px;height:auto;border:0"></a>`
    : '';
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="max-width:${width}px"><tr><td>${image}</td></tr><tr><td style="padding-top:8px;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:20px"><a href="${href}" target="_blank" style="color:#1677ff;text-decoration:none">&#9654; ${title}</a></td></tr></table>`;
}

export const SHARE_NETWORKS = ['facebook', 'x', 'linkedin', 'whatsapp', 'telegram', 'pinterest'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/** Each network's own share address for a link (no SDKs, no tracking scripts). */
export function shareUrl(network: ShareNetwork, link: string, title: string, image: string | null): string {
  const u = encodeURIComponent(link);
  const t = encodeURIComponent(title);
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'x':
      return `https://x.com/intent/post?url=${u}&text=${t}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${title} ${link}`)}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${t}`;
    case 'pinterest':
      return `https://pinterest.com/pin/create/button/?url=${u}&description=${t}${image ? `&media=${encodeURIComponent(image)}` : ''}`;
  }
}
