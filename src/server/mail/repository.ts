import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { emailSigningKeys } from "../db/schema/email-signing-keys.js";

/**
 * The database's own key for signing e-mailed links (used when EMAIL_TOKEN_SECRET is unset):
 * created by whichever instance asks first, then read by every instance.
 */
export async function storedSigningKey(db: Db, name: string): Promise<string> {
  await db
    .insert(emailSigningKeys)
    .values({ name, secret: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: emailSigningKeys.secret })
    .from(emailSigningKeys)
    .where(eq(emailSigningKeys.name, name));
  if (!row) throw new Error(`The signing key ${name} could not be stored`);
  return row.secret;
}
