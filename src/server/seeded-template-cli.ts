import { mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import pino from "pino";
import { checkpoint, openDatabase } from "./db/client.js";
import { SEEDED_TEMPLATE_STAMP_FILE, seededTemplateStamp } from "./db/seeded-template.js";
import { PGLITE_SEEDED_TEMPLATE_DIR } from "./paths.js";
import { prepareShippedData } from "./shipped-data.js";

/**
 * `node dist/server/seeded-template-cli.js`, run by the build after the server bundle and the
 * migrated template (scripts/build-server.mjs): writes dist/server/pglite-seeded-template, the
 * migrated cluster with the shipped data prepared in it exactly as a first start would
 * (prepareShippedData). A first start with SEED_ON_START copies it, and its own prepareShippedData
 * then finds every step done. Written beside the target and renamed into place, so that a server
 * never copies a half-written one. (docs/decisions/0019-memory-and-start.md)
 */
const logger = pino({ level: process.env.LOG_LEVEL ?? "warn" });
// Read before the data is prepared, so that the stamp names the files the data came from.
const stamp = seededTemplateStamp();
const scratch = await mkdtemp(path.join(path.dirname(PGLITE_SEEDED_TEMPLATE_DIR), ".pglite-seeded-template-"));
try {
  // An empty directory: openDatabase copies the migrated template into it.
  const database = await openDatabase({ dataDir: scratch, logger });
  await database.migrate(() => prepareShippedData(database.db, logger, { seed: true }));
  // A checkpoint, so that a copy opens without replaying the write-ahead log.
  await checkpoint(database);
  await database.close();
  await rm(SEEDED_TEMPLATE_STAMP_FILE, { force: true });
  await rm(PGLITE_SEEDED_TEMPLATE_DIR, { recursive: true, force: true });
  await rename(scratch, PGLITE_SEEDED_TEMPLATE_DIR);
  await writeFile(SEEDED_TEMPLATE_STAMP_FILE, `${stamp}\n`);
} catch (error) {
  await rm(scratch, { recursive: true, force: true });
  console.error(error);
  process.exit(1);
}
