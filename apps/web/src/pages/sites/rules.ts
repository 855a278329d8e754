import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * A form rule that runs the contract's own schema on the value (after `prepare`), so the site screens refuse
 * exactly what the server refuses, in the words of the server's message key.
 */
export function schemaRule(schema: z.ZodType, t: TFunction, prepare: (value: unknown) => unknown = (v) => v): FormRule {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(prepare(value));
      if (!result.success) throw new Error(t(`errors.${result.error.issues[0]?.message ?? 'illegal_input'}`));
    },
  };
}

/** A text box's value as the contract takes an optional link: trimmed, and null when empty. */
export const optionalText = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
