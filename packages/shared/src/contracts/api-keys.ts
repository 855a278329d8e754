import { z } from 'zod';
import { textField } from '../text.ts';

// ---- API keys (the console contract account/api-access, canUseApiKey, "api-key: list, change") ----

/** Live keys an account may hold at once: enough for one per integration and a rotation in flight. */
export const API_KEYS_MAX = 10;
export const API_KEY_NAME_MAX = 60;
/** What every secret starts with, so a leaked one is recognisable (by secret scanners too). */
export const API_KEY_PREFIX = 'lr_';
/** Characters of the secret after `lr_` shown in lists, so the owner can tell keys apart. */
export const API_KEY_HINT_LENGTH = 8;
/** `lr_` and 32 random bytes in base64url (43 characters): the only shape a key the server made can have. */
export const API_KEY_PATTERN = /^lr_[A-Za-z0-9_-]{43}$/;

export const apiKeyNameField = textField('api_key_name_required')
  .trim()
  .min(1, 'api_key_name_required')
  .max(API_KEY_NAME_MAX, 'api_key_name_too_long');

export const apiKeyIdField = z.uuid({ error: 'api_key_not_found' });

export const createApiKeyBody = z.strictObject({ name: apiKeyNameField });
/** Rotate (the console's "change") and revoke name one of the account's keys. */
export const apiKeyIdBody = z.strictObject({ id: apiKeyIdField });

// Answers: plain shapes, checked and not transformed.

export const apiKeyData = z.object({
  id: z.string(),
  name: z.string(),
  /** The secret's first characters (`lr_` and API_KEY_HINT_LENGTH more); the rest is never shown again. */
  prefix: z.string(),
  /** Seconds since the epoch. */
  createdAt: z.number(),
  /** Seconds since the epoch, to the minute; null until the key is first used. */
  lastUsedAt: z.number().nullable(),
});
export type ApiKey = z.infer<typeof apiKeyData>;
export const apiKeyListData = z.object({
  list: z.array(apiKeyData),
  /** False when the plan lacks canUseApiKey: keys cannot be made or rotated, and the API refuses them. */
  allowed: z.boolean(),
});
/** A key as made or rotated: with its secret, shown this once. */
export const apiKeySecretData = apiKeyData.extend({ secret: z.string() });
export type ApiKeyWithSecret = z.infer<typeof apiKeySecretData>;
