import { eq, sql } from "drizzle-orm";
import type { App } from "../../src/server/app.js";
import { sessions, type UserRow, users } from "../../src/server/db/schema/index.js";

/**
 * Changes a user row in SQL behind the app's back, as another instance or an operator in psql
 * would, and returns once the app has dropped that user's cached sessions: the moment the
 * trigger's notification reached it (on PostgreSQL it travels on its own connection). A signal,
 * not a time: the test's own timeout is the only limit.
 */
export async function changeUserBehindTheApp(
  app: App,
  email: string,
  values: Partial<Omit<UserRow, "id">>,
): Promise<number> {
  const seen = new Set<number | "all">();
  let wake = () => {};
  const off = app.services.sessionCache.onEviction((userId) => {
    seen.add(userId);
    wake();
  });
  try {
    const [row] = await app.services.database.db
      .update(users)
      .set(values)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .returning({ id: users.id });
    if (!row) throw new Error(`no user ${email}`);
    while (!seen.has(row.id) && !seen.has("all")) await new Promise<void>((resolve) => (wake = resolve));
    return row.id;
  } finally {
    off();
  }
}

/** The stored end of a session, once the write-backs in flight have finished. */
export async function storedExpiry(app: App, tokenHash: string): Promise<Date | undefined> {
  await app.services.sessionCache.writesDone();
  const [row] = await app.services.database.db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash));
  return row?.expiresAt;
}
