import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeMmdb } from '../../../test/fakes/mmdb.ts';
import { createCountryLookup } from './geoip.ts';

// GEOIP_DB, a MaxMind file the operator keeps fresh (geoipupdate replaces it weekly).
const folder = mkdtempSync(path.join(tmpdir(), 'leadreel-geoip-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Writes the file as geoipupdate does: a new file renamed over the old one. */
function replace(file: string, bytes: Buffer | string) {
  writeFileSync(`${file}.tmp`, bytes);
  renameSync(`${file}.tmp`, file);
}

async function until(check: () => boolean) {
  // Up to 20 s: a limit for a loaded machine; the reread happens in the background.
  for (let i = 0; i < 2000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return check();
}

describe('the country lookup', { timeout: 30_000 }, () => {
  it('takes a newer copy of the file without a restart, and keeps its copy when the new one is broken', async () => {
    const file = path.join(folder, 'countries.mmdb');
    replace(file, fakeMmdb({ '198.51.100.0/24': { country: { iso_code: 'NL' } } }));
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
    const countryOf = createCountryLookup(file, { log, checkEveryMs: 0 });
    expect(countryOf('198.51.100.7')).toBe('NL');
    expect(countryOf('::ffff:198.51.100.7')).toBe('NL');
    expect(countryOf('192.0.2.1')).toBeNull();

    replace(file, fakeMmdb({ '198.51.100.0/24': { country: { iso_code: 'BE' } } }));
    expect(await until(() => countryOf('198.51.100.7') === 'BE')).toBe(true);

    replace(file, 'not a database');
    const kept = () => warnings.filter((line) => line.includes('the copy in use is kept')).length;
    expect(await until(() => countryOf('198.51.100.7') === 'BE' && kept() > 0)).toBe(true);
    expect(countryOf('198.51.100.7')).toBe('BE');
    // Said once for that copy, not at every look.
    await new Promise((resolve) => setTimeout(resolve, 100));
    countryOf('198.51.100.7');
    expect(kept()).toBe(1);
  });

  it('looks at the file at most once a period', async () => {
    const file = path.join(folder, 'slow.mmdb');
    replace(file, fakeMmdb({ '203.0.113.0/24': { country: { iso_code: 'JP' } } }));
    let clock = 0;
    const countryOf = createCountryLookup(file, { checkEveryMs: 60_000, now: () => clock });
    replace(file, fakeMmdb({ '203.0.113.0/24': { country: { iso_code: 'KR' } } }));
    clock = 59_000;
    countryOf('203.0.113.9');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(countryOf('203.0.113.9')).toBe('JP');
    clock = 60_000;
    expect(await until(() => countryOf('203.0.113.9') === 'KR')).toBe(true);
  });

  it('answers null for every address without a file', () => {
    expect(createCountryLookup(undefined)('198.51.100.7')).toBeNull();
  });
});
