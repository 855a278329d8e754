import {
  CORNERS,
  type Corner,
  type FormField,
  PLAYER_CORNERS,
  SHARE_NETWORK_NAMES,
  type SlotItem,
  stackCorners,
} from '@leadreel/shared';
import { WATCH_PAGE_TEXT } from '@leadreel/shared/viewer-text/watch-page';
import { escapeHtml } from './html.ts';
import type { PageLanguage, PublicAction, PublicContact, PublicVideo, PublicWidget } from './view-model.ts';

/**
 * What the player shows over the video, as the watch page and the embed serve it: the owner's logo, contact
 * buttons, call to action and share links in their corners, the contact-me widget, and the inquiry form.
 * The player script times them; without it, they are plain links.
 */

const TEXTS = WATCH_PAGE_TEXT satisfies Record<PageLanguage, unknown>;

/** One contact link: the owner's words or ours, opening outside the frame, recorded by the player. */
export function contactLink(contact: PublicContact, lang: PageLanguage, className: string, recordAs?: string): string {
  const label = contact.label || TEXTS[lang][contact.kind];
  const external = contact.kind === 'whatsapp' ? ' target="_blank" rel="noopener"' : ' target="_top"';
  return `<a class="${className} lr-${contact.kind}" href="${escapeHtml(contact.href)}"${external} data-lr-contact="${recordAs ?? contact.kind}" data-from="${contact.from}" data-until="${contact.until ?? ''}">${escapeHtml(label)}</a>`;
}

/** The call to action: a button in its corner or a banner along the bottom, at its times or at the end. */
export function actionLink(action: PublicAction, className: string): string {
  return `<a class="${className}" href="${escapeHtml(action.href)}" target="_blank" rel="noopener" data-lr-contact="action" data-from="${action.from}" data-until="${action.until ?? ''}"${action.atEnd ? ' data-at-end' : ''}>${escapeHtml(action.text)}</a>`;
}

/** The floating contact-me widget: a <details> that opens the chosen channels, with or without script. */
function widgetMarkup(widget: PublicWidget, lang: PageLanguage): string {
  const t = TEXTS[lang];
  const links = widget.links
    .map((contact) => contactLink({ ...contact, from: 0, until: null }, lang, 'lr-widget-link', 'widget'))
    .join('');
  return `<details class="lr-widget lr-widget-${widget.position}"><summary>${escapeHtml(widget.title || t.widget)}</summary><div class="lr-widget-panel">${widget.message ? `<p>${escapeHtml(widget.message)}</p>` : ''}${links}</div></details>`;
}

/** Share links; "copy" is a button the player script brings to life (hidden without it). */
export function shareLinks(video: PublicVideo, lang: PageLanguage, className: string): string {
  const t = TEXTS[lang];
  return video.share
    .map((item) =>
      item.network === 'copy'
        ? `<button type="button" class="${className} lr-share-copy" data-lr-copy="${escapeHtml(item.href)}" hidden>${escapeHtml(t.copy)}</button>`
        : `<a class="${className} lr-share-${item.network}" href="${escapeHtml(item.href)}" target="_blank" rel="noopener">${escapeHtml((SHARE_NETWORK_NAMES as Record<string, string>)[item.network] ?? item.network)}</a>`,
    )
    .join('');
}

/**
 * Everything over the video, each in its corner's slot (shared/contracts/slots.ts): contact buttons, the call
 * to action, the logo or the "powered by" mark, the widget and (in embeds) sharing; a banner along the
 * bottom; then the form over all of it.
 */
export function overlay(video: PublicVideo, lang: PageLanguage, embedded: boolean): string {
  const t = TEXTS[lang];
  const things: { item: SlotItem; corner: Corner; html: string }[] = video.contacts.map((contact) => ({
    item: 'contact',
    corner: contact.position,
    html: contactLink(contact, lang, `lr-contact lr-pos-${contact.position}`),
  }));
  let banner = '';
  if (video.action?.style === 'banner') banner = actionLink(video.action, 'lr-action lr-action-banner');
  else if (video.action) {
    const corner = video.action.position;
    things.push({ item: 'action', corner, html: actionLink(video.action, `lr-action lr-contact lr-pos-${corner}`) });
  }
  const logo = video.branding?.logoPath;
  if (logo && video.branding) {
    const image = `<img src="${escapeHtml(logo)}" alt="${escapeHtml(t.logo)}" height="40">`;
    const position = `lr-logo lr-logo-${video.branding.logoPosition}`;
    things.push({
      item: 'logo',
      corner: video.branding.logoPosition,
      html: video.branding.logoLink
        ? `<a class="${position}" href="${escapeHtml(video.branding.logoLink)}" target="_blank" rel="noopener">${image}</a>`
        : `<span class="${position}">${image}</span>`,
    });
  }
  if (video.showMark) {
    things.push({
      item: 'mark',
      corner: PLAYER_CORNERS.mark,
      html: `<a class="lr-mark" href="${escapeHtml(video.publicUrl)}" target="_blank" rel="noopener">${escapeHtml(`${t.poweredBy} ${video.brand}`)}</a>`,
    });
  }
  if (video.widget)
    things.push({ item: 'widget', corner: video.widget.position, html: widgetMarkup(video.widget, lang) });
  if (embedded && video.share.length > 0) {
    things.push({
      item: 'share',
      corner: PLAYER_CORNERS.share,
      html: `<details class="lr-share"><summary>${escapeHtml(t.share)}</summary><div class="lr-share-panel">${shareLinks(video, lang, 'lr-share-link')}</div></details>`,
    });
  }
  const stacks = stackCorners(things);
  const slots = CORNERS.map(
    (corner) => `<div class="lr-slot lr-slot-${corner}">${stacks[corner].map((thing) => thing.html).join('')}</div>`,
  );
  return `<div class="lr-contacts">${slots.join('')}${banner}</div>${formMarkup(video, lang)}`;
}

const INPUT_TYPES: Partial<Record<FormField['kind'], string>> = { email: 'email', phone: 'tel' };
const AUTOCOMPLETE: Partial<Record<FormField['kind'], string>> = {
  name: 'name',
  email: 'email',
  phone: 'tel',
  company: 'organization',
  country: 'country-name',
};

/** One field of the form, labelled, with a place for the server's word on it. */
function formFieldMarkup(field: FormField): string {
  const id = escapeHtml(field.id);
  const label = escapeHtml(field.label);
  const required = field.required ? ' required' : '';
  const error = `<span class="lr-form-error" data-error-for="${id}" aria-live="polite"></span>`;
  if (field.kind === 'checkbox') {
    return `<label class="lr-form-check"><input type="checkbox" data-field="${id}" name="${id}"${required}> ${label}</label>${error}`;
  }
  if (field.kind === 'choice' || field.kind === 'multi') {
    const type = field.kind === 'choice' ? 'radio' : 'checkbox';
    const options = field.options
      .map(
        (option) =>
          `<label class="lr-form-check"><input type="${type}" data-field="${id}" name="${id}" value="${escapeHtml(option)}"${field.kind === 'multi' ? ' data-multi' : ''}> ${escapeHtml(option)}</label>`,
      )
      .join('');
    return `<fieldset class="lr-form-group"><legend>${label}${field.required ? ' *' : ''}</legend>${options}</fieldset>${error}`;
  }
  const placeholder = field.placeholder ? ` placeholder="${escapeHtml(field.placeholder)}"` : '';
  const control =
    field.kind === 'message' || field.kind === 'textarea'
      ? `<textarea data-field="${id}" name="${id}" rows="3" maxlength="5000"${placeholder}${required}></textarea>`
      : `<input type="${INPUT_TYPES[field.kind] ?? 'text'}" data-field="${id}" name="${id}" maxlength="${field.kind === 'email' ? 254 : 200}"${AUTOCOMPLETE[field.kind] ? ` autocomplete="${AUTOCOMPLETE[field.kind]}"` : ''}${placeholder}${required}>`;
  return `<label class="lr-form-field"><span>${label}${field.required ? ' *' : ''}</span>${control}</label>${error}`;
}

/** The inquiry form, hidden until the player shows it at its moment. */
function formMarkup(video: PublicVideo, lang: PageLanguage): string {
  const form = video.form;
  if (!form) return '';
  const t = TEXTS[lang];
  const data = [
    `data-video-id="${escapeHtml(video.id)}"`,
    `data-moment="${form.moment}"`,
    `data-second="${form.second}"`,
    `data-scope="${escapeHtml(form.scope)}"`,
    form.oncePerViewer ? 'data-once' : '',
    form.skippable ? 'data-skippable' : '',
    form.redirectUrl ? `data-redirect="${escapeHtml(form.redirectUrl)}"` : '',
    // The challenge the player draws when the form shows (the installation's CAPTCHA_PROVIDER).
    form.challenge
      ? `data-challenge="${form.challenge.provider}" data-challenge-key="${escapeHtml(form.challenge.siteKey)}" data-challenge-script="${escapeHtml(form.challenge.script)}"`
      : '',
    // The shared answer check's rules, so the player marks every problem before anything is sent.
    `data-rules="${escapeHtml(JSON.stringify(form.fields.map(({ id, kind, required, options }) => ({ id, kind, required, options }))))}"`,
  ]
    .filter(Boolean)
    .join(' ');
  return [
    `<form class="lr-form" hidden novalidate ${data} aria-labelledby="lr-form-title">`,
    '<div class="lr-form-body">',
    `<h2 id="lr-form-title">${escapeHtml(form.title || t.formTitle)}</h2>`,
    form.description ? `<p class="lr-form-description">${escapeHtml(form.description)}</p>` : '',
    form.fields.map(formFieldMarkup).join(''),
    `<div class="lr-form-trap" aria-hidden="true"><label>${escapeHtml(t.trap)} <input type="text" name="website" tabindex="-1" autocomplete="off"></label></div>`,
    form.challenge ? '<div class="lr-form-challenge"></div>' : '',
    '<p class="lr-form-status" aria-live="polite"></p>',
    `<div class="lr-form-actions"><button type="submit" class="lr-form-submit">${escapeHtml(form.submitText || t.send)}</button>`,
    form.skippable ? `<button type="button" class="lr-form-skip">${escapeHtml(t.skip)}</button>` : '',
    '</div></div>',
    `<p class="lr-form-thanks" hidden tabindex="-1">${escapeHtml(form.thanksMessage || t.thanks)}</p>`,
    '</form>',
  ].join('');
}
