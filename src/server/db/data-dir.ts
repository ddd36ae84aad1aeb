import { existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { PGLITE_TEMPLATE_DIR } from "../paths.js";
import { currentSeededTemplate } from "./seeded-template.js";

/** What a new PGlite data directory was given: a copy of one of the build's clusters, or nothing (an initdb is due). */
export type DataDirStart = { template: "seeded" | "migrated" | undefined };

/** One preparation per directory in this process: the start may begin it before the database module loads. */
const started = new Map<string, Promise<DataDirStart>>();

/**
 * Gives a new PGlite data directory the build's ready-made cluster, the one with the shipped data
 * seeded in it when `seeded` (and it was made from today's data files), else the migrated one: a
 * copy of files, against a second of seeding or seconds of initdb. Only into an empty directory,
 * never over leftovers; a directory that holds a cluster already is left as it is. Light on purpose
 * (file system calls only): main.ts starts it as soon as the configuration is read, so that the
 * copy's I/O overlaps the loading of the server's modules (docs/decisions/0019-memory-and-start.md).
 */
export function startDataDir(
  dataDir: string,
  seeded: boolean,
  templates: { seeded: () => string | undefined; migrated: string } = {
    seeded: currentSeededTemplate,
    migrated: PGLITE_TEMPLATE_DIR,
  },
): Promise<DataDirStart> {
  const key = path.resolve(dataDir);
  let start = started.get(key);
  if (!start) {
    start = prepare(key, seeded ? templates.seeded : () => undefined, templates.migrated);
    started.set(key, start);
  }
  return start;
}

async function prepare(
  dataDir: string,
  seededTemplate: () => string | undefined,
  migrated: string,
): Promise<DataDirStart> {
  mkdirSync(dataDir, { recursive: true });
  if (readdirSync(dataDir).length > 0) return { template: undefined };
  // Only for an empty directory: whether the seeded template is current reads the shipped data files.
  const seeded = seededTemplate();
  if (seeded) {
    await copyTemplate(seeded, dataDir);
    return { template: "seeded" };
  }
  // None under tsx before any build: the caller runs an initdb.
  if (!existsSync(path.join(migrated, "PG_VERSION"))) return { template: undefined };
  await copyTemplate(migrated, dataDir);
  return { template: "migrated" };
}

/**
 * Copies the template beside the data directory, then renames it into place: a start interrupted
 * half-way leaves a staging directory (removed next time), never a data directory that looks like a
 * cluster but is missing files. Copy-on-write where the file system can. In a worker thread: the
 * copy is some 1,200 small files, and done with the main thread's promises it advanced only between
 * the modules the start was loading (a first page 0.5 s later, not sooner); on its own thread it
 * runs beside them.
 */
async function copyTemplate(template: string, dataDir: string): Promise<void> {
  const worker = new Worker(COPY_WORKER, { eval: true, workerData: { template, dataDir } });
  await new Promise<void>((resolve, reject) => {
    worker.once("error", reject);
    worker.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`template copy exited with ${code}`))));
  });
}

// One listing, then each directory made and each file copied, nothing else: fs.cpSync's checks of
// every entry on both sides took twice as long for the same files.
const COPY_WORKER = `
const { constants, copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync } = require("node:fs");
const path = require("node:path");
const { workerData } = require("node:worker_threads");
const { template, dataDir } = workerData;
const staging = dataDir + ".copying";
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging);
const entries = readdirSync(template, { withFileTypes: true, recursive: true });
for (const entry of entries) {
  const to = path.join(staging, path.relative(template, path.join(entry.parentPath, entry.name)));
  if (entry.isDirectory()) mkdirSync(to, { recursive: true });
}
for (const entry of entries) {
  if (!entry.isFile()) continue;
  const from = path.join(entry.parentPath, entry.name);
  copyFileSync(from, path.join(staging, path.relative(template, from)), constants.COPYFILE_FICLONE);
}
rmdirSync(dataDir);
renameSync(staging, dataDir);
`;
