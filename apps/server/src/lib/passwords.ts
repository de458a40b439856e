import argon2 from 'argon2';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so a wrong e-mail and a wrong password look alike. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('no-such-account-placeholder');
  await verifyPassword(await dummyHash, password);
  return false;
}
