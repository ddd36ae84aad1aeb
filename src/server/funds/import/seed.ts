import { readFile } from "node:fs/promises";
import type { Logger } from "pino";
import type { Db } from "../../db/client.js";
import { SEED_FUNDS_CSV } from "../../paths.js";
import { countFunds, readFundsVersion } from "../repository.js";
import { importFundsFile } from "./service.js";

/** The version the migration gives the funds data; any write to funds moves it on. */
const PRISTINE_FUNDS_VERSION = 1;

/**
 * Seeds the shipped funds once, on a database whose fund data was never written: an admin who
 * later empties the table does not get the seed back on the next restart.
 */
export async function seedFundsIfPristine(db: Db, logger: Logger, file = SEED_FUNDS_CSV): Promise<boolean> {
  if ((await readFundsVersion(db)) !== PRISTINE_FUNDS_VERSION || (await countFunds(db)) > 0) return false;
  const started = performance.now();
  const result = await importFundsFile(db, await readFile(file), "csv", {
    mode: "skip_duplicates",
    defaultSource: "curated",
  });
  logger.info(
    { imported: result.successfulImports, failed: result.failedImports, ms: Math.round(performance.now() - started) },
    "seeded fund data",
  );
  if (result.errors.length > 0) logger.warn({ errors: result.errors.slice(0, 20) }, "seed rows rejected");
  return true;
}
