import path from "node:path";
import pino from "pino";
import { ConfigError, loadConfig } from "../config.js";
import { openDatabase } from "./client.js";

/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the PGlite in DATA_DIR. */
try {
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, "pglite"),
    logger,
  });
  await database.migrate();
  await database.close();
  logger.info({ database: database.kind }, "migrations applied");
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
