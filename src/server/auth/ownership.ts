import type { Db } from "../db/client.js";
import * as repository from "./repository.js";

/**
 * Who may use an account whose e-mail address nobody has proven (docs/security.md, "Proof of an
 * address"). Registration and the demo sign-in provider take any address on trust; an e-mailed
 * link, or a provider that verifies addresses, proves it.
 */

/** The issuer recorded for identities of the built-in demo provider, which vouches for any address. */
export const DEMO_IDENTITY_ISSUER = "demo";

/** Providers whose sign-in does not prove the address: their bindings go when the owner proves it. */
const UNVERIFIED_EMAIL_ISSUERS = [DEMO_IDENTITY_ISSUER];

/**
 * Ends every way into the account that did not come from proving its address: all its sessions and
 * unused sign-in hand-overs, its bindings to providers that do not verify e-mail, its e-mailed
 * links, and the browsers it knew. Called when the
 * owner proves the address (before this browser's new session starts), and when a guest payment
 * for the address lands on an account nobody has proven.
 */
export async function revokeUnprovenAccess(db: Db, userId: number): Promise<void> {
  await repository.deleteSessionsOfUser(db, userId);
  for (const issuer of UNVERIFIED_EMAIL_ISSUERS) await repository.unbindIdentities(db, userId, issuer);
  await repository.deletePasswordTokensOfUser(db, userId);
  // Browsers known from log-ins before the proof may be a stranger's: their own guess budgets end.
  await repository.deleteKnownDevicesOfUser(db, userId);
}
