// Writes dist/server/pglite-template/: an empty PGlite cluster with every migration applied. A first
// start copies it into DATA_DIR instead of running initdb and the migrations, which took about 5 of
// the 7 seconds before the first page on a 2-core machine and left initdb's memory in the process
// (docs/decisions/0019-memory-and-start.md). The server still checks the migrations after copying
// it, so a template older than the migrations folder is only slower, never wrong.
//
// The test run builds it too, before the first test (tests/support/global-setup.ts), and gives every
// test database a copy (docs/testing.md). A stamp beside it names what it was built from (the
// migrations, PGlite's version, this script); when they have not changed the template is reused, so
// `npm test` makes it once although both the tests and the build ask for it.
//
// `node scripts/build-pglite-template.mjs --dump <file>` also writes the template as a tar that
// PGlite loads into memory (its loadDataDir option): the form the tests' in-memory databases take.
import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const root = path.resolve(import.meta.dirname, "..");
const target = path.join(root, "dist/server/pglite-template");
const stampFile = `${target}.stamp`;
const migrationsFolder = path.join(root, "src/server/db/migrations");

/** What the template is made of: every migration file, PGlite's version and this script. */
async function sourceStamp() {
  const hash = createHash("sha256");
  const files = async (dir) =>
    (await readdir(dir, { withFileTypes: true, recursive: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
  for (const file of await files(migrationsFolder)) {
    hash
      .update(path.relative(migrationsFolder, file))
      .update("\0")
      .update(await readFile(file))
      .update("\0");
  }
  const pglite = JSON.parse(await readFile(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8"));
  hash
    .update(pglite.version)
    .update("\0")
    .update(await readFile(import.meta.filename));
  return hash.digest("hex");
}

async function readStamp() {
  try {
    return (await readFile(stampFile, "utf8")).trim();
  } catch {
    return undefined;
  }
}

async function hasTemplate() {
  try {
    return (await readdir(target)).includes("PG_VERSION");
  } catch {
    return false;
  }
}

/** Opens a copy of the template (opening writes to a cluster) and writes it as an uncompressed tar. */
async function dumpTemplate(file) {
  const scratch = await mkdtemp(path.join(path.dirname(target), ".pglite-template-dump-"));
  try {
    await cp(target, scratch, { recursive: true });
    const client = new PGlite(scratch);
    await client.waitReady;
    const tar = await client.dumpDataDir("none");
    await client.close();
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, Buffer.from(await tar.arrayBuffer()));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

await mkdir(path.dirname(target), { recursive: true });
const stamp = await sourceStamp();
if ((await hasTemplate()) && (await readStamp()) === stamp) {
  // Reused: its stamp says when a build last checked it, which is what scripts/ensure-build.mjs compares.
  const now = new Date();
  await utimes(stampFile, now, now);
} else {
  // Built beside the target and renamed into place, so that a server never copies a half-written one.
  const scratch = await mkdtemp(path.join(root, "dist/server/.pglite-template-"));
  try {
    // 1 MB WAL segments instead of 16: the template holds one, copied on every first start.
    const client = new PGlite(scratch, { initDbStartParams: ["--wal-segsize=1"] });
    await client.waitReady;
    await migrate(drizzle(client), { migrationsFolder });
    // A checkpoint first, so that the copy opens without replaying the WAL.
    await client.exec("checkpoint");
    await client.close();
    await rm(stampFile, { force: true });
    await rm(target, { recursive: true, force: true });
    await rename(scratch, target);
    await writeFile(stampFile, `${stamp}\n`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

const dumpAt = process.argv.indexOf("--dump");
if (import.meta.filename === path.resolve(process.argv[1] ?? "") && dumpAt !== -1) {
  const file = process.argv[dumpAt + 1];
  if (!file) throw new Error("--dump needs a file name");
  await dumpTemplate(path.resolve(file));
}
