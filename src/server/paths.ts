import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The package root, found from this file whether it runs from src/ (tsx, vitest) or the dist/ bundle. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("package.json not found above the server code");
    dir = parent;
  }
}

export const ROOT_DIR = findRoot();
export const MIGRATIONS_DIR = path.join(ROOT_DIR, "src/server/db/migrations");
export const SEED_FUNDS_CSV = path.join(ROOT_DIR, "src/server/db/seed/funds.csv");
/** Sourced, dated facts about the shipped funds, applied once per database (funds/import/curated-data.ts). */
export const SEED_ENRICHMENT_CSV = path.join(ROOT_DIR, "src/server/db/seed/enrichment.csv");
/** Facts an earlier enrichment.csv shipped and the data team took back (their sources were not the publication's). */
export const SEED_WITHDRAWN_FACTS_CSV = path.join(ROOT_DIR, "src/server/db/seed/withdrawn-facts.csv");
/** The articles a new blog starts with: one markdown file each, with a front-matter header. */
export const SEED_BLOG_DIR = path.join(ROOT_DIR, "src/server/db/seed/blog");
export const CLIENT_BUILD_DIR = path.join(ROOT_DIR, "dist/client");
export const SSR_ENTRY_FILE = path.join(ROOT_DIR, "dist/ssr/entry-server.js");
/** An empty, migrated PGlite cluster written by the build (scripts/build-pglite-template.mjs). */
export const PGLITE_TEMPLATE_DIR = path.join(ROOT_DIR, "dist/server/pglite-template");
/**
 * The same cluster with the shipped data in it (the funds, their sourced facts, the blog's first
 * articles), written by the build after the server bundle (src/server/seeded-template-cli.ts): a
 * first start with SEED_ON_START copies it instead of seeding (ADR 0019).
 */
export const PGLITE_SEEDED_TEMPLATE_DIR = path.join(ROOT_DIR, "dist/server/pglite-seeded-template");
