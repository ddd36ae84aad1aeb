/**
 * `npm run load`: the load scenario on PGlite and PostgreSQL (scripts/bench/load-scenario.ts), each
 * on a fresh `node dist/server/main.js`. Prints a table per database with p50/p95/p99 per call and
 * exits 1 when a run saw an error or an unexpected status (or could not run). `npm run bench` runs
 * the same scenario.
 *
 * Environment: LOAD_USERS (virtual users, default 200), LOAD_DURATION (s, default 60), LOAD_THINK_MS
 * (mean pause between a user's calls, default 300), BENCH_DATABASE_URL or TEST_DATABASE_URL
 * (PostgreSQL admin URL; unreachable = the PostgreSQL run is skipped).
 */

import { existsSync } from "node:fs";
import path from "node:path";
import { runLoadOnBothDatabases } from "./bench/load-runs.js";
import { readLoadSettings } from "./bench/load-scenario.js";
import { probePostgres } from "./bench/postgres.js";
import { runBenchScript } from "./bench/run-script.js";
import { readSettings } from "./bench/settings.js";

async function main(): Promise<number> {
  const bench = readSettings();
  const settings = readLoadSettings();
  if (!existsSync(path.join(bench.root, "dist/server/main.js"))) throw new Error("dist/server/main.js is missing");
  const withClient = existsSync(path.join(bench.root, "dist/client/index.html"));
  const runs = await runLoadOnBothDatabases(settings, {
    root: bench.root,
    adminUrl: bench.adminUrl,
    postgres: await probePostgres(bench.adminUrl),
    readyPath: withClient ? "/" : "/_api/ping",
    log: (message) => console.error(message),
  });
  let failed = false;
  for (const run of runs) {
    if (run.status === "ok") {
      const clean = run.result.errors === 0 && run.result.unexpected === 0;
      failed ||= !clean;
      console.log(
        `${run.label}: ${clean ? "PASS" : "FAIL"} (${run.result.errors} errors, ${run.result.unexpected} unexpected statuses)`,
      );
    } else {
      failed ||= run.status === "failed";
      console.log(`${run.label}: ${run.status.toUpperCase()}, ${run.note}`);
    }
  }
  return failed ? 1 : 0;
}

runBenchScript(main);
