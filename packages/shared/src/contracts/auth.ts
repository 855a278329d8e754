import { z } from 'zod';
import { textField } from '../text.ts';
import { codeField, currentPasswordField, emailField, newPasswordField, userIdField } from './common.ts';

export const VERIFY_SCENES = ['signup', 'reset', 'change-email'] as const;
export type VerifyScene = (typeof VERIFY_SCENES)[number];
/**
 * Every reason a code is mailed: the public scenes, a new notice email (asked for by a signed-in user), and
 * a sign-in from an unknown browser while the account is locked for unknown browsers (asked for by login).
 */
export type CodeScene = VerifyScene | 'notice-email' | 'sign-in';

// "Email code: resend has a countdown"; our values, shown by the console.
export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_RESEND_SECONDS = 60;
export const CODE_MAX_ATTEMPTS = 5;

export const verifyCodeBody = z.strictObject({
  email: emailField,
  scene: z.enum(VERIFY_SCENES, { error: 'scene_invalid' }),
});
export const verifyCodeData = z.object({
  resendAfter: z.number().int().describe('seconds before another code may be sent'),
});

export const signupBody = z.strictObject({
  email: emailField,
  password: newPasswordField,
  code: codeField,
  ref: userIdField.optional(),
});

export const loginBody = z.strictObject({
  email: emailField,
  password: currentPasswordField,
  code: codeField.optional().describe('the mailed code, when the answer was login_code_required'),
});

export const accessTokenData = z.object({
  accessToken: z.string(),
  isNew: z.boolean().optional().describe('true when this sign-in created the account'),
});

export const findPasswordBody = z.strictObject({ email: emailField });

export const resetPasswordBody = z.strictObject({ email: emailField, code: codeField, password: newPasswordField });

export const changePasswordBody = z.strictObject({ oldPassword: currentPasswordField, newPassword: newPasswordField });

export const setPasswordBody = z.strictObject({ newPassword: newPasswordField });

export const googleLoginBody = z.strictObject({
  idToken: textField('id_token_required').min(1, 'id_token_required').max(8192, 'illegal_input'),
});

export const checkTokenBody = z.strictObject({
  token: textField('token_required').min(1, 'token_required').max(512, 'illegal_input'),
});
export const checkTokenData = z.object({
  expireTime: z.number().int().describe('seconds left; 0 or negative when invalid'),
});

export const bindReferrerBody = z.strictObject({ ref: userIdField });
