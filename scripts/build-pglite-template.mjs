// Writes dist/server/pglite-template/: an empty PGlite cluster with every migration applied. A first
// start copies it into DATA_DIR instead of running initdb and the migrations, which took about 5 of
// the 7 seconds before the first page on a 2-core machine and left initdb's memory in the process
// (docs/decisions/0019-memory-and-start.md). The server still checks the migrations after copying
// it, so a template older than the migrations folder is only slower, never wrong.
import { mkdtemp, rename, rm } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const root = path.resolve(import.meta.dirname, "..");
const target = path.join(root, "dist/server/pglite-template");

// Built beside the target and renamed into place, so that a server never copies a half-written one.
const scratch = await mkdtemp(path.join(root, "dist/server/.pglite-template-"));
try {
  // 1 MB WAL segments instead of 16: the template holds one, copied on every first start.
  const client = new PGlite(scratch, { initDbStartParams: ["--wal-segsize=1"] });
  await client.waitReady;
  await migrate(drizzle(client), { migrationsFolder: path.join(root, "src/server/db/migrations") });
  // A checkpoint first, so that the copy opens without replaying the WAL.
  await client.exec("checkpoint");
  await client.close();
  await rm(target, { recursive: true, force: true });
  await rename(scratch, target);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
