import type { Db } from "../db/client.js";
import * as users from "../users/repository.js";
import { revokeUnprovenAccess } from "./ownership.js";
import { hashPassword, verifyPassword } from "./password.js";

export type AdminOutcome =
  | { outcome: "created" | "promoted" | "unchanged"; userId: number }
  | { outcome: "refused"; reason: string };

/** Why start-up leaves an existing ADMIN_EMAIL account alone; the log and the start-up output say it. */
export const ADMIN_NOT_PROMOTED =
  "ADMIN_EMAIL: an account with this e-mail already exists and ADMIN_PASSWORD is not its password, so it was not made an admin (whoever created it may not be you). Log in to it and set ADMIN_PASSWORD to its password, or reset its password through /forgot-password, or choose another ADMIN_EMAIL; `npm run users -- promote <email>` promotes an account you know is yours.";

/**
 * The operator's ADMIN_EMAIL and ADMIN_PASSWORD at start-up. A new address becomes an admin
 * account with that password. An existing account is made an admin only when ADMIN_PASSWORD is its
 * password: anyone can register an address (or take it through the demo sign-in), and promoting
 * their account would make them the admin and leave the operator locked out. A promotion ends the
 * account's sessions, so that nothing signed in before carries on with the new role unnoticed.
 */
export async function ensureAdminAccount(db: Db, email: string, password: string): Promise<AdminOutcome> {
  let existing = await users.findUserByEmail(db, email);
  if (!existing) {
    const created = await users.insertAdmin(db, email, await hashPassword(password));
    if (created) return { outcome: "created", userId: created.id };
    // Registered a moment ago by someone else: judged like any existing account.
    existing = await users.findUserByEmail(db, email);
    if (!existing) throw new Error(`The account ${email} could neither be created nor found`);
  }
  if (!(await verifyPassword(existing.passwordHash, password))) {
    return { outcome: "refused", reason: ADMIN_NOT_PROMOTED };
  }
  if (existing.role === "admin") return { outcome: "unchanged", userId: existing.id };
  await promoteAccount(db, existing.id);
  return { outcome: "promoted", userId: existing.id };
}

/**
 * Makes an account the operator named (ADMIN_EMAIL, or `npm run users -- promote`) an admin. The
 * operator vouches for the address, so this proves it like an e-mailed link: every session, unused
 * sign-in hand-over, demo-provider binding and e-mailed link of the account ends in the same
 * transaction, so nothing that got in before carries on with the new role (issue 35).
 */
export async function promoteAccount(db: Db, userId: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeUnprovenAccess(tx, userId);
    await users.promoteToAdmin(tx, userId, now);
  });
}
