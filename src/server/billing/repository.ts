import type { Db } from "../db/client.js";
import { billingApplied } from "../db/schema/billing.js";

/**
 * Records that an event or Checkout Session was applied; false when it already was. Run inside the
 * transaction that applies it: a concurrent duplicate blocks on the key and then sees the conflict.
 */
export async function markApplied(db: Db, key: string): Promise<boolean> {
  const rows = await db
    .insert(billingApplied)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: billingApplied.key });
  return rows.length > 0;
}
