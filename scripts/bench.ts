/**
 * `npm run bench`: throughput of every call (ping, the fund search as a visitor and as a subscriber,
 * the session, the match, the blog, fund and home pages) as a share of a bare `node:http` server
 * measured in the same run with the same load, server start-up and memory, on PGlite and
 * PostgreSQL with the shipped and a generated 100,000-fund data set, plus the home page's
 * JavaScript weight. Prints a report, writes .bench/results.json, and exits 0 even when
 * a budget fails (it is a report, not a test); 1 only when a scenario could not be measured.
 *
 * Then the load scenario (`npm run load`) on both databases.
 *
 * Environment: BENCH_DURATION (s per measurement, default 10), BENCH_WARMUP (s, default 2),
 * BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL admin URL), BENCH_CPU_PROF=1 (write a V8 CPU
 * profile of each server process to .bench/profiles), LOAD_USERS, LOAD_DURATION and LOAD_THINK_MS
 * (the load scenario's, see scripts/load.ts), BENCH_LOAD=0 (skip the load scenario), BENCH_ONLY=import
 * (only the import budgets), BENCH_ONLY=start (only the cold start and idle memory), BENCH_ONLY=match (only the
 * match's quality and latency, also part of the whole run), BENCH_ONLY=throughput (only the calls against the
 * bare server, to .bench/throughput.json), BENCH_SCENARIOS=pglite-shipped,… (only these scenarios), BENCH_LIGHTHOUSE=0 (skip
 * Lighthouse), BENCH_TAPS=0 (skip the lost-taps scenario, scripts/bench/first-taps.ts), LIGHTHOUSE_RUNS, LIGHTHOUSE_THROTTLING and CHROMIUM_PATH (Lighthouse's, see scripts/lighthouse.ts).
 *
 * Last, Lighthouse on the public pages (`npm run lighthouse`), on a server of its own once the others have stopped.
 */

import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { alertsBenchLine } from "./bench/alerts.js";
import { GZIP_LEVEL, measureClientJs } from "./bench/client-js.js";
import { measureColdStarts } from "./bench/cold-start.js";
import { type FirstTapsReport, renderFirstTapsReport, runFirstTaps } from "./bench/first-taps.js";
import { type ImportBenchResult, measureImports, renderImportReport } from "./bench/import.js";
import {
  type LighthouseReport,
  readLighthouseSettings,
  renderLighthouseReport,
  runLighthouse,
} from "./bench/lighthouse.js";
import { type LoadRun, runLoadOnBothDatabases } from "./bench/load-runs.js";
import { readLoadSettings } from "./bench/load-scenario.js";
import { type MatchBenchRun, measureMatch, renderMatchReport } from "./bench/match.js";
import { type PostgresProbe, probePostgres } from "./bench/postgres.js";
import { renderBudgets, renderColdStart, renderReport } from "./bench/report.js";
import {
  type BenchResults,
  type CallFloors,
  type ColdStart,
  clientJsBudget,
  coldStartBudgets,
  type DatabaseKind,
  type DataSetKind,
  loadBudgets,
  type MachineInfo,
  type ScenarioResult,
  type ScenarioSpec,
  scenarioBudgets,
  summarise,
} from "./bench/results.js";
import { runBenchScript } from "./bench/run-script.js";
import { runScenario, type ScenarioContext } from "./bench/scenario.js";
import { stopAllServers } from "./bench/server-process.js";
import { type BenchSettings, readSettings, redactUrl } from "./bench/settings.js";

/**
 * Throughput floors as shares of a bare `node:http` server answering ping's body, measured in the
 * same scenario with the same load (issue 25, ADR 0034): what the machine can do, not our own ping,
 * so a change that speeds up every call cannot read as a regression. The 100,000-fund set keeps
 * floors of its own for the calls that grow with the funds.
 */
const BARE_FLOORS_PCT: Record<DataSetKind, CallFloors> = {
  shipped: {
    ping: 60,
    search: 45,
    advanced: 40,
    session: 45,
    match: 35,
    blogPosts: 45,
    fundPage: 30,
    blogPostPage: 30,
    homePage: 30,
  },
  generated: { ping: 60, search: 30, advanced: 30, fundPage: 30 },
};
const DATABASE_LABEL: Record<DatabaseKind, string> = { pglite: "PGlite", postgres: "PostgreSQL" };
const DATA_SET_LABEL: Record<DataSetKind, string> = { shipped: "shipped", generated: "100k" };
/** BENCH_SCENARIOS=pglite-shipped,postgres-shipped: only these throughput scenarios. */
const ONLY_SCENARIOS = process.env.BENCH_SCENARIOS?.split(",")
  .map((id) => id.trim())
  .filter(Boolean);

function scenario(database: DatabaseKind, dataSet: DataSetKind): ScenarioSpec {
  return {
    id: `${database}-${DATA_SET_LABEL[dataSet]}`,
    label: `${DATABASE_LABEL[database]} · ${DATA_SET_LABEL[dataSet]}`,
    database,
    dataSet,
    floors: BARE_FLOORS_PCT[dataSet],
  };
}

const SCENARIOS: readonly ScenarioSpec[] = [
  scenario("pglite", "shipped"),
  scenario("pglite", "generated"),
  scenario("postgres", "shipped"),
  scenario("postgres", "generated"),
].filter((spec) => !ONLY_SCENARIOS || ONLY_SCENARIOS.includes(spec.id));
const UNKNOWN_SCENARIOS = ONLY_SCENARIOS?.filter((id) => !SCENARIOS.some((spec) => spec.id === id)) ?? [];
if (UNKNOWN_SCENARIOS.length > 0) {
  throw new Error(
    `BENCH_SCENARIOS names no scenario: ${UNKNOWN_SCENARIOS.join(", ")} (pglite-shipped, pglite-100k, postgres-shipped, postgres-100k)`,
  );
}

const benchStarted = performance.now();
const loadAverageAtStart = os.loadavg()[0] ?? 0;

function log(message: string): void {
  const elapsed = ((performance.now() - benchStarted) / 1000).toFixed(1).padStart(6);
  console.error(`[${elapsed} s] ${message}`);
}

async function main(): Promise<number> {
  const settings = readSettings();
  const serverEntry = path.join(settings.root, "dist/server/main.js");
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run npm run build first`);
  const clientDir = path.join(settings.root, "dist/client");
  const indexHtmlAtStart = readIfExists(path.join(clientDir, "index.html"));
  // Measured now, from the build the servers will serve (a later rebuild would change the figures).
  const clientJs = measureClientJs(clientDir);

  const postgres = await probePostgres(settings.adminUrl);
  log(
    postgres.reachable
      ? `PostgreSQL ${postgres.version} at ${redactUrl(settings.adminUrl)}`
      : `PostgreSQL unreachable (${postgres.reason}): its scenarios are skipped`,
  );
  if (settings.only === "import") {
    log(`BENCH_ONLY=import; 1-minute load average ${loadAverageAtStart.toFixed(2)} at the start`);
    const imports = await measureImports(settings.root, postgres.reachable ? settings.adminUrl : undefined, log);
    console.log(renderImportReport(imports));
    console.log(`\nThe run took ${elapsedText()}; .bench/results.json is written by whole runs only.`);
    return imports.length > 0 ? 0 : 1;
  }
  if (settings.only === "start") {
    const readyPath = indexHtmlAtStart === undefined ? "/_api/ping" : "/";
    log(`BENCH_ONLY=start; 1-minute load average ${loadAverageAtStart.toFixed(2)} at the start`);
    const coldStart = await measureColdStarts(settings.root, readyPath, log);
    const budgets = coldStartBudgets(coldStart);
    console.log([renderColdStart({ coldStart }), renderBudgets(budgets), summarise(budgets, [])].join("\n\n"));
    console.log(`\nThe run took ${elapsedText()}; .bench/results.json is written by whole runs only.`);
    return 0;
  }
  if (settings.only === "match") {
    log(`BENCH_ONLY=match; 1-minute load average ${loadAverageAtStart.toFixed(2)} at the start`);
    const runs = await measureMatch(settings, log);
    console.log(renderMatchReport(runs));
    console.log(`\nThe run took ${elapsedText()}; .bench/results.json is written by whole runs only.`);
    return runs.length > 0 ? 0 : 1;
  }
  const context: ScenarioContext = {
    settings,
    postgres,
    readyPath: indexHtmlAtStart === undefined ? "/_api/ping" : "/",
    log,
  };
  if (settings.only === "throughput") {
    log(`BENCH_ONLY=throughput; 1-minute load average ${loadAverageAtStart.toFixed(2)} at the start`);
    const scenarios: ScenarioResult[] = [];
    try {
      for (const spec of SCENARIOS) scenarios.push((await runScenario(spec, context)).result);
    } finally {
      await stopAllServers();
    }
    const results = assembleResults(settings, postgres, scenarios, undefined, clientJs, [], []);
    await mkdir(path.dirname(settings.throughputFile), { recursive: true });
    await writeFile(settings.throughputFile, `${JSON.stringify(results, null, 2)}\n`);
    console.log(renderReport(results));
    console.log(`\nWrote ${path.relative(settings.root, settings.throughputFile)}; the run took ${elapsedText()}.`);
    return scenarios.some((scenario) => scenario.status === "failed") ? 1 : 0;
  }

  const scenarios: ScenarioResult[] = [];
  let coldStart: ColdStart | undefined;
  let load: LoadRun[] = [];
  let matchRuns: MatchBenchRun[] = [];
  try {
    // First, while the machine is as quiet as this run will see it.
    coldStart = await measureColdStarts(settings.root, context.readyPath, log);
    for (const spec of SCENARIOS) {
      const outcome = await runScenario(spec, context);
      scenarios.push(outcome.result);
    }
    try {
      matchRuns = await measureMatch(settings, log);
    } catch (error) {
      log(`match bench could not run: ${(error as Error).message}`);
    }
    if (process.env.BENCH_LOAD !== "0") {
      load = await runLoadOnBothDatabases(readLoadSettings(), {
        root: settings.root,
        adminUrl: settings.adminUrl,
        postgres,
        readyPath: context.readyPath,
        log,
      });
    }
  } finally {
    await stopAllServers();
  }
  // The import budgets: a 100,000-row CSV previewed and imported on each database, server memory watched.
  let imports: ImportBenchResult[] = [];
  try {
    imports = await measureImports(settings.root, postgres.reachable ? settings.adminUrl : undefined, log);
  } catch (error) {
    log(`import bench could not run: ${(error as Error).message}`);
  }
  // Lighthouse last, alone on the machine's CPUs: its timings are wall-clock times in a throttled browser.
  const lighthouse: LighthouseReport =
    process.env.BENCH_LIGHTHOUSE === "0"
      ? { status: "skipped", note: "BENCH_LIGHTHOUSE=0" }
      : await runLighthouse(readLighthouseSettings(settings.root), log);
  // Lost taps with the CPU slowed 4 times (issue 38, ADR 0066), alone on the machine as Lighthouse is.
  const firstTaps: FirstTapsReport =
    process.env.BENCH_TAPS === "0"
      ? { status: "skipped", note: "BENCH_TAPS=0" }
      : await runFirstTaps(settings.root, readLighthouseSettings(settings.root).chromiumPath, log);

  const rebuilt =
    readIfExists(path.join(clientDir, "index.html")) !== indexHtmlAtStart
      ? ["dist/client changed while the bench ran (another build?): servers started after that served the new build."]
      : [];
  const results = assembleResults(settings, postgres, scenarios, coldStart, clientJs, load, rebuilt);
  await mkdir(path.dirname(settings.resultsFile), { recursive: true });
  await writeFile(
    settings.resultsFile,
    `${JSON.stringify({ ...results, imports, lighthouse, firstTaps, match: matchRuns }, null, 2)}\n`,
  );
  console.log(renderReport(results));
  if (matchRuns.length > 0) console.log(`\n${renderMatchReport(matchRuns)}`);
  console.log(renderImportReport(imports));
  console.log(await alertsBenchLine());
  console.log(renderLighthouseReport(lighthouse));
  console.log(renderFirstTapsReport(firstTaps));
  console.log(`\nWrote ${path.relative(settings.root, settings.resultsFile)}; the run took ${elapsedText()}.`);
  const lighthouseBroke =
    lighthouse.status === "failed" ||
    (lighthouse.status === "ok" && lighthouse.pages.some((page) => page.status === "failed"));
  return scenarios.some((scenario) => scenario.status === "failed") ||
    load.some((run) => run.status === "failed") ||
    lighthouseBroke
    ? 1
    : 0;
}

function assembleResults(
  settings: BenchSettings,
  postgres: PostgresProbe,
  scenarios: ScenarioResult[],
  coldStart: ColdStart | undefined,
  clientJs: ReturnType<typeof measureClientJs>,
  load: LoadRun[],
  extraNotes: string[],
): BenchResults {
  const budgets = [
    ...coldStartBudgets(coldStart),
    ...scenarios.flatMap(scenarioBudgets),
    ...clientJsBudget(clientJs),
    ...loadBudgets(load),
  ];
  return {
    generatedAt: new Date().toISOString(),
    machine: machineInfo(postgres),
    settings: {
      connections: settings.connections,
      durationS: settings.durationS,
      warmupS: settings.warmupS,
      generatedFunds: settings.generatedFunds,
      gzipLevel: GZIP_LEVEL,
      notes: [...runNotes(settings), ...extraNotes],
    },
    scenarios,
    coldStart,
    clientJs,
    load,
    budgets,
    summary: summarise(budgets, scenarios),
  };
}

function runNotes(settings: BenchSettings): string[] {
  const cpus = os.availableParallelism();
  const busy =
    loadAverageAtStart > cpus / 4
      ? [
          `the 1-minute load average was ${loadAverageAtStart.toFixed(2)} when the run began: other processes were using the CPUs, so treat these figures as noisy.`,
        ]
      : [];
  return [
    ...busy,
    `autocannon runs inside this process, so load generator and server share the ${cpus} CPUs: absolute req/s understate a dedicated server; compare each call's share of the bare node:http server, measured the same way in the same scenario.`,
    "the bare server (scripts/bench/bare-server.mjs) is Node's own http module answering ping's JSON body, nothing else; it is measured at the start and at the end of each scenario and the mean is the 100%.",
    "each scenario is a fresh `node dist/server/main.js` (NODE_ENV=production, LOG_LEVEL=warn) on a fresh database, with RATE_LIMIT_PER_MINUTE=0 and RATE_LIMIT_SENSITIVE_SCALE=1000 because the per-IP rate limits would answer 429 to a load test that comes from one address.",
    "the warm-up also fills the server's ranked-match cache for the 20 bodies of the mix, the steady state of a live server.",
    "the advanced mix runs as a subscriber made through the demo checkout (register, monthly plan, Pay): its requests carry a session cookie, resolved from the instance's session cache after the first.",
    `the generated set copies the shipped funds in SQL up to ${settings.generatedFunds.toLocaleString("en-US")} rows (numbered names, countries of other funds, rotated industries, some stages swapped).`,
  ];
}

function machineInfo(postgres: PostgresProbe): MachineInfo {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cpus: os.availableParallelism(),
    memoryGb: os.totalmem() / 1024 ** 3,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    postgres: postgres.reachable ? postgres.version : "unreachable",
    loadAverageAtStart,
  };
}

function readIfExists(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

function elapsedText(): string {
  const seconds = Math.round((performance.now() - benchStarted) / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

// Ctrl-C or a kill of the bench: stop the servers and drop the scratch databases before leaving.
runBenchScript(main, (signal) => log(`${signal}: stopping servers and cleaning up`));
