import type { ClientJsReport } from "./client-js.js";
import type { LoadStats } from "./load.js";
import type { LoadScenarioResult } from "./load-scenario.js";

export type DatabaseKind = "pglite" | "postgres";
/** One load run on one database: its result, or why there is none. */
export type LoadRun = {
  database: DatabaseKind;
  label: string;
} & ({ status: "ok"; result: LoadScenarioResult; prepareMs: number } | { status: "skipped" | "failed"; note: string });

export type DataSetKind = "shipped" | "generated";

export type ScenarioSpec = {
  id: string;
  label: string;
  database: DatabaseKind;
  dataSet: DataSetKind;
  /** Search throughput budget as a share of the ping baseline on the same server. */
  minSearchRatioPct: number;
};

export type ServerLoadStats = LoadStats & {
  /** Server CPU time (user + system, all threads) per completed request, in µs; Linux only. */
  serverCpuUsPerRequest?: number;
  /** Server CPU time over wall time: 1 means one core busy for the whole run. */
  serverCores?: number;
};

export type Measurement = {
  funds: number;
  /** Generating the data set before the server started (generated data only). */
  prepareMs?: number;
  /** Spawn to the first 200 on the ready path; includes migrate, seed and the index build. */
  readyMs: number;
  readyPath: string;
  rssIdleBytes?: number;
  rssPeakBytes?: number;
  ping: ServerLoadStats;
  search: ServerLoadStats;
  searchRatioPct: number;
  /**
   * The same comparison by server CPU per request (ping µs / search µs): what the throughput ratio
   * would be with the server alone on its core, so it moves much less when other processes compete.
   */
  searchCpuRatioPct?: number;
  /** Matches per search body of the mix, in its order (from the preflight). */
  searchMatches: number[];
  /** The advanced-filter mix, as a subscriber (session cookie), and its share of ping. */
  advanced: ServerLoadStats;
  advancedRatioPct: number;
  advancedCpuRatioPct?: number;
  advancedMatches: number[];
  /** The same mix with the search form's page of 24 results (reported, not budgeted: 8× the bytes). */
  advancedFullPages: ServerLoadStats;
  /** GET /funds/:id-:slug, HTML with the fund's head; absent when the client is not built. */
  fundPages?: ServerLoadStats & { pages: number };
  /** Other routes measured against the same ping (the blog's, the session call), with their budgets. */
  routes?: RouteMeasurement[];
};

export type RouteMeasurement = {
  id: string;
  label: string;
  stats: ServerLoadStats;
  ratioPct: number;
  minRatioPct: number;
};

export type ScenarioResult = ScenarioSpec &
  ({ status: "ok"; measurement: Measurement } | { status: "skipped" | "failed"; note: string });

export type ColdStartSample = { readyMs: number; cpuMs?: number; rssIdleBytes?: number };

/** One round: `npm start` on a fresh DATA_DIR then again on it, and the same with `node dist/server/main.js`. */
export type ColdStartRun = {
  fresh: ColdStartSample;
  restart: ColdStartSample;
  serverFresh: ColdStartSample;
  serverRestart: ColdStartSample;
};

export type ColdStart = {
  scenario: string;
  path: string;
  /** Every fresh start and the restart after it (scripts/bench/cold-start.ts). */
  runs: ColdStartRun[];
  /** Median over the runs, through `npm start`. Fresh DATA_DIR: the build's migrated cluster copied, seed and index build included. */
  freshMs: number;
  /** Median over the runs, through `npm start`. Same DATA_DIR again: already migrated and seeded. */
  restartMs: number;
  /** The same medians for `node dist/server/main.js` alone (no npm, no build check). */
  serverFreshMs: number;
  serverRestartMs: number;
  /** Median idle RSS after each kind of start: the fresh one still holds what the seed import allocated. */
  freshRssIdleBytes?: number;
  restartRssIdleBytes?: number;
};

/**
 * The built server's own start, `node dist/server/main.js` spawned to its first page: the slower
 * of the fresh and restart medians. `npm start` adds npm's and the build check's start-up on top
 * (0.1–0.3 s on a quiet 2-core machine, a second or more on a busy one), printed beside it but not part of the budget.
 */
export const COLD_START_LIMIT_MS = 3_000;
/** PGlite with the shipped data, idle after a start (the larger of the fresh and restart medians). */
export const PGLITE_IDLE_RSS_LIMIT_MIB = 250;

export function coldStartBudgets(coldStart: ColdStart | undefined): Budget[] {
  if (!coldStart) return [];
  const slowest = Math.max(coldStart.serverFreshMs, coldStart.serverRestartMs);
  const rss = [coldStart.freshRssIdleBytes, coldStart.restartRssIdleBytes].filter(
    (bytes): bytes is number => bytes !== undefined,
  );
  const rssBudget: Budget[] =
    rss.length === 0
      ? []
      : [
          {
            name: `PGlite idle RSS < ${PGLITE_IDLE_RSS_LIMIT_MIB} MiB`,
            scenario: coldStart.scenario,
            actual: `${(Math.max(...rss) / 1024 / 1024).toFixed(0)} MiB`,
            limit: `< ${PGLITE_IDLE_RSS_LIMIT_MIB} MiB`,
            pass: Math.max(...rss) / 1024 / 1024 < PGLITE_IDLE_RSS_LIMIT_MIB,
          },
        ];
  return [
    {
      name: `cold start to first page < ${COLD_START_LIMIT_MS / 1000} s`,
      scenario: coldStart.scenario,
      actual: `${(slowest / 1000).toFixed(2)} s`,
      limit: `< ${(COLD_START_LIMIT_MS / 1000).toFixed(2)} s`,
      pass: slowest < COLD_START_LIMIT_MS,
    },
    ...rssBudget,
  ];
}

export type Budget = {
  name: string;
  scenario?: string;
  actual: string;
  limit: string;
  pass: boolean;
};

export type MachineInfo = {
  cpuModel: string;
  cpus: number;
  memoryGb: number;
  os: string;
  node: string;
  postgres: string;
  /** 1-minute load average when the run began: other busy processes make every figure noisy. */
  loadAverageAtStart: number;
};

export type BenchResults = {
  generatedAt: string;
  machine: MachineInfo;
  settings: {
    connections: number;
    durationS: number;
    warmupS: number;
    generatedFunds: number;
    gzipLevel: number;
    notes: string[];
  };
  scenarios: ScenarioResult[];
  coldStart?: ColdStart;
  clientJs?: ClientJsReport;
  /** The load scenario (scripts/bench/load-scenario.ts) on each database. */
  load?: LoadRun[];
  budgets: Budget[];
  summary: string;
};

export const SEARCH_P99_LIMIT_MS = 25;
export const FUND_PAGE_P50_LIMIT_MS = 10;
/** Home page JavaScript budget, gzip, in kB of 1,000 bytes (the unit Vite reports). */
export const INITIAL_JS_LIMIT_KB = 120;

export function kb(bytes: number): number {
  return bytes / 1000;
}

export function scenarioBudgets(result: ScenarioResult): Budget[] {
  if (result.status !== "ok") {
    // A skipped scenario (no PostgreSQL) has nothing to judge; one that broke counts as a failure.
    if (result.status === "skipped") return [];
    return [{ name: "scenario completed", scenario: result.label, actual: "failed", limit: "runs", pass: false }];
  }
  const { ping, search, searchRatioPct, advanced, advancedRatioPct, fundPages, routes = [] } = result.measurement;
  const failures =
    ping.non2xx +
    ping.errors +
    search.non2xx +
    search.errors +
    advanced.non2xx +
    advanced.errors +
    result.measurement.advancedFullPages.non2xx +
    result.measurement.advancedFullPages.errors +
    (fundPages ? fundPages.non2xx + fundPages.errors : 0) +
    routes.reduce((sum, route) => sum + route.stats.non2xx + route.stats.errors, 0);
  const pageBudgets: Budget[] = fundPages
    ? [
        {
          name: `fund page p50 < ${FUND_PAGE_P50_LIMIT_MS} ms`,
          scenario: result.label,
          actual: `${fundPages.latencyP50Ms} ms`,
          limit: `< ${FUND_PAGE_P50_LIMIT_MS} ms`,
          pass: fundPages.latencyP50Ms < FUND_PAGE_P50_LIMIT_MS,
        },
      ]
    : [];
  return [
    ...routes.map((route) => ({
      name: `${route.label} ≥ ${route.minRatioPct}% of ping`,
      scenario: result.label,
      actual: `${route.ratioPct.toFixed(1)}%`,
      limit: `≥ ${route.minRatioPct}%`,
      pass: route.ratioPct >= route.minRatioPct,
    })),
    {
      name: `search ≥ ${result.minSearchRatioPct}% of ping`,
      scenario: result.label,
      actual: `${searchRatioPct.toFixed(1)}%`,
      limit: `≥ ${result.minSearchRatioPct}%`,
      pass: searchRatioPct >= result.minSearchRatioPct,
    },
    {
      name: `search p99 < ${SEARCH_P99_LIMIT_MS} ms`,
      scenario: result.label,
      actual: `${search.latencyP99Ms} ms`,
      limit: `< ${SEARCH_P99_LIMIT_MS} ms`,
      pass: search.latencyP99Ms < SEARCH_P99_LIMIT_MS,
    },
    {
      name: `advanced search ≥ ${result.minSearchRatioPct}% of ping`,
      scenario: result.label,
      actual: `${advancedRatioPct.toFixed(1)}%`,
      limit: `≥ ${result.minSearchRatioPct}%`,
      pass: advancedRatioPct >= result.minSearchRatioPct,
    },
    {
      name: `advanced search p99 < ${SEARCH_P99_LIMIT_MS} ms`,
      scenario: result.label,
      actual: `${advanced.latencyP99Ms} ms`,
      limit: `< ${SEARCH_P99_LIMIT_MS} ms`,
      pass: advanced.latencyP99Ms < SEARCH_P99_LIMIT_MS,
    },
    ...pageBudgets,
    {
      name: "no non-2xx or errors",
      scenario: result.label,
      actual: String(failures),
      limit: "0",
      pass: failures === 0,
    },
  ];
}

/** The load scenario's budget: not one error or unexpected status, on each database that ran. */
export function loadBudgets(runs: readonly LoadRun[]): Budget[] {
  return runs.flatMap((run): Budget[] => {
    if (run.status !== "ok") {
      if (run.status === "skipped") return [];
      return [{ name: "load scenario completed", scenario: run.label, actual: "failed", limit: "runs", pass: false }];
    }
    const bad = run.result.errors + run.result.unexpected;
    return [
      {
        name: `load: ${run.result.users} users, 0 errors or unexpected statuses`,
        scenario: run.label,
        actual: `${run.result.errors} + ${run.result.unexpected}`,
        limit: "0",
        pass: bad === 0,
      },
    ];
  });
}

export function clientJsBudget(report: ClientJsReport | undefined): Budget[] {
  if (!report) return [];
  const gzipKb = kb(report.initial.gzipBytes);
  return [
    {
      name: `home page JS ≤ ${INITIAL_JS_LIMIT_KB} kB gzip`,
      actual: `${gzipKb.toFixed(1)} kB`,
      limit: `≤ ${INITIAL_JS_LIMIT_KB} kB`,
      pass: gzipKb <= INITIAL_JS_LIMIT_KB,
    },
  ];
}

export function summarise(budgets: readonly Budget[], scenarios: readonly ScenarioResult[]): string {
  const passed = budgets.filter((budget) => budget.pass).length;
  const failed = budgets
    .filter((budget) => !budget.pass)
    .map((budget) => `${budget.name}${budget.scenario ? ` [${budget.scenario}]` : ""} = ${budget.actual}`);
  const skipped = scenarios.filter((scenario) => scenario.status === "skipped").map((scenario) => scenario.label);
  const parts = [`Budgets: ${passed} of ${budgets.length} passed.`];
  if (failed.length > 0) parts.push(`FAILED: ${failed.join("; ")}.`);
  if (skipped.length > 0) parts.push(`Skipped scenarios: ${skipped.join(", ")}.`);
  return parts.join(" ");
}
