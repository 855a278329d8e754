/**
 * How a referrer sees the accounts they brought (the console contract Affiliate referral "user"): the first character
 * of the address and its domain, `a***@example.test`. Enough to tell one's own contacts apart, not enough
 * to write to them. The stars are fixed in number, so they do not give the length away.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${Array.from(email)[0]}***${email.slice(at)}`;
}
