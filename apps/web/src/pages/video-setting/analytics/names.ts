import type { TFunction } from 'i18next';

/** The device families the server tells apart (ua-parser-js's types, `smarttv` as `tv`); others show as sent. */
const DEVICES = new Set(['desktop', 'mobile', 'tablet', 'tv', 'console', 'wearable']);

export function deviceName(device: string, t: TFunction): string {
  return DEVICES.has(device) ? t(`analytics.device.${device}`) : otherName(device, t);
}

/** A browser or system name as the server sends it, its "Other" translated. */
export const otherName = (name: string, t: TFunction) =>
  name === 'Other' || name === '' ? t('analytics.other') : name;

/** A page or referrer as a short text: host and path without the scheme; an empty referrer is a direct visit. */
export function placeName(url: string, t: TFunction, empty: 'direct' | 'unknown'): string {
  if (url === '') return t(empty === 'direct' ? 'analytics.direct' : 'analytics.unknownPage');
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === '/' ? '' : parsed.pathname;
    return `${parsed.host}${path}${parsed.search}`;
  } catch {
    return url;
  }
}

/** Where a referrer came from, by its host alone (the whole address is in the row's tooltip and the export). */
export function hostName(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** A country code (ISO 3166-1 alpha-2, as GeoIP answers) named in the console's language. */
export function countryName(code: string, language: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames([language === 'zh_CN' ? 'zh-CN' : 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** An anonymous viewer id cut short enough to compare by eye across rows. */
export const shortViewerId = (viewerId: string) => viewerId.slice(0, 8);
