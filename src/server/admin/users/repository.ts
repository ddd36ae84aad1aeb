import { asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { savedFunds, users } from "../../db/schema/index.js";

export async function listUsersWithSavedCounts(db: Db) {
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      email: users.email,
      role: users.role,
      accountStatus: users.accountStatus,
      subscriptionType: users.subscriptionType,
      subscriptionStatus: users.subscriptionStatus,
      subscriptionPauseAt: users.subscriptionPauseAt,
      createdAt: users.createdAt,
      savedFundsCount: count(savedFunds.fundId),
    })
    .from(users)
    .leftJoin(savedFunds, eq(savedFunds.userId, users.id))
    .groupBy(users.id)
    .orderBy(asc(users.id));
}

export async function setAccountStatus(db: Db, userId: number, accountStatus: "active" | "deactivated") {
  const [row] = await db
    .update(users)
    .set({ accountStatus, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return row !== undefined;
}

/** Deletes the user; their sessions and saved funds go with them (foreign keys cascade). */
export async function deleteUser(db: Db, userId: number): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}

/** Makes the account an admin; creates it with the given password hash when it does not exist. */
export async function upsertAdmin(db: Db, email: string, passwordHash: string | null): Promise<"created" | "promoted"> {
  const normalised = email.trim();
  const inserted = await db
    .insert(users)
    .values({ email: normalised, displayName: normalised.split("@")[0] || "Admin", passwordHash, role: "admin" })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length > 0) return "created";
  await db
    .update(users)
    .set({ role: "admin", updatedAt: new Date() })
    .where(sql`lower(${users.email}) = ${normalised.toLowerCase()}`);
  return "promoted";
}
