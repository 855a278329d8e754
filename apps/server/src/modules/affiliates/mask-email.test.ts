import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email.ts';

describe('maskEmail', () => {
  it.each([
    ['alice@example.test', 'a***@example.test'],
    ['a@example.test', 'a***@example.test'],
    ['bob.smith+leads@mail.example.com', 'b***@mail.example.com'],
    // A character outside the BMP is kept whole, never half a surrogate pair.
    ['\u{1F600}x@example.test', '\u{1F600}***@example.test'],
    ['not-an-email', '***'],
    ['@example.test', '***'],
  ])('%s -> %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
