import { type DomainFailReason, domainFailReason } from '@leadreel/shared';
import { z } from 'zod';

/**
 * A check's reasons as `custom_domain.fail_reason` holds them: JSON text, so the column stays as it was and
 * rows written before reasons were codes (English words) still read.
 */
export const storedReasons = (reasons: readonly DomainFailReason[]): string => JSON.stringify(reasons);

const stored = z.array(domainFailReason);
/** What a cancelled verification was stored as before reasons were codes. */
const CANCELED_WORDS = 'Verification canceled';

/** The reasons a `fail_reason` holds: its JSON, or words from before codes as one `other` reason. */
export function readReasons(text: string | null): DomainFailReason[] {
  if (text === null || text === '') return [];
  if (text === CANCELED_WORDS) return [{ code: 'canceled', values: {} }];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = stored.safeParse(json);
  return parsed.success ? parsed.data : [{ code: 'other', values: { text } }];
}
