import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import type { ExportRepo } from './exports.repo.ts';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Export links: a link to download the account's video originals and leads, mailed
 * before a lapsed plan's videos are cleared and valid until they are deleted for good. The token is 256
 * random bits, stored hashed; anyone holding the link may download, as with any emailed download link.
 */
export function createExportService(deps: { repo: ExportRepo; clock: Clock; publicUrl: string }) {
  return {
    /** A new link for the account, valid until `expiresAt`: its address. */
    async create(accountId: string, expiresAt: Date) {
      const token = randomBytes(32).toString('base64url');
      await deps.repo.insert({ token_hash: hash(token), account_id: accountId, expires_at: expiresAt });
      return `${deps.publicUrl}/export/${token}`;
    },

    /** The account a link opens and until when, or undefined for one that is unknown, malformed or expired. */
    async open(token: string) {
      if (!/^[\w-]{43}$/.test(token)) return undefined;
      const row = await deps.repo.find(hash(token), deps.clock.now());
      return row && { accountId: row.account_id, expiresAt: row.expires_at };
    },

    sweep: () => deps.repo.deleteExpired(deps.clock.now()),
  };
}
export type ExportService = ReturnType<typeof createExportService>;
