import { readFileSync } from 'node:fs';
import { type CountryResponse, Reader } from 'maxmind';

/**
 * The viewer's country from their address, by a MaxMind database the operator provides (GEOIP_DB: a
 * GeoLite2-Country or GeoIP2 file; none is bundled, its licence is MaxMind's). Read once at start: a file
 * that is not one stops the start with the reason. Answers ISO 3166 codes (NL), or null when unknown.
 */
export function createCountryLookup(file: string | undefined): (ip: string) => string | null {
  if (!file) return () => null;
  let reader: Reader<CountryResponse>;
  try {
    reader = new Reader<CountryResponse>(readFileSync(file));
  } catch (error) {
    throw new Error(`GEOIP_DB: ${file} is not a MaxMind database: ${(error as Error).message}`);
  }
  return (ip) => {
    try {
      const record = reader.get(ip.startsWith('::ffff:') ? ip.slice(7) : ip);
      return record?.country?.iso_code ?? record?.registered_country?.iso_code ?? null;
    } catch {
      return null;
    }
  };
}
