import type { Db } from "../db/client.js";
import { storedSigningKey } from "./repository.js";

/**
 * The key that signs e-mailed links when EMAIL_TOKEN_SECRET is unset. The mail domain owns the
 * table; other domains ask here rather than import its repository (the house rule one-owner-per-table).
 */
export function signingKeyFromDatabase(db: Db, name: string): Promise<string> {
  return storedSigningKey(db, name);
}
