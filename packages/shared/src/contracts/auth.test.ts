import { describe, expect, it } from 'vitest';
import { changePasswordBody, signupBody, verifyCodeBody } from './auth.ts';

const firstError = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('auth contracts', () => {
  it('normalises the email to lower case without surrounding spaces', () => {
    expect(verifyCodeBody.parse({ email: '  Alice@Example.TEST ', scene: 'signup' }).email).toBe('alice@example.test');
  });

  it.each([
    ['', 'password_required'],
    ['        ', 'password_blank'],
    ['seven77', 'password_too_short'],
    ['x'.repeat(129), 'password_too_long'],
  ])('refuses the new password %j with %s', (password, key) => {
    expect(firstError(signupBody.safeParse({ email: 'a@example.test', password, code: '123456' }))).toBe(key);
  });

  it('accepts 8 and 128 characters, spaces inside included', () => {
    expect(signupBody.safeParse({ email: 'a@example.test', password: 'a b c d ', code: '000000' }).success).toBe(true);
    expect(signupBody.safeParse({ email: 'a@example.test', password: 'y'.repeat(128), code: '000000' }).success).toBe(
      true,
    );
  });

  it.each(['a\r\nBcc: x@evil.invalid', 'a@b.test\r\nBcc: x@evil.invalid', '"quoted"@example.test', 'a@-bad.test'])(
    'refuses the email %j',
    (email) => {
      expect(firstError(verifyCodeBody.safeParse({ email, scene: 'signup' }))).toBe('email_invalid');
    },
  );

  it('refuses unknown fields', () => {
    const result = changePasswordBody.safeParse({ oldPassword: 'x', newPassword: 'yyyyyyyy', extra: 1 });
    expect(result.success).toBe(false);
  });
});
