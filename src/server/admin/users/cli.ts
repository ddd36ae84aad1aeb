import path from "node:path";
import pino from "pino";
import { promoteAccount } from "../../auth/admin-account.js";
import { ConfigError, loadConfig } from "../../config.js";
import { openDatabase } from "../../db/client.js";
import { findUserByEmail } from "../../users/repository.js";

/**
 * `npm run users -- promote <email>`: makes an existing account an admin, on DATABASE_URL or the
 * PGlite database in DATA_DIR (stop the app first with PGlite: one process per data directory).
 */
const [command, email] = process.argv.slice(2);
if (command !== "promote" || !email) {
  console.error("Usage: npm run users -- promote <email>");
  process.exit(2);
}
try {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, "pglite"),
    logger: pino({ level: "warn" }),
  });
  await database.migrate();
  const user = await findUserByEmail(database.db, email);
  if (!user) {
    console.error(`No account with the e-mail ${email}. Register it first, or use ADMIN_EMAIL and ADMIN_PASSWORD.`);
    await database.close();
    process.exit(1);
  }
  // Ends the account's sessions and unused sign-ins too; the database tells running instances.
  await promoteAccount(database.db, user.id);
  await database.close();
  console.log(`${email} is now an admin.`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
