import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * A field's check: the message key of what is wrong with `value` (read against the form's other `values`),
 * or null. Keys, not sentences: the message is worded at render, so it follows a language switch.
 */
export type Check = (value: string, values: Record<string, string>) => string | null | Promise<string | null>;

/**
 * Runs a shared zod schema, so the console checks exactly what the server checks. The schemas (and zod with
 * them) are fetched at the first check, not with the sign-in screen.
 */
function zodCheck(load: () => Promise<z.ZodType>): Check {
  return async (value) => {
    const result = (await load()).safeParse(value ?? '');
    return result.success ? null : `errors.${result.error.issues[0]?.message ?? 'illegal_input'}`;
  };
}

export const emailCheck = zodCheck(
  async () => (await import('@leadreel/shared/contracts/auth')).verifyCodeBody.shape.email,
);

export const newPasswordCheck = zodCheck(
  async () => (await import('@leadreel/shared/contracts/common')).newPasswordField,
);

export const requiredPasswordCheck: Check = (value) => (value ? null : 'errors.password_required');

/** "the passwords entered do not match". */
export const confirmCheck =
  (field: string): Check =>
  (value, values) =>
    !value ? 'errors.password_required' : value !== values[field] ? 'errors.password_mismatch' : null;

/** the email verification code is 6 digits ("please complete the verification code"). */
export const codeCheck: Check = (value) => (/^\d{6}$/.test(value) ? null : 'errors.code_incomplete');

/** The same checks as rules of an antd form (the signed-in screens'). */
const rule =
  (check: Check, t: TFunction): FormRule =>
  ({ getFieldsValue }) => ({
    validator: async (_rule, value) => {
      const key = await check(value ?? '', getFieldsValue(true));
      if (key) throw new Error(t(key));
    },
  });

export const newPasswordRules = (t: TFunction): FormRule[] => [rule(newPasswordCheck, t)];
export const requiredPasswordRules = (t: TFunction): FormRule[] => [rule(requiredPasswordCheck, t)];
export const confirmRules = (t: TFunction, field: string): FormRule[] => [rule(confirmCheck(field), t)];
