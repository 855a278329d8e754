import { cspHash } from './html.ts';

export { pageCsp } from '../../site/csp.ts';

import type { SiteBrand } from '../../site/site.ts';
import type { PublicVideo } from './view-model.ts';

// Fixed styles, allowed by their hash (no 'unsafe-inline'): nothing the owner writes can style the page.
// The control bar keeps to one row down to a 320-pixel player, its menus shrinking first: below 640 pixels
// a bar with two menus beside speed (quality, subtitles, audio language) gives up time, volume and speed;
// below 480 every bar does, and quality too (hls.js keeps a small player on small rungs anyway,
// capLevelToPlayerSize); below 360, picture in picture.
const PLAYER_STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans CJK SC",sans-serif;color:#1f1f1f;background:#fff}
.lr-player{position:relative;aspect-ratio:var(--ratio,16/9);background:#000;overflow:hidden;border-radius:8px}
.lr-player img,.lr-player video{position:absolute;inset:0;width:100%;height:100%;object-fit:contain;border:0}
.lr-play{position:absolute;left:50%;top:50%;width:72px;height:72px;margin:-36px 0 0 -36px;border:0;border-radius:50%;background:rgba(0,0,0,.65);cursor:pointer}
.lr-play:hover,.lr-play:focus-visible{background:var(--lr-accent,#1677ff);outline:3px solid #fff}
.lr-play svg{width:32px;height:32px;margin-left:4px;fill:#fff}
.lr-unavailable{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);max-width:80%;margin:0;padding:10px 16px;border-radius:6px;background:rgba(0,0,0,.75);color:#fff;text-align:center}
.lr-contacts{position:absolute;inset:0;z-index:2;display:grid;grid-template:auto minmax(0,1fr) auto auto/minmax(0,1fr) minmax(0,1fr);gap:0 8px;padding:10px;overflow:hidden;pointer-events:none}
.lr-has-controls .lr-contacts{bottom:52px}
.lr-slot{display:flex;flex-direction:column;gap:6px;min-width:0;align-self:start}.lr-slot>*{max-width:100%;pointer-events:auto}.lr-slot>.lr-unfit{display:none}
.lr-slot-top-left{grid-area:1/1;align-items:flex-start}.lr-slot-top-right{grid-area:1/2;align-items:flex-end}
.lr-slot-bottom-left{grid-area:3/1;flex-direction:column-reverse;align-items:flex-start;align-self:end}.lr-slot-bottom-right{grid-area:3/2;flex-direction:column-reverse;align-items:flex-end;align-self:end}
.lr-contact{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;padding:8px 14px;border-radius:20px;background:var(--lr-button,#0958d9);color:var(--lr-button-text,#fff);font-size:14px;font-weight:600;text-decoration:none;box-shadow:0 2px 6px rgba(0,0,0,.35)}
.lr-contact.lr-whatsapp,.watch-contact.lr-whatsapp{background:#15803d}
.lr-contact:focus-visible{outline:3px solid #fff}
.lr-controls{position:absolute;left:0;right:0;bottom:0;display:flex;align-items:center;gap:6px;padding:24px 8px 6px;background:linear-gradient(transparent,rgba(0,0,0,.7));color:#fff;font-size:13px;transition:opacity .2s}
.lr-player video::-webkit-media-text-track-container{bottom:48px}
.lr-idle .lr-controls{opacity:0}.lr-idle{cursor:none}
.lr-button{flex:none;width:36px;height:36px;padding:6px;border:0;border-radius:4px;background:none;color:#fff;cursor:pointer}
.lr-button svg{width:24px;height:24px;fill:currentColor}
.lr-button:focus-visible,.lr-select:focus-visible,.lr-controls input:focus-visible{outline:2px solid #fff;outline-offset:1px}
.lr-time{flex:none;font-variant-numeric:tabular-nums;white-space:nowrap}
.lr-seek-wrap{position:relative;flex:1;min-width:60px;display:flex}
.lr-seek{width:100%;accent-color:var(--lr-accent,#1677ff);cursor:pointer}
.lr-volume{width:64px;accent-color:#fff}
.lr-select{flex:0 1 auto;min-width:48px;max-width:84px;height:28px;border:0;border-radius:4px;background:rgba(255,255,255,.15);color:#fff;font:inherit}
.lr-select option{color:#000}
.lr-preview{position:absolute;bottom:28px;display:none;min-width:40px;border:2px solid #fff;border-radius:4px;background:#000 no-repeat;box-shadow:0 2px 8px rgba(0,0,0,.5)}
.lr-preview.lr-visible{display:block}
.lr-preview-time{position:absolute;left:0;right:0;bottom:-1px;text-align:center;background:rgba(0,0,0,.6);font-size:12px}
@media (max-width:640px){.lr-controls:has(.lr-select:not([hidden])~.lr-select:not([hidden])~.lr-select:not([hidden])) :is(.lr-volume,.lr-time,.lr-speed){display:none}}
@media (max-width:480px){.lr-volume,.lr-time,.lr-speed,.lr-quality{display:none}}
@media (max-width:360px){.lr-pip{display:none}}
.lr-mark{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;padding:2px 8px;border-radius:4px;background:rgba(0,0,0,.6);color:#fff;font-size:12px;text-decoration:none}
.lr-action-banner{grid-area:4/1/5/3;margin:6px -10px -10px;pointer-events:auto;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;padding:12px 16px;background:var(--lr-button,#0958d9);color:var(--lr-button-text,#fff);font-weight:600;text-align:center;text-decoration:none}
.lr-logo{display:block;line-height:0}.lr-logo img{position:static;width:auto;height:40px;max-width:min(160px,100%);object-fit:contain}
.lr-widget{position:relative;max-width:min(280px,100%);color:#1f1f1f;font-size:14px}
.lr-widget summary,.lr-share summary{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.lr-widget summary{list-style:none;cursor:pointer;padding:10px 16px;border-radius:22px;background:var(--lr-button,#0958d9);color:var(--lr-button-text,#fff);font-weight:600;box-shadow:0 2px 6px rgba(0,0,0,.35)}
.lr-widget summary::-webkit-details-marker{display:none}
.lr-widget-panel{position:absolute;z-index:1;bottom:48px;min-width:200px;padding:12px;border-radius:8px;background:#fff;box-shadow:0 4px 16px rgba(0,0,0,.35)}.lr-widget-bottom-right .lr-widget-panel{right:0}
.lr-widget-panel p{margin:0 0 8px}.lr-widget-link{display:block;margin-top:6px;padding:8px 12px;border-radius:6px;background:#f0f5ff;color:#0b3d91;font-weight:600;text-decoration:none}
.lr-share{position:relative;max-width:100%;font-size:14px}
.lr-share summary{list-style:none;cursor:pointer;padding:6px 12px;border-radius:16px;background:rgba(0,0,0,.6);color:#fff}
.lr-share-panel{position:absolute;z-index:1;right:0;top:36px;display:flex;flex-direction:column;gap:4px;padding:8px;border-radius:8px;background:#fff;box-shadow:0 4px 16px rgba(0,0,0,.35)}
.lr-share-link{display:block;padding:6px 12px;border:0;border-radius:6px;background:none;color:#0b3d91;font:inherit;text-align:left;text-decoration:none;white-space:nowrap;cursor:pointer}
.lr-form{position:absolute;inset:0;z-index:3;overflow:auto;overscroll-behavior:contain;padding:12px 16px 0;background:rgba(16,16,16,.92);color:#fff;font-size:14px}
.lr-form-sheet{position:fixed;z-index:2147483000;background:#101010}
.lr-form-body{max-width:440px;margin:0 auto}.lr-form h2{margin:0 0 6px;font-size:18px}.lr-form-description{margin:0 0 12px;white-space:pre-line}
.lr-form-field{display:flex;flex-direction:column;gap:2px;margin-top:6px}.lr-form-field input,.lr-form-field textarea{width:100%;padding:6px 8px;border:1px solid #8c8c8c;border-radius:6px;font:inherit;color:#1f1f1f;background:#fff}
.lr-form-group{margin:8px 0 0;padding:0;border:0}.lr-form-group legend{padding:0;margin-bottom:4px}.lr-form-check{display:block;margin:4px 0}
.lr-form-error,.lr-form-status{display:block;color:#ffb4a9;min-height:0}.lr-form-status{margin:8px 0 0}
.lr-form-trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.lr-form-actions{position:sticky;bottom:0;display:flex;flex-wrap:wrap;gap:8px;margin-top:4px;padding:10px 0 12px;background:#101010;box-shadow:0 -8px 8px -8px rgba(0,0,0,.8)}.lr-form-submit{padding:10px 20px;border:0;border-radius:6px;background:var(--lr-submit,#0958d9);color:#fff;font:inherit;font-weight:600;cursor:pointer}
.lr-form-skip{padding:10px 16px;border:1px solid #fff;border-radius:6px;background:none;color:#fff;font:inherit;cursor:pointer}
.lr-form:not([hidden])~.lr-controls{visibility:hidden}
.lr-form-thanks{max-width:440px;margin:40px auto;font-size:18px;text-align:center}
@media (max-height:320px){.lr-form{padding:6px 12px 0;font-size:13px}.lr-form h2{margin:0 0 2px;font-size:15px}.lr-form-description{display:none}.lr-form-body{max-width:none}.lr-form-field{display:grid;grid-template-columns:minmax(70px,32%) 1fr;align-items:center;gap:8px;margin-top:4px}.lr-form-field input,.lr-form-field textarea{padding:3px 6px}.lr-form-field textarea{height:28px;resize:vertical}.lr-form-group{display:flex;flex-wrap:wrap;align-items:center;gap:0 12px;margin-top:4px}.lr-form-group legend{float:left;width:32%;margin:0}.lr-form-check{display:inline-block;margin:2px 0}.lr-form-actions{padding:6px 0}.lr-form-submit,.lr-form-skip{padding:6px 16px}.lr-form-thanks{margin:16px auto}}
body.embed{background:#000}body.embed .lr-player{position:fixed;inset:0;aspect-ratio:auto;border-radius:0}`;

/** The rules of a page that shows more than the player (the watch page, a site's, an album's): its column, title, links and transcript. */
const PAGE_STYLE = `.watch{max-width:960px;margin:0 auto;padding:16px}
.site-header{display:flex;align-items:center;gap:12px;margin:0 0 16px;font-weight:600;font-size:18px}.site-header img{height:36px;width:auto;max-width:180px;object-fit:contain}
.watch-contacts{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}
.watch-contact{padding:8px 16px;border-radius:20px;background:var(--lr-button,#0958d9);color:var(--lr-button-text,#fff);font-weight:600;text-decoration:none}
.watch-share{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}
.watch-share-link{padding:6px 14px;border:1px solid #d9d9d9;border-radius:16px;background:#fff;color:#1f1f1f;font:inherit;font-size:14px;text-decoration:none;cursor:pointer}
.transcript h2{font-size:18px;margin:24px 0 8px}.transcript ol{list-style:none;margin:0;padding:0;max-height:360px;overflow:auto}.transcript li{margin:4px 0}
.cue-time{display:inline-block;min-width:48px;color:#595959;font-variant-numeric:tabular-nums}
h1{font-size:24px;line-height:1.3;margin:16px 0 8px;overflow-wrap:anywhere}
.description{white-space:pre-line;overflow-wrap:anywhere;color:#434343}`;

/** The fixed sheet of a page showing a player among other things. */
export const STYLE = `${PLAYER_STYLE}\n${PAGE_STYLE}`;
/** The embed's sheet: the player alone, without the rules of the pages around one (bench:embed-weight). */
export const EMBED_STYLE = PLAYER_STYLE;
export const STYLE_HASH = cspHash(STYLE);
const EMBED_STYLE_HASH = cspHash(EMBED_STYLE);

const hex = (value: string) => (/^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : '#0958d9');

/** Dark text on a light background, light text on a dark one (WCAG relative luminance). */
function textOn(background: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(background.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.18 ? '#1f1f1f' : '#f5f5f5';
}

/** A brand's colours (docs/product.md "Brands") as the page's custom properties and its background. */
export function brandStyle(brand: SiteBrand | null): { vars: string[]; page: string } {
  if (!brand) return { vars: [], page: '' };
  const background = hex(brand.pageBackgroundColor);
  return {
    vars: [`--lr-button:${hex(brand.buttonColor)}`, `--lr-button-text:${hex(brand.buttonFontColor)}`],
    page: `\nbody{background:${background};color:${textOn(background)}}.description{color:inherit;opacity:.85}`,
  };
}

/** A video's own colours as custom properties: its branding over its buttons, then its form's submit colour. */
export function videoColors(video: PublicVideo): string[] {
  const { branding, form } = video;
  return [
    ...(branding
      ? [
          `--lr-accent:${hex(branding.playerColor)}`,
          `--lr-button:${hex(branding.buttonColor)}`,
          `--lr-button-text:${hex(branding.fontColor)}`,
        ]
      : []),
    ...(form ? [`--lr-submit:${hex(form.submitColor)}`] : []),
  ];
}

/**
 * The page's own colours as custom properties (each checked as #rrggbb when saved, and again here): the
 * brand of the domain it is served on first, then the video's own.
 */
function customStyle(video: PublicVideo | null): string {
  const brand = brandStyle(video?.site ?? null);
  const vars = [...brand.vars, ...(video ? videoColors(video) : [])];
  return (vars.length > 0 ? `\n:root{${vars.join(';')}}` : '') + brand.page;
}

/**
 * The page's style and its CSP hash: the fixed sheet (`base`: STYLE, or EMBED_STYLE for the embed), and the
 * brand's and owner's colours when there are some.
 */
export function pageStyle(video: PublicVideo | null, extra = '', base = STYLE): { css: string; hash: string } {
  const css = base + extra + customStyle(video);
  if (css === STYLE) return { css, hash: STYLE_HASH };
  return { css, hash: css === EMBED_STYLE ? EMBED_STYLE_HASH : cspHash(css) };
}
