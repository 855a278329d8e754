import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { type FileHandle, open as openFile } from 'node:fs/promises';
import { type CountryResponse, Reader } from 'maxmind';
import type { Logger } from 'pino';

/** How often the file is looked at for a newer copy (geoipupdate replaces it weekly). */
const CHECK_EVERY_MS = 60_000;

const open = (bytes: Buffer) => new Reader<CountryResponse>(bytes);
/** What tells one copy of the file from the next: geoipupdate writes a new file and renames it over. */
const versionOf = (file: { mtimeMs: number; size: number; ino: number }) => `${file.mtimeMs}:${file.size}:${file.ino}`;

/**
 * The viewer's country from their address, by a MaxMind database the operator provides (GEOIP_DB: a
 * GeoLite2-Country or GeoIP2 file; none is bundled, its licence is MaxMind's). Read at start: a file that is
 * not one stops the start with the reason. A newer copy (geoipupdate's weekly one) is taken without a
 * restart: at most once a minute a lookup looks at the file, in the background, and a copy that does not
 * open is logged and the one in use kept. Answers ISO 3166 codes (NL), or null when unknown.
 */
export function createCountryLookup(
  file: string | undefined,
  options: { log?: Logger; checkEveryMs?: number; now?: () => number } = {},
): (ip: string) => string | null {
  if (!file) return () => null;
  const { log, checkEveryMs = CHECK_EVERY_MS, now = Date.now } = options;
  let reader: Reader<CountryResponse>;
  /** The copy in use: its bytes and its version read through one descriptor, so they are of the same copy. */
  let version: string;
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    version = versionOf(fstatSync(fd));
    reader = open(readFileSync(fd));
  } catch (error) {
    throw new Error(`GEOIP_DB: ${file} is not a MaxMind database: ${(error as Error).message}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  let checkedAt = now();
  let checking = false;

  async function takeNewerCopy() {
    let handle: FileHandle | undefined;
    try {
      handle = await openFile(file as string, 'r');
      const info = await handle.stat();
      if (versionOf(info) === version) return;
      // Once per copy, whether it opens or not: a broken copy is not read again until it is replaced.
      version = versionOf(info);
      reader = open(await handle.readFile());
      log?.info({ file }, 'GEOIP_DB: a newer copy is in use');
    } catch (error) {
      log?.warn({ err: error, file }, 'GEOIP_DB: the file could not be read again; the copy in use is kept');
    } finally {
      await handle?.close().catch(() => undefined);
      checkedAt = now();
      checking = false;
    }
  }

  return (ip) => {
    if (!checking && now() - checkedAt >= checkEveryMs) {
      checking = true;
      void takeNewerCopy();
    }
    try {
      const record = reader.get(ip.startsWith('::ffff:') ? ip.slice(7) : ip);
      return record?.country?.iso_code ?? record?.registered_country?.iso_code ?? null;
    } catch {
      return null;
    }
  };
}
