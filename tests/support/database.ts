import { randomBytes } from "node:crypto";
import { openAsBlob } from "node:fs";
import pg from "pg";
import { type Database, openDatabase } from "../../src/server/db/client.js";
import { PG_TEMPLATE_ENV, PGLITE_DUMP_ENV } from "./templates.js";

export type Driver = "pglite" | "postgres";

/**
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it), so every integration
 * suite runs on both dialects.
 */
export const TEST_DRIVERS: Driver[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export type TestDatabase = { database: Database; url?: string; drop(): Promise<void> };

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A database of its own for one test file: in-memory PGlite, or a new PostgreSQL database dropped
 * afterwards. Each starts as a copy of the run's migrated template (tests/support/global-setup.ts)
 * rather than an initdb and every migration, which took most of a small test file's time; the
 * migrations still run on it, so a template behind the migrations folder is only slower, never wrong.
 * Without the global setup (a script importing this helper) each database is made from scratch.
 */
export async function createTestDatabase(driver: Driver): Promise<TestDatabase> {
  if (driver === "pglite") {
    const dump = process.env[PGLITE_DUMP_ENV];
    // One Blob per process, read from the file as PGlite unpacks it; every database gets its own copy.
    if (dump) pgliteTemplate ??= openAsBlob(dump);
    const database = await openDatabase(pgliteTemplate ? { loadDataDir: await pgliteTemplate } : {});
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `fundmatch_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const template = process.env[PG_TEMPLATE_ENV];
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    `CREATE DATABASE ${pg.escapeIdentifier(name)}${template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : ""}`,
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
