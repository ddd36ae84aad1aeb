import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { demoIssuerCodes, demoIssuerKeys } from "../../db/schema/demo-issuer.js";

/**
 * The demo sign-in provider's own storage: its signing key and its authorization codes. Kept in
 * the app's database so that every instance signs with the same key and a code issued by one
 * instance is redeemed on another.
 */

export async function loadKey(db: Db, id: string): Promise<unknown> {
  const [row] = await db
    .select({ jwk: demoIssuerKeys.privateJwk })
    .from(demoIssuerKeys)
    .where(eq(demoIssuerKeys.id, id));
  return row?.jwk;
}

/** Stores the key unless another instance stored one first (then that one is used). */
export async function insertKeyIfAbsent(db: Db, id: string, privateJwk: unknown): Promise<void> {
  await db.insert(demoIssuerKeys).values({ id, privateJwk }).onConflictDoNothing();
}

export async function insertCode(db: Db, codeHash: string, grant: unknown, expiresAt: Date): Promise<void> {
  await db.insert(demoIssuerCodes).values({ codeHash, grant, expiresAt });
}

/** Spends a code: answers its grant once, while it has not expired. */
export async function takeCode(db: Db, codeHash: string, now: Date): Promise<unknown> {
  const [row] = await db
    .delete(demoIssuerCodes)
    .where(and(eq(demoIssuerCodes.codeHash, codeHash), gt(demoIssuerCodes.expiresAt, now)))
    .returning({ grant: demoIssuerCodes.grant });
  return row?.grant;
}

export async function deleteExpiredCodes(db: Db, now: Date): Promise<void> {
  await db.delete(demoIssuerCodes).where(lt(demoIssuerCodes.expiresAt, now));
}
