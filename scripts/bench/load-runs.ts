import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { deferCleanup } from "./cleanup.js";
import { type LoadScenarioResult, type LoadScenarioSettings, prepareLoad, runLoadScenario } from "./load-scenario.js";
import { createScratchDatabase, type PostgresProbe } from "./postgres.js";
import { renderLoadRun } from "./report.js";
import type { DatabaseKind, LoadRun } from "./results.js";
import { type RunningServer, startServer } from "./server-process.js";
import { redactUrl } from "./settings.js";

export type { LoadRun } from "./results.js";

export type LoadRunContext = {
  root: string;
  adminUrl: string;
  postgres: PostgresProbe;
  readyPath: string;
  log(message: string): void;
};

const LABEL: Record<DatabaseKind, string> = { pglite: "PGlite", postgres: "PostgreSQL" };

/** The load scenario on each database, each on a fresh server and database of its own. */
export async function runLoadOnBothDatabases(
  settings: LoadScenarioSettings,
  context: LoadRunContext,
): Promise<LoadRun[]> {
  const runs: LoadRun[] = [];
  for (const database of ["pglite", "postgres"] as const) {
    const label = `load · ${LABEL[database]}`;
    if (database === "postgres" && !context.postgres.reachable) {
      runs.push({
        database,
        label,
        status: "skipped",
        note: `PostgreSQL unreachable at ${redactUrl(context.adminUrl)} (${context.postgres.reason})`,
      });
      continue;
    }
    try {
      runs.push({ database, label, status: "ok", ...(await runOnce(database, settings, context)) });
    } catch (error) {
      const note = error instanceof Error ? error.message : String(error);
      context.log(`${label}: FAILED, ${note}`);
      runs.push({ database, label, status: "failed", note });
    }
  }
  return runs;
}

async function runOnce(
  database: DatabaseKind,
  settings: LoadScenarioSettings,
  context: LoadRunContext,
): Promise<{ result: LoadScenarioResult; prepareMs: number }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "fundmatch-load-"));
  const removeDataDir = deferCleanup(() => rm(dataDir, { recursive: true, force: true }));
  let dropDatabase: (() => Promise<void>) | undefined;
  let server: RunningServer | undefined;
  try {
    let databaseUrl: string | undefined;
    if (database === "postgres") {
      const scratch = await createScratchDatabase(context.adminUrl);
      dropDatabase = deferCleanup(scratch.drop);
      databaseUrl = scratch.url;
    }
    context.log(`load · ${LABEL[database]}: creating ${settings.users} users' accounts and data`);
    const prepared = await prepareLoad({ dataDir, databaseUrl }, settings);
    server = await startServer({ root: context.root, dataDir, databaseUrl, readyPath: context.readyPath });
    context.log(
      `load · ${LABEL[database]}: ${settings.users} virtual users for ${settings.durationS} s (think ${settings.thinkMs} ms)`,
    );
    const result = await runLoadScenario(server.baseUrl, settings, prepared, context.readyPath === "/");
    context.log(renderLoadRun(`load · ${LABEL[database]}`, result));
    return { result, prepareMs: prepared.ms };
  } finally {
    await server?.stop();
    await dropDatabase?.();
    await removeDataDir();
  }
}
