import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALBUM_PAGE_TEXT } from './album.ts';
import { BILLING_TEXT } from './billing.ts';
import { DOMAIN_LOST_MAIL_TEXT } from './custom-domain.ts';
import { LEAD_EXPORT_COLUMNS } from './lead-export.ts';
import { ACCOUNT_MAIL_TEXT, LEAD_MAIL_TEXT } from './mail.ts';
import { PLAYER_CONTROLS_TEXT } from './player-controls.ts';
import { PLAYER_FORM_TEXT } from './player-form.ts';
import { SITE_PAGE_TEXT } from './site.ts';
import { WATCH_PAGE_TEXT } from './watch-page.ts';

/** Every string of a dictionary, functions called with a sample number, by its path. */
function strings(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (typeof value === 'function') return [[at, String(value(2))]];
  return Object.entries(value as object).flatMap(([key, inner]) => strings(inner, `${at}.${key}`));
}

describe('viewer-facing text', () => {
  const dictionaries = {
    WATCH_PAGE_TEXT: [WATCH_PAGE_TEXT.en, WATCH_PAGE_TEXT['zh-CN']],
    SITE_PAGE_TEXT: [SITE_PAGE_TEXT.en, SITE_PAGE_TEXT['zh-CN']],
    ALBUM_PAGE_TEXT: [ALBUM_PAGE_TEXT.en, ALBUM_PAGE_TEXT['zh-CN']],
    PLAYER_CONTROLS_TEXT: [PLAYER_CONTROLS_TEXT.en, PLAYER_CONTROLS_TEXT.zh],
    PLAYER_FORM_TEXT: [PLAYER_FORM_TEXT.en, PLAYER_FORM_TEXT.zh],
    ACCOUNT_MAIL_TEXT: [ACCOUNT_MAIL_TEXT.en, ACCOUNT_MAIL_TEXT.zh_CN],
    LEAD_MAIL_TEXT: [LEAD_MAIL_TEXT.en, LEAD_MAIL_TEXT.zh_CN],
    LEAD_EXPORT_COLUMNS: [LEAD_EXPORT_COLUMNS.en, LEAD_EXPORT_COLUMNS.zh_CN],
    BILLING_TEXT: [BILLING_TEXT.en, BILLING_TEXT.zh_CN],
    DOMAIN_LOST_MAIL_TEXT: [DOMAIN_LOST_MAIL_TEXT.en, DOMAIN_LOST_MAIL_TEXT.zh_CN],
  };

  it.each(Object.entries(dictionaries))('%s says everything in Chinese that it says in English', (_name, [en, zh]) => {
    const english = strings(en);
    const chinese = new Map(strings(zh));
    expect([...chinese.keys()]).toEqual(english.map(([at]) => at));
    for (const [at, text] of english) {
      expect(text.trim(), at).not.toBe('');
      expect(chinese.get(at)?.trim(), at).not.toBe('');
    }
    // Names (WhatsApp) may stay as they are, but a dictionary copied untranslated would not.
    expect(english.filter(([at, text]) => chinese.get(at) !== text).length).toBeGreaterThan(english.length / 2);
  });

  it('lives here only: no Chinese text in the server or the player', async () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const found: string[] = [];
    for (const dir of ['apps/server/src', 'apps/player/src']) {
      for (const entry of await readdir(path.join(root, dir), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
        const file = path.join(entry.parentPath, entry.name);
        if (/[\u4e00-\u9fff]/.test(await readFile(file, 'utf8'))) found.push(path.relative(root, file));
      }
    }
    expect(found).toEqual([]);
  });
});
