import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import type autocannon from "autocannon";
import { deferCleanup } from "./cleanup.js";
import { type PreparedDataSet, prepareGeneratedDataSet } from "./dataset.js";
import {
  advancedSearchBodies,
  advancedSearchRequests,
  BASIC_PAGE_SIZE,
  blogProbes,
  CLIENT_PAGE_SIZE,
  fundPageRequests,
  homePageProbe,
  type LoadOptions,
  pingRequests,
  preflightSearches,
  type RouteProbe,
  runLoad,
  searchRequests,
  sessionProbe,
} from "./load.js";
import { matchProbe } from "./match.js";
import { createScratchDatabase, type PostgresProbe } from "./postgres.js";
import {
  cpuRatioPct,
  type Measurement,
  type RouteMeasurement,
  ratioPct,
  type ScenarioResult,
  type ScenarioSpec,
  type ServerLoadStats,
} from "./results.js";
import {
  ClientBuildMissingError,
  type RunningServer,
  readCpuMs,
  readRssBytes,
  type ServerOptions,
  sampleRss,
  startBareServer,
  startServer,
} from "./server-process.js";
import { type BenchSettings, redactUrl } from "./settings.js";
import { measureStackFloor } from "./stack-floor-run.js";
import { createSubscriber } from "./subscriber.js";

/** Fund pages the page measurement cycles through. */
const FUND_PAGES = 50;

export type ScenarioContext = {
  settings: BenchSettings;
  postgres: PostgresProbe;
  /** GET / while the client is built; the API alone otherwise. */
  readyPath: string;
  log(message: string): void;
};

export type ScenarioOutcome = { result: ScenarioResult };

/** How long to wait for a client build running elsewhere to put dist/client back. */
const CLIENT_BUILD_WAIT_MS = 60_000;

/** Lets the start-up's last allocations and timers settle before the idle RSS is read. */
const IDLE_SETTLE_MS = 1_000;

/** Runs one scenario on its own server and database; a failure becomes the scenario's result, not a crash. */
export async function runScenario(spec: ScenarioSpec, context: ScenarioContext): Promise<ScenarioOutcome> {
  if (spec.database === "postgres" && !context.postgres.reachable) {
    const note = `PostgreSQL unreachable at ${redactUrl(context.settings.adminUrl)} (${context.postgres.reason}); set BENCH_DATABASE_URL`;
    return { result: { ...spec, status: "skipped", note } };
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await measureScenario(spec, context);
    } catch (error) {
      // A client build elsewhere is transient: once it has finished, the scenario starts over from scratch.
      if (error instanceof ClientBuildMissingError && attempt === 1) {
        context.log(`${spec.label}: ${error.message}; waiting for the build, then running the scenario again`);
        await waitForFile(path.join(context.settings.root, "dist/client/index.html"), CLIENT_BUILD_WAIT_MS);
        continue;
      }
      const note = error instanceof Error ? error.message : String(error);
      context.log(`${spec.label}: FAILED, ${note}`);
      return { result: { ...spec, status: "failed", note } };
    }
  }
}

async function waitForFile(file: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!existsSync(file) && performance.now() < deadline) await delay(200);
  // Vite writes index.html near the end of a build; give it a moment to finish the rest.
  await delay(1_000);
}

async function measureScenario(spec: ScenarioSpec, context: ScenarioContext): Promise<ScenarioOutcome> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "fundmatch-bench-"));
  const removeDataDir = deferCleanup(() => rm(dataDir, { recursive: true, force: true }));
  let dropDatabase: (() => Promise<void>) | undefined;
  let server: RunningServer | undefined;
  try {
    let databaseUrl: string | undefined;
    if (spec.database === "postgres") {
      const scratch = await createScratchDatabase(context.settings.adminUrl);
      dropDatabase = deferCleanup(scratch.drop);
      databaseUrl = scratch.url;
    }
    const prepared = await prepareData(spec, context, { dataDir, databaseUrl });
    const serverOptions: ServerOptions = {
      root: context.settings.root,
      dataDir,
      databaseUrl,
      readyPath: context.readyPath,
      cpuProfileDir: context.settings.cpuProfile ? path.join(context.settings.root, ".bench/profiles") : undefined,
    };
    context.log(`${spec.label}: starting the server`);
    server = await startServer(serverOptions);
    const measurement = await measureServer(server, spec, context, prepared);
    return { result: { ...spec, status: "ok", measurement } };
  } finally {
    await server?.stop();
    await dropDatabase?.();
    await removeDataDir();
  }
}

async function prepareData(
  spec: ScenarioSpec,
  context: ScenarioContext,
  target: { dataDir: string; databaseUrl: string | undefined },
): Promise<PreparedDataSet | undefined> {
  // The shipped data needs no preparation: the server seeds it on its first start, as in production.
  if (spec.dataSet === "shipped") return undefined;
  const total = context.settings.generatedFunds;
  context.log(`${spec.label}: generating ${total.toLocaleString("en-US")} funds`);
  return prepareGeneratedDataSet(target, total);
}

async function measureServer(
  server: RunningServer,
  spec: ScenarioSpec,
  context: ScenarioContext,
  prepared: PreparedDataSet | undefined,
): Promise<Measurement> {
  await delay(IDLE_SETTLE_MS);
  const rssIdleBytes = readRssBytes(server.pid);
  const searchMatches = await checkSearchMix(server.baseUrl);
  const load = { connections: context.settings.connections, durationS: context.settings.durationS };
  const warmup = { ...load, durationS: context.settings.warmupS };
  const step = (what: string) =>
    context.log(`${spec.label}: ${what}, ${warmup.durationS} s warm-up + ${load.durationS} s`);
  const measure = async (target: RunningServer, requests: autocannon.Request[]) => {
    await runLoad(target.baseUrl, requests, warmup);
    return measuredRun(target, requests, load);
  };

  // The ruler, at the start and again at the end: the machine's load drifts over a scenario.
  const bareServer = await startBareServer(context.settings.root);
  try {
    step("bare node:http server");
    const bareFirst = await measure(bareServer, pingRequests());

    step("ping");
    const ping = await measure(server, pingRequests());

    // The blog, the session, the match and the home page do not grow with the funds: measured on the
    // shipped data only, but every scenario's server serves them in the warm-up below.
    const withClient = context.readyPath === "/";
    const probes = [
      ...(await blogProbes(server.baseUrl, withClient, spec.floors)),
      await sessionProbe(server.baseUrl, spec.floors),
      matchProbe(spec.floors),
      ...(withClient ? [homePageProbe(spec.floors)] : []),
    ];

    // Serving pages must not slow every later call. A process that has served only ping runs it on
    // code V8 has specialised for that one call; any other traffic makes the shared request path
    // (Fastify's hooks, Node's writes) generic and slows ping by itself, pages or not
    // (docs/decisions/0052-ping-after-pages.md). So the pages are judged against ping in a server
    // that has already served every other call once, unmeasured, as a live server has; the fresh
    // ping above stays the ping budget's figure and is reported beside it.
    let fundPages: Measurement["fundPages"];
    let pingBeforePages: ServerLoadStats | undefined;
    let pingAfterPages: ServerLoadStats | undefined;
    let rssBeforePagesBytes: number | undefined;
    let rssAfterPagesBytes: number | undefined;
    if (withClient) {
      step("warm-up: every other call once, unmeasured");
      for (const requests of [searchRequests(), ...probes.map((probe) => probe.requests)]) {
        await runLoad(server.baseUrl, requests, warmup);
      }
      step("ping before the fund pages");
      pingBeforePages = await measure(server, pingRequests());
      const paths = await fundPagePaths(server.baseUrl, FUND_PAGES);
      step(`${paths.length} fund pages`);
      rssBeforePagesBytes = readRssBytes(server.pid);
      fundPages = { ...(await measure(server, fundPageRequests(paths))), pages: paths.length };
      rssAfterPagesBytes = readRssBytes(server.pid);
      step("ping after the fund pages");
      pingAfterPages = await measure(server, pingRequests());
    }

    step("search");
    // The peak includes the search warm-up: that is when the ranked-match cache fills.
    const { value: search, peakBytes: rssPeakBytes } = await withRssPeak(server.pid, () =>
      measure(server, searchRequests()),
    );
    const probed: Array<{ probe: RouteProbe; stats: ServerLoadStats }> = [];
    if (spec.dataSet === "shipped") {
      for (const probe of probes) {
        step(probe.label);
        probed.push({ probe, stats: await measure(server, probe.requests) });
      }
    }

    // The Premium filters need a subscriber: one is made as a person would (demo checkout).
    const cookie = await createSubscriber(server.baseUrl, `bench-${Date.now()}@example.com`);
    const advancedMatches = await checkSearchMix(server.baseUrl, advancedSearchBodies(BASIC_PAGE_SIZE), cookie);
    step("advanced search as a subscriber");
    const advanced = await measure(server, advancedSearchRequests(cookie, BASIC_PAGE_SIZE));
    step(`the same with pages of ${CLIENT_PAGE_SIZE}`);
    const advancedFullPages = await measure(server, advancedSearchRequests(cookie, CLIENT_PAGE_SIZE));

    step("bare node:http server again");
    const bareLast = await measure(bareServer, pingRequests());
    step("bare Fastify (ping, then the search mix's POSTs; no plugins; reference)");
    const { get: bareFastify, post: bareFastifyPost } = await measureBareFastify(context, measure);
    // The POST budgets are set for the shipped data, where the match is measured too.
    let stackFloor: Measurement["stackFloor"];
    if (spec.dataSet === "shipped") {
      step("the stack's floor (Fastify + zod, the app's own answers to each POST mix; reference)");
      stackFloor = await measureStackFloor(
        context.settings.root,
        server.baseUrl,
        {
          search: searchRequests(),
          advanced: advancedSearchRequests(cookie, BASIC_PAGE_SIZE),
          match: matchProbe(spec.floors).requests,
        },
        measure,
      );
    }
    const bare = meanStats(bareFirst, bareLast);
    const routes: RouteMeasurement[] = probed.map(({ probe, stats }) => ({
      id: probe.id,
      label: probe.label,
      kind: probe.kind,
      stats,
      ratioPct: ratioPct(stats, bare),
      cpuRatioPct: cpuRatioPct(bare, stats),
      minRatioPct: probe.minRatioPct,
    }));

    return {
      funds: searchMatches[0] ?? 0,
      prepareMs: prepared?.ms,
      readyMs: server.readyMs,
      readyPath: context.readyPath,
      rssIdleBytes,
      rssPeakBytes,
      bare,
      bareRuns: [bareFirst, bareLast],
      bareFastify,
      bareFastifyPost,
      stackFloor,
      ping,
      pingRatioPct: ratioPct(ping, bare),
      pingBeforePages,
      pingAfterPages,
      rssBeforePagesBytes,
      rssAfterPagesBytes,
      search,
      searchRatioPct: ratioPct(search, bare),
      searchCpuRatioPct: cpuRatioPct(bare, search),
      searchMatches,
      advanced,
      advancedRatioPct: ratioPct(advanced, bare),
      advancedCpuRatioPct: cpuRatioPct(bare, advanced),
      advancedMatches,
      advancedFullPages,
      fundPages,
      fundPagesRatioPct: fundPages ? ratioPct(fundPages, bare) : undefined,
      routes,
    };
  } finally {
    await bareServer.stop();
  }
}

/**
 * The framework alone (scripts/bench/bare-fastify.mjs), measured like the others: ping's GET and
 * the visitor search's POSTs, the ceilings of the GET and the POST budgets.
 */
async function measureBareFastify(
  context: ScenarioContext,
  measure: (target: RunningServer, requests: autocannon.Request[]) => Promise<ServerLoadStats>,
): Promise<{ get: ServerLoadStats; post: ServerLoadStats }> {
  const server = await startBareServer(context.settings.root, "bare-fastify.mjs");
  try {
    const get = await measure(server, pingRequests());
    // The visitor search's own requests (path, headers, bodies): the framework's floor for a POST.
    const post = await measure(server, searchRequests());
    return { get, post };
  } finally {
    await server.stop();
  }
}

/** The mean of the bare server's two runs: req/s and CPU averaged, latencies and failures of the worse. */
function meanStats(a: ServerLoadStats, b: ServerLoadStats): ServerLoadStats {
  const mean = (x: number | undefined, y: number | undefined) =>
    x === undefined || y === undefined ? undefined : (x + y) / 2;
  return {
    requestsPerSecond: (a.requestsPerSecond + b.requestsPerSecond) / 2,
    totalRequests: a.totalRequests + b.totalRequests,
    latencyP50Ms: Math.max(a.latencyP50Ms, b.latencyP50Ms),
    latencyP99Ms: Math.max(a.latencyP99Ms, b.latencyP99Ms),
    latencyMaxMs: Math.max(a.latencyMaxMs, b.latencyMaxMs),
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    durationS: a.durationS + b.durationS,
    serverCpuUsPerRequest: mean(a.serverCpuUsPerRequest, b.serverCpuUsPerRequest),
    serverCores: mean(a.serverCores, b.serverCores),
  };
}

/**
 * Canonical paths of fund pages spread over the table (every nth entry of the sitemap), each one
 * checked to answer 200 with HTML before the load.
 */
async function fundPagePaths(baseUrl: string, count: number): Promise<string[]> {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const index = /<sitemapindex/.test(sitemap) ? await (await fetch(`${baseUrl}/sitemap-1.xml`)).text() : sitemap;
  const all = [...index.matchAll(/<loc>[^<]*?(\/funds\/[^<]+)<\/loc>/g)].map((match) => match[1] as string);
  if (all.length === 0) throw new Error("the sitemap lists no fund page");
  const step = Math.max(1, Math.floor(all.length / count));
  const paths = all.filter((_, position) => position % step === 0).slice(0, count);
  for (const path of paths) {
    const response = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`fund page ${path} answered ${response.status}`);
  }
  return paths;
}

/**
 * A load run plus the server's CPU time during it: per request it tells what a route costs even
 * though the load generator competes for the same CPUs, and near 1 core it shows the server's
 * single JavaScript thread is the bottleneck.
 */
async function measuredRun(
  server: RunningServer,
  requests: autocannon.Request[],
  options: LoadOptions,
): Promise<ServerLoadStats> {
  const cpuBefore = readCpuMs(server.pid);
  const stats = await runLoad(server.baseUrl, requests, options);
  const cpuAfter = readCpuMs(server.pid);
  if (cpuBefore === undefined || cpuAfter === undefined || stats.totalRequests === 0) return stats;
  const cpuMs = cpuAfter - cpuBefore;
  return {
    ...stats,
    serverCpuUsPerRequest: (cpuMs * 1000) / stats.totalRequests,
    serverCores: cpuMs / (stats.durationS * 1000),
  };
}

async function withRssPeak<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ value: T; peakBytes: number | undefined }> {
  const sampler = sampleRss(pid);
  try {
    const value = await work();
    return { value, peakBytes: sampler.peak() };
  } finally {
    sampler.stop();
  }
}

/** Every body of the mix must answer 200 before the load starts; returns the match count of each. */
async function checkSearchMix(
  baseUrl: string,
  bodies?: Parameters<typeof preflightSearches>[1],
  cookie?: string,
): Promise<number[]> {
  const preflight = await preflightSearches(baseUrl, bodies, cookie);
  const rejected = preflight.filter((result) => result.status !== 200);
  if (rejected.length > 0) {
    const details = rejected.map((result) => `${JSON.stringify(result.body)} → ${result.status}`).join(", ");
    throw new Error(`search bodies rejected before the load: ${details}`);
  }
  return preflight.map((result) => result.totalCount ?? 0);
}
