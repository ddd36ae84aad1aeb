import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with OWASP's minimum (19 MiB memory, 2 passes, 1 lane): about 12 ms per hash on this
 * project's 2-vCPU machine (README). Verification reads the parameters from the stored hash, so
 * raising them later only needs re-hashing at the next sign-in.
 */
// 2 = Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verifying against this when the e-mail is unknown makes both answers take as long: the timing of
// a login does not tell whether an account exists.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword("not-a-real-password-0");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
