import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startDataDir } from "./data-dir.js";

const root = mkdtempSync(path.join(tmpdir(), "fundmatch-data-dir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A stand-in for one of the build's clusters: a marker file and nested directories of files. */
function template(name: string): string {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, "base", "5"), { recursive: true });
  mkdirSync(path.join(dir, "pg_wal", "archive_status"), { recursive: true });
  writeFileSync(path.join(dir, "PG_VERSION"), "17\n");
  writeFileSync(path.join(dir, "which"), name);
  for (let file = 0; file < 40; file++)
    writeFileSync(path.join(dir, "base", "5", String(16_384 + file)), `${name} ${file}`);
  return dir;
}

const seeded = template("seeded");
const migrated = template("migrated");
const templates = (current: string | undefined) => ({ seeded: () => current, migrated });
const which = (dataDir: string) => readFileSync(path.join(dataDir, "which"), "utf8");

describe("a new PGlite data directory (ADR 0019)", () => {
  it("gets the seeded cluster when the start seeds and it is current, every file, and no staging left", async () => {
    const dataDir = path.join(root, "a", "pglite");
    expect(await startDataDir(dataDir, true, templates(seeded))).toEqual({ template: "seeded" });
    expect(which(dataDir)).toBe("seeded");
    expect(readdirSync(path.join(dataDir, "base", "5"))).toHaveLength(40);
    expect(readFileSync(path.join(dataDir, "base", "5", "16400"), "utf8")).toBe("seeded 16");
    expect(existsSync(path.join(dataDir, "pg_wal", "archive_status"))).toBe(true);
    expect(existsSync(`${dataDir}.copying`)).toBe(false);
  });

  it("gets the migrated cluster without a seed, or when the seeded one is not current", async () => {
    const unseeded = path.join(root, "b", "pglite");
    expect(await startDataDir(unseeded, false, templates(seeded))).toEqual({ template: "migrated" });
    expect(which(unseeded)).toBe("migrated");
    const stale = path.join(root, "c", "pglite");
    expect(await startDataDir(stale, true, templates(undefined))).toEqual({ template: "migrated" });
    expect(which(stale)).toBe("migrated");
  });

  it("leaves a directory that holds anything as it is", async () => {
    const dataDir = path.join(root, "d", "pglite");
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, "leftover"), "");
    expect(await startDataDir(dataDir, true, templates(seeded))).toEqual({ template: undefined });
    expect(readdirSync(dataDir)).toEqual(["leftover"]);
  });

  it("prepares a directory once, however many callers ask (the start, then the database's open)", async () => {
    const dataDir = path.join(root, "e", "pglite");
    const first = startDataDir(dataDir, true, templates(seeded));
    const second = startDataDir(path.join(root, "e", ".", "pglite"), true, templates(seeded));
    expect(second).toBe(first);
    expect(await second).toEqual({ template: "seeded" });
  });
});
