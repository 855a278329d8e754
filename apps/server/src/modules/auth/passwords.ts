import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm 2 is Argon2id (a const enum, which verbatimModuleSyntax cannot read).
// OWASP password storage cheat sheet: argon2id, 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash it still spends the time of a verification, so a wrong email
 * and a wrong password cannot be told apart by timing.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('dummy password for timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
