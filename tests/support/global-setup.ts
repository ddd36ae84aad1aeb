import { execFile as execFileCallback } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { openDatabase } from "../../src/server/db/client.js";
import { ROOT_DIR } from "../../src/server/paths.js";
import { PG_TEMPLATE_ENV, PGLITE_DUMP_ENV } from "./templates.js";

const execFile = promisify(execFileCallback);
/** The process that made this run's templates. */
const OWNER_ENV = "FUNDMATCH_TEST_TEMPLATES_OWNER";

/**
 * Once per Vitest run, before the first test file: the migrated databases every test database is
 * copied from (docs/testing.md). An initdb and all the migrations cost a PGlite database 15–20 s on
 * the busy 2-core machine and a copy about 3; on PostgreSQL, CREATE DATABASE … TEMPLATE copies the
 * migrated schema instead of replaying the migrations. Each test still gets a database of its own.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // Vitest runs the global setup of the root project and of each project it runs, in this one process:
  // the first makes the templates, the others find them made.
  if (process.env[OWNER_ENV] === String(process.pid)) return async () => {};
  process.env[OWNER_ENV] = String(process.pid);
  const scratch = await mkdtemp(path.join(tmpdir(), "fundmatch-test-templates-"));
  const dump = path.join(scratch, "pglite.tar");
  // The build's template (dist/server/pglite-template, reused while the migrations are unchanged, so
  // the build after the tests does not make it again), dumped for in-memory use. In a child process:
  // PGlite's memory, once grown, would stay in this process for the whole run.
  const pgliteReady = execFile(
    process.execPath,
    [path.join(ROOT_DIR, "scripts/build-pglite-template.mjs"), "--dump", dump],
    { cwd: ROOT_DIR },
  ).then(() => {
    process.env[PGLITE_DUMP_ENV] = dump;
  });
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = `fundmatch_template_${process.pid}_${randomBytes(4).toString("hex")}`;
  const postgresReady = adminUrl ? createPostgresTemplate(adminUrl, template) : Promise.resolve();
  const teardown = async () => {
    if (adminUrl) await dropDatabase(adminUrl, template);
    await rm(scratch, { recursive: true, force: true });
  };
  try {
    await Promise.all([pgliteReady, postgresReady]);
  } catch (error) {
    await Promise.allSettled([pgliteReady, postgresReady]);
    await teardown().catch(() => {});
    throw error;
  }
  return teardown;
}

async function createPostgresTemplate(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Two connections: migrate() holds one for its lock and migrates through another.
  const database = await openDatabase({ url: url.toString(), poolSize: 2 });
  await database.migrate();
  // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
  await database.close();
  process.env[PG_TEMPLATE_ENV] = name;
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  await admin.end();
}
