import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * An antd rule that runs a shared zod schema, so the console checks exactly what the server checks. The
 * schemas (and zod with them) are fetched at the first check, not with the sign-in screen.
 */
function zodRule(load: () => Promise<z.ZodType>, t: TFunction): FormRule {
  return {
    validator: async (_rule, value) => {
      const schema = await load();
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(t(`errors.${result.error.issues[0]?.message ?? 'illegal_input'}`));
    },
  };
}

export const emailRules = (t: TFunction): FormRule[] => [
  zodRule(async () => (await import('@leadreel/shared/contracts/auth')).verifyCodeBody.shape.email, t),
];

export const newPasswordRules = (t: TFunction): FormRule[] => [
  zodRule(async () => (await import('@leadreel/shared/contracts/common')).newPasswordField, t),
];

export const requiredPasswordRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('errors.password_required') },
];

/** spec §5: "the passwords entered do not match". */
export const confirmRules = (t: TFunction, field: string): FormRule[] => [
  { required: true, message: t('errors.password_required') },
  ({ getFieldValue }) => ({
    validator: async (_rule, value) => {
      if (value !== getFieldValue(field)) throw new Error(t('errors.password_mismatch'));
    },
  }),
];

/** spec §5: the email verification code is 6 digits ("please complete the verification code"). */
export const codeRules = (t: TFunction): FormRule[] => [
  { pattern: /^\d{6}$/, required: true, message: t('errors.code_incomplete') },
];
