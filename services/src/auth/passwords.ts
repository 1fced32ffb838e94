import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP-recommended minimum cost (19 MiB, 2 iterations).
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

// Verifying against a real hash of a random password keeps "unknown e-mail" as slow as "wrong password".
let decoyHash: Promise<string> | undefined;

/** Checks a password; with no stored hash it still spends the same time and answers false. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
