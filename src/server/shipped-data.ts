import type { Logger } from "pino";
import { resanitizeStoredPosts } from "./blog/resanitize.js";
import { seedBlogIfPristine } from "./blog/seed.js";
import type { Db } from "./db/client.js";
import { applyCuratedDataOnce } from "./funds/import/curated-data.js";
import { seedFundsIfPristine } from "./funds/import/seed.js";

/**
 * The shipped data a database holds before its first request: the funds and the blog's first
 * articles (when `seed`, on a database never written), the stored posts sanitised by today's rules,
 * and the curated corrections and sourced facts (once per database). Each step does nothing on a
 * database that has it already. The start runs it under the migration lock; the build runs it once
 * into the seeded template (src/server/seeded-template-cli.ts), so a first start usually finds it done.
 */
export async function prepareShippedData(db: Db, logger: Logger, { seed }: { seed: boolean }): Promise<void> {
  if (seed) {
    await seedFundsIfPristine(db, logger);
    await seedBlogIfPristine(db, logger);
  }
  await resanitizeStoredPosts(db, logger);
  // The shipped funds' corrections and sourced facts: once per database, after a first seed and on
  // a database seeded before they existed (it only touches curated funds it finds).
  await applyCuratedDataOnce(db, logger);
}
