import { z } from 'zod';
import { textField } from '../text.ts';

/** Why the holder leaves (the console contract account deletion: "reason"); kept with the request until the data goes. */
export const DELETION_REASONS = [
  'not_using',
  'too_expensive',
  'missing_features',
  'switching',
  'privacy',
  'other',
] as const;
export type DeletionReason = (typeof DELETION_REASONS)[number];

/** The optional words beside the reason. */
export const DELETION_NOTE_MAX = 500;

/**
 * "Account deletion: reason, agreement, typed confirmation, then a submitted request"; the console contract
 * "requires ticking the agreement and typing a confirmation phrase". The phrase is the account's sign-in
 * email (the spec does not name one): typing it proves which account is being deleted, in either language.
 */
export const requestDeletionBody = z.strictObject({
  reason: z.enum(DELETION_REASONS, { error: 'deletion_reason_invalid' }),
  note: textField().max(DELETION_NOTE_MAX, 'deletion_note_too_long').default(''),
  agreed: z.literal(true, { error: 'deletion_agreement_required' }),
  phrase: textField('deletion_phrase_mismatch').max(254, 'deletion_phrase_mismatch'),
});
export type RequestDeletion = z.infer<typeof requestDeletionBody>;

/** The account's deletion: pending or not, when its data goes (seconds), and what to type to confirm. */
export const accountDeletionData = z.object({
  pending: z.boolean(),
  /** Seconds since the epoch; 0 when none is pending. */
  requestedAt: z.number().int(),
  deleteAfter: z.number().int(),
  /** Days between the request and the deletion (server setting ACCOUNT_DELETION_GRACE_DAYS). */
  graceDays: z.number(),
  /** What the confirmation field must hold: the sign-in email. */
  phrase: z.string(),
  /** A link to download the originals and leads first (billing's before-Clear export), valid a day. */
  exportUrl: z.string(),
});
export type AccountDeletion = z.infer<typeof accountDeletionData>;
