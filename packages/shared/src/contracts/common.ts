import { z } from 'zod';
import { textField } from '../text.ts';

// The HTML standard's valid e-mail address (https://html.spec.whatwg.org/#valid-e-mail-address), with a
// dot required in the domain: what browsers accept in type=email, and nothing that can smuggle markup or
// header breaks into a mail.
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const emailField = textField('email_required')
  .trim()
  .min(1, 'email_required')
  .max(254, 'email_too_long')
  .regex(EMAIL_PATTERN, 'email_invalid')
  .transform((email) => email.toLowerCase());

/** A password being set: 8 to 128 characters, not all whitespace. */
export const newPasswordField = textField('password_required')
  .min(1, 'password_required')
  .refine((value) => value.trim().length > 0, 'password_blank')
  .refine((value) => value.length >= 8, 'password_too_short')
  .refine((value) => value.length <= 128, 'password_too_long');

/** A password being checked: anything non-empty up to the maximum a stored one can have. */
export const currentPasswordField = textField('password_required')
  .min(1, 'password_required')
  .max(128, 'password_too_long');

// verification code length is 6
export const CODE_LENGTH = 6;
export const codeField = textField('code_incomplete').regex(/^\d{6}$/, 'code_incomplete');

export const userIdField = z.uuid({ error: 'ref_invalid' });

export {
  CHINESE_FUNCTION_CHARACTERS,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
  nativeLanguageName,
} from '../languages.ts';

/** A list's page (from 1) and page size (1 to `max`, 20 unless asked), as query strings send them. */
export const pageFields = (max = 100) => ({
  page: z.coerce.number({ error: 'illegal_input' }).int('illegal_input').min(1, 'illegal_input').default(1),
  pageSize: z.coerce
    .number({ error: 'illegal_input' })
    .int('illegal_input')
    .min(1, 'illegal_input')
    .max(max, 'illegal_input')
    .default(20),
});
