import { desc, eq, inArray } from "drizzle-orm";
import type { ImportMode, ImportResult, ImportRun } from "../../../shared/schemas/import.js";
import { graphemePrefix } from "../../../shared/text-cut.js";
import type { Db } from "../../db/client.js";
import { importRuns } from "../../db/schema/import-runs.js";

/** The only SQL on import_runs: the admin's import history. */

export type RunStart = {
  adminId: number | null;
  adminEmail: string | null;
  fileName: string;
  fileBytes: number;
  sourceUrl: string | null;
  mode: ImportMode;
  totalRows: number;
};

/** A completed run's row, written inside the import's transaction (so it stands or falls with it). */
export async function insertRun(db: Db, start: RunStart): Promise<number> {
  const [row] = await db
    .insert(importRuns)
    .values({ ...start, status: "completed" })
    .returning({ id: importRuns.id });
  if (!row) throw new Error("import run not recorded");
  return row.id;
}

export async function finishRun(db: Db, id: number, result: ImportResult): Promise<void> {
  await db
    .update(importRuns)
    .set({
      finishedAt: new Date(),
      successfulImports: result.successfulImports,
      failedImports: result.failedImports,
      duplicatesFound: result.duplicatesFound,
      duplicatesSkipped: result.duplicatesSkipped,
      duplicatesUpdated: result.duplicatesUpdated,
    })
    .where(eq(importRuns.id, id));
}

/** A run whose transaction was rolled back: recorded afterwards, with nothing imported. */
export async function insertFailedRun(db: Db, start: RunStart, error: string): Promise<void> {
  await db
    .insert(importRuns)
    .values({ ...start, status: "failed", finishedAt: new Date(), error: graphemePrefix(error, 500) });
}

export async function listRuns(db: Db, limit: number): Promise<ImportRun[]> {
  const rows = await db.select().from(importRuns).orderBy(desc(importRuns.startedAt), desc(importRuns.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    adminEmail: row.adminEmail,
    fileName: row.fileName,
    sourceUrl: row.sourceUrl,
    mode: row.mode as ImportMode,
    status: row.status === "failed" ? "failed" : "completed",
    totalRows: row.totalRows,
    successfulImports: row.successfulImports,
    failedImports: row.failedImports,
    duplicatesFound: row.duplicatesFound,
    duplicatesSkipped: row.duplicatesSkipped,
    duplicatesUpdated: row.duplicatesUpdated,
    error: row.error,
  }));
}

/** The file name and named source of each of these imports, by id (for the fund's history, admins only). */
export async function runsByIds(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { fileName: string; sourceUrl: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: importRuns.id, fileName: importRuns.fileName, sourceUrl: importRuns.sourceUrl })
    .from(importRuns)
    .where(inArray(importRuns.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { fileName: row.fileName, sourceUrl: row.sourceUrl }]));
}
