import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_HINT_LENGTH,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEYS_MAX,
  type ApiKey,
  type ApiKeyWithSecret,
} from '@leadreel/shared';
import { badRequest, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { ApiKeyRepo, ApiKeyRow } from './api-keys.repo.ts';

// Writing last_used_at on every API request would turn every read into a write; the console shows the
// minute, as sessions keep theirs (auth/session.service.ts).
const TOUCH_INTERVAL_MS = 60_000;
/** A revoked key's row is kept this long, then forgotten by the sweep. */
const REVOKED_KEPT_MS = 30 * 86_400_000;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const keyNotFound = () => notFound('api_key_not_found', 'id');

/**
 * SHA-256, not a password hash: the secret is 256 random bits, so no dictionary or brute force can find it
 * from its hash, and a slow hash (argon2) would only cost every API request time and CPU. OWASP's Password
 * Storage Cheat Sheet asks for slow hashes for what people choose, not for random tokens.
 */
const hashOf = (secret: string) => createHash('sha256').update(secret).digest();

/** A new secret: `lr_` and 32 bytes from the system's CSPRNG, in base64url; its hint and hash. */
function newSecret() {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, API_KEY_PREFIX.length + API_KEY_HINT_LENGTH), secret_hash: hashOf(secret) };
}

function toApiKey(row: Pick<ApiKeyRow, 'id' | 'name' | 'prefix' | 'created_at' | 'last_used_at'>): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: seconds(row.created_at),
    lastUsedAt: row.last_used_at ? seconds(row.last_used_at) : null,
  };
}

/**
 * What a presented key is worth to the public API: whose it is, or (for a live key of an account whose plan
 * no longer grants canUseApiKey) the message the API refuses it with. `authenticate` answers undefined for
 * a key that is unknown, revoked, rotated away or not shaped like one.
 */
export type ApiKeyCaller = { accountId: string; keyId: string } | { refused: 'api_key_not_allowed' };

/**
 * API keys (the console contract account/api-access, "flags gate API key"): a second credential for
 * the public API, shown once when made or rotated and stored only as its SHA-256.
 */
export function createApiKeyService(deps: { repo: ApiKeyRepo; entitlements: EntitlementsService; clock: Clock }) {
  const { repo, entitlements, clock } = deps;

  /**
   * Making and rotating keys is a plan privilege (the console contract canUseApiKey). the console contract does not close it by
   * period: what a key may reach is the public API's check, per feature, as the console's is.
   */
  async function assertAllowed(accountId: string) {
    await entitlements.assertPrivilege(accountId, 'canUseApiKey', 'api_key_not_allowed');
  }

  return {
    /** Open on every plan, so an account that lost the privilege still sees its keys and can revoke them. */
    async list(accountId: string) {
      const allowed = (await entitlements.of(accountId)).privileges.canUseApiKey;
      return { list: (await repo.list(accountId)).map(toApiKey), allowed };
    },

    async create(accountId: string, input: { name: string }): Promise<ApiKeyWithSecret> {
      await assertAllowed(accountId);
      const { secret, ...stored } = newSecret();
      const row = await repo.createUnderCap({ account_id: accountId, name: input.name, ...stored }, API_KEYS_MAX);
      if (!row) throw badRequest('api_keys_too_many');
      return { ...toApiKey(row), secret };
    },

    /**
     * Rotates (the console contract "api-key: change"): the key keeps its id and name and gets a new secret, shown once;
     * the old secret stops working at once. Last used starts again, so the owner sees when the new one is in use.
     */
    async rotate(accountId: string, id: string): Promise<ApiKeyWithSecret> {
      await assertAllowed(accountId);
      const { secret, ...stored } = newSecret();
      const row = await repo.replaceSecret(accountId, id, stored);
      if (!row) throw keyNotFound();
      return { ...toApiKey(row), secret };
    },

    /** Open on every plan: taking a credential away is never a paid feature. */
    async revoke(accountId: string, id: string) {
      if (!(await repo.revoke(accountId, id, clock.now()))) throw keyNotFound();
    },

    /** Every live key of the account stops working (account deletion locks the account at once). */
    revokeAll: (accountId: string) => repo.revokeAll(accountId, clock.now()),

    /**
     * Who is calling with `secret`. Looked up by its hash, so no comparison of secrets happens here: the
     * database compares hashes, and timing that reveals at most how a hash of the caller's own guess
     * matches stored ones, which says nothing about any secret (finding an input with a chosen hash is
     * what SHA-256 prevents). Anything not shaped like our keys (empty, too long, NUL, lone surrogates,
     * another prefix) is refused before hashing or querying.
     */
    async authenticate(secret: string): Promise<ApiKeyCaller | undefined> {
      if (typeof secret !== 'string' || !API_KEY_PATTERN.test(secret)) return undefined;
      const key = await repo.findLive(hashOf(secret));
      if (!key) return undefined;
      const rights = await entitlements.ofAccount(key.account_id);
      if (!rights) return undefined;
      if (!rights.privileges.canUseApiKey) return { refused: 'api_key_not_allowed' };
      const now = clock.now();
      if (!key.last_used_at || now.getTime() - key.last_used_at.getTime() >= TOUCH_INTERVAL_MS) {
        await repo.touch(key.id, now);
      }
      return { accountId: key.account_id, keyId: key.id };
    },

    sweep: () => repo.prune(new Date(clock.now().getTime() - REVOKED_KEPT_MS)),
  };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;
