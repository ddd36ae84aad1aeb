import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  PGLITE_SEEDED_TEMPLATE_DIR,
  SEED_BLOG_DIR,
  SEED_ENRICHMENT_CSV,
  SEED_FUNDS_CSV,
  SEED_WITHDRAWN_FACTS_CSV,
} from "../paths.js";

/** Beside the seeded template: what it was made from (seededTemplateStamp at the time). */
export const SEEDED_TEMPLATE_STAMP_FILE = `${PGLITE_SEEDED_TEMPLATE_DIR}.stamp`;

/**
 * A hash of the shipped data files the seeded template is made from (the funds, their facts, the
 * facts taken back, the blog's first articles). A start copies the seeded template only while the
 * files are the ones it was made from: a development server started after an edit of funds.csv, and
 * before the next build, seeds the edited file instead of copying the old data. About 1 MB read.
 */
export function seededTemplateStamp(): string {
  const hash = createHash("sha256");
  const blog = existsSync(SEED_BLOG_DIR)
    ? readdirSync(SEED_BLOG_DIR)
        .sort()
        .map((name) => path.join(SEED_BLOG_DIR, name))
    : [];
  for (const file of [SEED_FUNDS_CSV, SEED_ENRICHMENT_CSV, SEED_WITHDRAWN_FACTS_CSV, ...blog]) {
    hash.update(path.basename(file)).update("\0");
    hash.update(existsSync(file) ? readFileSync(file) : "").update("\0");
  }
  return hash.digest("hex");
}

/** The seeded template's directory when it exists and was made from today's shipped data files. */
export function currentSeededTemplate(): string | undefined {
  if (!existsSync(path.join(PGLITE_SEEDED_TEMPLATE_DIR, "PG_VERSION"))) return undefined;
  try {
    return readFileSync(SEEDED_TEMPLATE_STAMP_FILE, "utf8").trim() === seededTemplateStamp()
      ? PGLITE_SEEDED_TEMPLATE_DIR
      : undefined;
  } catch {
    return undefined;
  }
}
