import type { LoadStats } from "./load.js";
import type { LoadScenarioResult } from "./load-scenario.js";
import { type BenchResults, type Budget, callRows, kb, type ScenarioResult } from "./results.js";

type Align = "left" | "right";
type Column = { title: string; align?: Align };

const count = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** The whole report as printed: settings, then one table per concern, then the budgets. */
export function renderReport(results: BenchResults): string {
  return [
    renderHeader(results),
    renderThroughput(results.scenarios),
    renderPagesAftermath(results.scenarios),
    renderProcesses(results.scenarios),
    renderColdStart(results),
    renderClientJs(results),
    renderLoad(results),
    renderBudgets(results.budgets),
    results.summary,
  ].join("\n\n");
}

function renderHeader({ machine, settings, generatedAt }: BenchResults): string {
  return [
    `FundMatch benchmark, ${generatedAt}`,
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb.toFixed(1)} GB RAM, ${machine.os}, Node ${machine.node}, PostgreSQL ${machine.postgres}, load average ${machine.loadAverageAtStart.toFixed(2)} at start`,
    `Load: autocannon, ${settings.connections} connections, ${settings.warmupS} s warm-up then ${settings.durationS} s per measurement.`,
    ...settings.notes.map((note) => `Note: ${note}`),
  ].join("\n");
}

function renderThroughput(scenarios: readonly ScenarioResult[]): string {
  const columns: Column[] = [
    { title: "Scenario" },
    { title: "Call" },
    { title: "req/s", align: "right" },
    { title: "p50/p99 ms", align: "right" },
    { title: "CPU µs/req", align: "right" },
    { title: "of bare", align: "right" },
    { title: "by CPU", align: "right" },
    { title: "floor", align: "right" },
    { title: "non-2xx+err", align: "right" },
  ];
  const rows = scenarios.flatMap((scenario) =>
    scenario.status === "ok"
      ? callRows(scenario, scenario.measurement).map((row) => [
          scenario.label,
          row.label,
          count.format(row.stats.requestsPerSecond),
          latencies(row.stats),
          optional(row.stats.serverCpuUsPerRequest, (us) => us.toFixed(0)),
          `${row.ratioPct.toFixed(1)}%`,
          optional(row.cpuRatioPct, (pct) => `${pct.toFixed(1)}%`),
          row.minRatioPct === undefined ? "" : `≥ ${row.minRatioPct}%`,
          String(row.stats.non2xx + row.stats.errors),
        ])
      : [],
  );
  const notes = scenarios.flatMap((scenario) =>
    scenario.status === "ok"
      ? []
      : [`${scenario.label}: ${scenario.status.toUpperCase()}, ${scenario.note.replaceAll("\n", "\n    ")}`],
  );
  return [
    "Throughput, every call as a share of a bare node:http server answering ping's body (same load, same scenario; the",
    "bare figure is the mean of a run at the scenario's start and one at its end). CPU µs/req = the server process's user +",
    "system CPU time per request, from /proc; by CPU = bare µs / call µs, the ratio with each server alone on its core,",
    "which other busy processes disturb far less than req/s. Searches cycle 20-body mixes (visitor; subscriber with every",
    "Premium filter, pages of 3, then 24); fund pages cycle 50 funds spread over the table. Every request says what a",
    "browser says about compression (accept-encoding: gzip, deflate, br, zstd), so answers of 1 KB or more go out compressed.",
    "References: bare Fastify (no plugin, hook or schema) answering ping's body to GETs and to the search's POSTs; the",
    "Fastify + zod floor (shipped data): Fastify with the zod validator and each route's body schema, answering the app's",
    "own bytes for each POST mix and doing nothing else, the least any app on the decided stack pays for that call.",
    renderTable(columns, rows),
    ...notes,
  ].join("\n");
}

/**
 * Ping before and after the fund pages, and the server's memory across them. The budget compares the
 * ping right before the pages (in a server that has served every other call) with the ping right
 * after; the fresh process's ping is shown beside it (docs/decisions/0052-ping-after-pages.md).
 */
function renderPagesAftermath(scenarios: readonly ScenarioResult[]): string {
  const columns: Column[] = [
    { title: "Scenario" },
    { title: "Ping fresh req/s", align: "right" },
    { title: "before fund pages", align: "right" },
    { title: "after fund pages", align: "right" },
    { title: "after/before", align: "right" },
    { title: "after/fresh", align: "right" },
    { title: "RSS before pages", align: "right" },
    { title: "after", align: "right" },
  ];
  const share = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;
  const rows = scenarios.flatMap(({ label, ...scenario }) => {
    if (scenario.status !== "ok" || !scenario.measurement.pingAfterPages) return [];
    const { ping, pingBeforePages, pingAfterPages, rssBeforePagesBytes, rssAfterPagesBytes } = scenario.measurement;
    const before = pingBeforePages ?? ping;
    return [
      [
        label,
        count.format(ping.requestsPerSecond),
        count.format(before.requestsPerSecond),
        count.format(pingAfterPages.requestsPerSecond),
        share(pingAfterPages.requestsPerSecond, before.requestsPerSecond),
        share(pingAfterPages.requestsPerSecond, ping.requestsPerSecond),
        megabytes(rssBeforePagesBytes),
        megabytes(rssAfterPagesBytes),
      ],
    ];
  });
  if (rows.length === 0) return "Ping after fund pages: not measured (client not built).";
  return [
    "Serving pages must not slow later calls: ping right before and right after the fund-page run, in a server that has",
    "already served every other call once (budget: after/before within 10%); the fresh process's ping for comparison",
    renderTable(columns, rows),
  ].join("\n");
}

function renderProcesses(scenarios: readonly ScenarioResult[]): string {
  const columns: Column[] = [
    { title: "Scenario" },
    { title: "Data generated in", align: "right" },
    { title: "Spawn → ready", align: "right" },
    { title: "RSS idle", align: "right" },
    { title: "RSS peak under search", align: "right" },
    { title: "Server cores bare/ping/search", align: "right" },
  ];
  const measured = scenarios.filter((scenario) => scenario.status === "ok");
  const readyPath = measured[0]?.measurement.readyPath ?? "/";
  const rows = measured.map(({ label, measurement }) => [
    label,
    measurement.prepareMs === undefined ? "(server seeds)" : seconds(measurement.prepareMs),
    seconds(measurement.readyMs),
    megabytes(measurement.rssIdleBytes),
    megabytes(measurement.rssPeakBytes),
    `${optional(measurement.bare.serverCores, cores)}/${optional(measurement.ping.serverCores, cores)}/${optional(measurement.search.serverCores, cores)}`,
  ]);
  return [
    `Server process (ready = first 200 on GET ${readyPath}; RSS from /proc, idle 1 s after ready, peak sampled every 200 ms during the`,
    "search warm-up and run; cores = server CPU time / wall time, 1.00 = its one JavaScript thread saturated)",
    renderTable(columns, rows),
  ].join("\n");
}

export function renderColdStart({ coldStart }: Pick<BenchResults, "coldStart">): string {
  if (!coldStart) return "Cold start: not measured.";
  const columns: Column[] = [
    { title: "Run" },
    { title: "npm start, fresh", align: "right" },
    { title: "CPU", align: "right" },
    { title: "RSS idle", align: "right" },
    { title: "npm start, restart", align: "right" },
    { title: "CPU", align: "right" },
    { title: "RSS idle", align: "right" },
    { title: "node alone, fresh", align: "right" },
    { title: "restart", align: "right" },
  ];
  const rows = coldStart.runs.map((run, index) => [
    String(index + 1),
    seconds(run.fresh.readyMs),
    optional(run.fresh.cpuMs, seconds),
    megabytes(run.fresh.rssIdleBytes),
    seconds(run.restart.readyMs),
    optional(run.restart.cpuMs, seconds),
    megabytes(run.restart.rssIdleBytes),
    seconds(run.serverFresh.readyMs),
    seconds(run.serverRestart.readyMs),
  ]);
  rows.push([
    "median",
    seconds(coldStart.freshMs),
    "",
    megabytes(coldStart.freshRssIdleBytes),
    seconds(coldStart.restartMs),
    "",
    megabytes(coldStart.restartRssIdleBytes),
    seconds(coldStart.serverFreshMs),
    seconds(coldStart.serverRestartMs),
  ]);
  return [
    `Cold start (${coldStart.scenario}: spawn → first 200 on GET ${coldStart.path}, polled every 20 ms; npm start = as a newcomer`,
    "runs it, npm and the build check included; node alone = node dist/server/main.js, the budget; fresh = new DATA_DIR (the build's",
    "migrated cluster copied, ~752 funds and 4 articles seeded, index built), restart = the same DATA_DIR again; CPU = the",
    "server process's user + system time until ready, which a busy machine inflates less than the wall time; RSS of the",
    "server 1 s after ready, from /proc)",
    renderTable(columns, rows),
  ].join("\n");
}

function renderClientJs({ clientJs, settings }: BenchResults): string {
  if (!clientJs) return "Home page JavaScript: not measured (dist/client/index.html is missing; run npm run build).";
  const lines = clientJs.initial.files.map(
    (file) =>
      `  ${file.file.padEnd(40)} ${kbText(file.bytes).padStart(10)} raw ${kbText(file.gzipBytes).padStart(10)} gzip`,
  );
  return [
    `Home page JavaScript (module entry + modulepreloads of dist/client/index.html, gzip level ${settings.gzipLevel})`,
    ...lines,
    `  ${"initial route total".padEnd(40)} ${kbText(clientJs.initial.bytes).padStart(10)} raw ${kbText(clientJs.initial.gzipBytes).padStart(10)} gzip`,
    `  all ${clientJs.all.files} .js files in dist/client/assets: ${kbText(clientJs.all.bytes)} raw, ${kbText(clientJs.all.gzipBytes)} gzip (lazy chunks included, for context)`,
  ].join("\n");
}

function renderLoad({ load }: BenchResults): string {
  if (!load || load.length === 0) return "Load scenario: not run.";
  return [
    "Load scenario (virtual users logging in, reading, searching, saving; latency per call from the client, all calls counted)",
    ...load.map((run) =>
      run.status === "ok"
        ? renderLoadRun(run.label, run.result)
        : `${run.label}: ${run.status.toUpperCase()}, ${run.note}`,
    ),
  ].join("\n\n");
}

export function renderBudgets(budgets: readonly Budget[]): string {
  const columns: Column[] = [
    { title: "Budget" },
    { title: "Scenario" },
    { title: "Actual", align: "right" },
    { title: "Limit", align: "right" },
    { title: "Result" },
  ];
  const rows = budgets.map((budget) => [
    budget.name,
    budget.scenario ?? "",
    budget.actual,
    budget.limit,
    budget.pass ? "PASS" : "FAIL",
  ]);
  return `Budgets\n${renderTable(columns, rows)}`;
}

export function renderTable(columns: readonly Column[], rows: readonly string[][]): string {
  const widths = columns.map((column, index) =>
    Math.max(column.title.length, ...rows.map((row) => (row[index] ?? "").length)),
  );
  const format = (cells: readonly string[]) =>
    cells
      .map((cell, index) => {
        const width = widths[index] ?? cell.length;
        return columns[index]?.align === "right" ? cell.padStart(width) : cell.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  const rule = widths.map((width) => "─".repeat(width)).join("  ");
  return [format(columns.map((column) => column.title)), rule, ...rows.map(format)].join("\n");
}

function optional(value: number | undefined, format: (value: number) => string): string {
  return value === undefined ? "n/a" : format(value);
}

function cores(value: number): string {
  return value.toFixed(2);
}

function latencies(stats: LoadStats): string {
  return `${stats.latencyP50Ms}/${stats.latencyP99Ms}`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function megabytes(bytes: number | undefined): string {
  return bytes === undefined ? "n/a" : `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
}

function kbText(bytes: number): string {
  return `${kb(bytes).toFixed(1)} kB`;
}

/** The per-call table of one run, as printed by `npm run load` and the bench. */
export function renderLoadRun(label: string, result: LoadScenarioResult): string {
  const ms = (value: number) => value.toFixed(1);
  const rows = result.calls.map((call) => [
    call.call,
    String(call.count),
    ms(call.p50Ms),
    ms(call.p95Ms),
    ms(call.p99Ms),
    ms(call.maxMs),
    String(call.errors),
    call.unexpected === 0 ? "0" : `${call.unexpected} (${call.unexpectedDetail.join(", ")})`,
  ]);
  const table = renderTable(
    [
      { title: "Call" },
      { title: "Requests", align: "right" },
      { title: "p50 ms", align: "right" },
      { title: "p95 ms", align: "right" },
      { title: "p99 ms", align: "right" },
      { title: "max ms", align: "right" },
      { title: "Errors", align: "right" },
      { title: "Unexpected", align: "right" },
    ],
    rows,
  );
  return [
    `${label}: ${result.users} users for ${result.durationS} s (think ${result.thinkMs} ms), ${result.totalRequests.toLocaleString("en-US")} requests, ${result.requestsPerSecond.toFixed(0)} req/s, ${result.errors} errors, ${result.unexpected} unexpected statuses`,
    table,
  ].join("\n");
}
