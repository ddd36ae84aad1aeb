import type { ClientJsReport } from "./client-js.js";

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
  /** Throughput floors as shares of the bare server's req/s in the same scenario (BARE_FLOORS_PCT). */
  floors: CallFloors;
};

/** The calls with a throughput floor, as a share of the bare `node:http` server measured in the same run. */
export type CallFloors = {
  ping: number;
  search: number;
  advanced: number;
  /** The routes measured on the shipped data only (absent for the 100,000-fund scenarios). */
  session?: number;
  match?: number;
  blogPosts?: number;
  fundPage?: number;
  blogPostPage?: number;
  homePage?: number;
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
  /**
   * The ruler: a bare `node:http` server answering ping's body, measured at the start and at the
   * end of the scenario with the same settings; `bare` is the mean of the two, which every ratio uses.
   */
  bare: ServerLoadStats;
  bareRuns: [ServerLoadStats, ServerLoadStats];
  /** Fastify with one route and nothing else, answering ping's body: no GET of the app can beat it (reported). */
  bareFastify?: ServerLoadStats;
  /**
   * The same Fastify taking the visitor search's POSTs (its JSON bodies parsed by Fastify, no
   * schema) and answering ping's body: no POST of the app can beat it (reported).
   */
  bareFastifyPost?: ServerLoadStats;
  /**
   * The stack's floor for each POST budget (scripts/bench/stack-floor.ts, shipped data only):
   * Fastify with the zod validator and the route's body schema, answering the app's own bytes for
   * the mix, nothing else. A budget above its floor's share cannot be met on the decided stack.
   */
  stackFloor?: { search: ServerLoadStats; advanced: ServerLoadStats; match: ServerLoadStats };
  ping: ServerLoadStats;
  pingRatioPct: number;
  /**
   * Ping right before the fund-page run, in a server that has served every other call once
   * (unmeasured): what the pages are judged against (docs/decisions/0052-ping-after-pages.md).
   */
  pingBeforePages?: ServerLoadStats;
  /** Ping again right after the fund-page run: a server that has served pages must not be slower. */
  pingAfterPages?: ServerLoadStats;
  /** The server's RSS right before the fund-page warm-up and right after its measured run. */
  rssBeforePagesBytes?: number;
  rssAfterPagesBytes?: number;
  search: ServerLoadStats;
  searchRatioPct: number;
  /**
   * The same comparison by server CPU per request (bare µs / search µs): what the throughput ratio
   * would be with each server alone on its core, so it moves much less when other processes compete.
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
  fundPagesRatioPct?: number;
  /** Other routes measured against the same bare server (the blog's, the session call, the match, the home page). */
  routes?: RouteMeasurement[];
};

export type CallKind = "api" | "page";

export type RouteMeasurement = {
  id: string;
  label: string;
  kind: CallKind;
  stats: ServerLoadStats;
  /** req/s as a share of the bare server's. */
  ratioPct: number;
  cpuRatioPct?: number;
  minRatioPct?: number;
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

/** p99 at 50 connections: API calls, and server-rendered pages (brotli). */
export const API_P99_LIMIT_MS = 25;
export const PAGE_P99_LIMIT_MS = 50;
/** Ping after a fund-page run against ping before it: within 10%. */
export const PING_AFTER_PAGES_MIN_PCT = 90;
/** Home page JavaScript budget, gzip, in kB of 1,000 bytes (the unit Vite reports). */
export const INITIAL_JS_LIMIT_KB = 120;

export function kb(bytes: number): number {
  return bytes / 1000;
}

/** One measured call of a scenario, as the report and the budgets see it. */
export type CallRow = {
  label: string;
  kind: CallKind;
  stats: ServerLoadStats;
  ratioPct: number;
  cpuRatioPct?: number;
  minRatioPct?: number;
};

export function ratioPct(stats: LoadStats, bare: LoadStats): number {
  return (stats.requestsPerSecond / bare.requestsPerSecond) * 100;
}

/** Bare µs / call µs: the throughput ratio with each server alone on its core. */
export function cpuRatioPct(bare: ServerLoadStats, stats: ServerLoadStats): number | undefined {
  if (!bare.serverCpuUsPerRequest || !stats.serverCpuUsPerRequest) return undefined;
  return (bare.serverCpuUsPerRequest / stats.serverCpuUsPerRequest) * 100;
}

/** Every call of a scenario against the bare server, in the order of the report. */
export function callRows(result: ScenarioSpec, measurement: Measurement): CallRow[] {
  const { bare } = measurement;
  const row = (label: string, kind: CallKind, stats: ServerLoadStats, minRatioPct?: number): CallRow => ({
    label,
    kind,
    stats,
    ratioPct: ratioPct(stats, bare),
    cpuRatioPct: cpuRatioPct(bare, stats),
    minRatioPct,
  });
  const rows: CallRow[] = [
    row("bare node:http (the ruler)", "api", bare),
    ...(measurement.bareFastify ? [row("bare Fastify, no plugins (reference)", "api", measurement.bareFastify)] : []),
    ...(measurement.bareFastifyPost
      ? [row("bare Fastify, the search's POSTs (reference)", "api", measurement.bareFastifyPost)]
      : []),
    ...(measurement.stackFloor
      ? [
          row("Fastify + zod floor, the search (reference)", "api", measurement.stackFloor.search),
          row("Fastify + zod floor, advanced search (reference)", "api", measurement.stackFloor.advanced),
          row("Fastify + zod floor, the match (reference)", "api", measurement.stackFloor.match),
        ]
      : []),
    row("GET /_api/ping", "api", measurement.ping, result.floors.ping),
    row("POST /_api/funds/search (visitor)", "api", measurement.search, result.floors.search),
    row("POST /_api/funds/search (subscriber, advanced)", "api", measurement.advanced, result.floors.advanced),
    row("the same, pages of 24 (reported)", "api", measurement.advancedFullPages),
  ];
  for (const route of measurement.routes ?? []) {
    rows.push({
      label: route.label,
      kind: route.kind,
      stats: route.stats,
      ratioPct: route.ratioPct,
      cpuRatioPct: route.cpuRatioPct,
      minRatioPct: route.minRatioPct,
    });
  }
  if (measurement.fundPages) {
    rows.push(row("GET /funds/:id-:slug (HTML, brotli)", "page", measurement.fundPages, result.floors.fundPage));
  }
  if (measurement.pingBeforePages)
    rows.push(row("GET /_api/ping before the fund pages (warmed)", "api", measurement.pingBeforePages));
  if (measurement.pingAfterPages)
    rows.push(row("GET /_api/ping after the fund pages", "api", measurement.pingAfterPages));
  return rows;
}

export function scenarioBudgets(result: ScenarioResult): Budget[] {
  if (result.status !== "ok") {
    // A skipped scenario (no PostgreSQL) has nothing to judge; one that broke counts as a failure.
    if (result.status === "skipped") return [];
    return [{ name: "scenario completed", scenario: result.label, actual: "failed", limit: "runs", pass: false }];
  }
  const { measurement } = result;
  const rows = callRows(result, measurement);
  const failures = rows.reduce((sum, row) => sum + row.stats.non2xx + row.stats.errors, 0);
  const budgets: Budget[] = [];
  for (const row of rows) {
    if (row.minRatioPct === undefined) continue;
    budgets.push({
      name: `${row.label} ≥ ${row.minRatioPct}% of bare node:http`,
      scenario: result.label,
      actual: `${row.ratioPct.toFixed(1)}%`,
      limit: `≥ ${row.minRatioPct}%`,
      pass: row.ratioPct >= row.minRatioPct,
    });
    const limit = row.kind === "page" ? PAGE_P99_LIMIT_MS : API_P99_LIMIT_MS;
    budgets.push({
      name: `${row.label} p99 < ${limit} ms`,
      scenario: result.label,
      actual: `${row.stats.latencyP99Ms} ms`,
      limit: `< ${limit} ms`,
      pass: row.stats.latencyP99Ms < limit,
    });
  }
  if (measurement.pingAfterPages) {
    const before = measurement.pingBeforePages ?? measurement.ping;
    const pct = (measurement.pingAfterPages.requestsPerSecond / before.requestsPerSecond) * 100;
    budgets.push({
      name: `ping after the fund pages ≥ ${PING_AFTER_PAGES_MIN_PCT}% of ping before`,
      scenario: result.label,
      actual: `${pct.toFixed(1)}%`,
      limit: `≥ ${PING_AFTER_PAGES_MIN_PCT}%`,
      pass: pct >= PING_AFTER_PAGES_MIN_PCT,
    });
  }
  budgets.push({
    name: "no non-2xx or errors",
    scenario: result.label,
    actual: String(failures),
    limit: "0",
    pass: failures === 0,
  });
  return budgets;
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

export type LoadStats = {
  /** Completed requests over the run's duration. */
  requestsPerSecond: number;
  totalRequests: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  durationS: number;
};

export type CallStats = {
  call: string;
  count: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Network errors and time-outs. */
  errors: number;
  /** Answers with a status the call may not give, e.g. `500 ×2`. */
  unexpected: number;
  unexpectedDetail: string[];
};

export type LoadScenarioResult = {
  users: number;
  durationS: number;
  thinkMs: number;
  totalRequests: number;
  requestsPerSecond: number;
  calls: CallStats[];
  errors: number;
  unexpected: number;
};
