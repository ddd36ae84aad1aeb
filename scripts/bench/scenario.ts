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
  type LoadOptions,
  pingRequests,
  preflightSearches,
  runLoad,
  searchRequests,
  sessionProbe,
} from "./load.js";
import { createScratchDatabase, type PostgresProbe } from "./postgres.js";
import type { Measurement, RouteMeasurement, ScenarioResult, ScenarioSpec, ServerLoadStats } from "./results.js";
import {
  ClientBuildMissingError,
  type RunningServer,
  readCpuMs,
  readRssBytes,
  type ServerOptions,
  sampleRss,
  startServer,
} from "./server-process.js";
import { type BenchSettings, redactUrl } from "./settings.js";
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

  context.log(`${spec.label}: ping, ${warmup.durationS} s warm-up + ${load.durationS} s`);
  await runLoad(server.baseUrl, pingRequests(), warmup);
  const ping = await measuredRun(server, pingRequests(), load);

  context.log(`${spec.label}: search, ${warmup.durationS} s warm-up + ${load.durationS} s`);
  // The peak includes the search warm-up: that is when the ranked-match cache fills.
  const { value: search, peakBytes: rssPeakBytes } = await withRssPeak(server.pid, async () => {
    await runLoad(server.baseUrl, searchRequests(), warmup);
    return measuredRun(server, searchRequests(), load);
  });
  // The blog and the session do not grow with the funds: their routes are measured on the shipped data only.
  const routes: RouteMeasurement[] = [];
  if (spec.dataSet === "shipped") {
    const probes = [
      ...(await blogProbes(server.baseUrl, context.readyPath === "/")),
      await sessionProbe(server.baseUrl),
    ];
    for (const probe of probes) {
      context.log(`${spec.label}: ${probe.label}, ${warmup.durationS} s warm-up + ${load.durationS} s`);
      await runLoad(server.baseUrl, probe.requests, warmup);
      const stats = await measuredRun(server, probe.requests, load);
      routes.push({
        id: probe.id,
        label: probe.label,
        stats,
        ratioPct: (stats.requestsPerSecond / ping.requestsPerSecond) * 100,
        minRatioPct: probe.minRatioPct,
      });
    }
  }

  // The Premium filters need a subscriber: one is made as a person would (demo checkout).
  const cookie = await createSubscriber(server.baseUrl, `bench-${Date.now()}@example.com`);
  const advancedMatches = await checkSearchMix(server.baseUrl, advancedSearchBodies(BASIC_PAGE_SIZE), cookie);
  context.log(`${spec.label}: advanced search as a subscriber, ${warmup.durationS} s warm-up + ${load.durationS} s`);
  const advancedMix = advancedSearchRequests(cookie, BASIC_PAGE_SIZE);
  await runLoad(server.baseUrl, advancedMix, warmup);
  const advanced = await measuredRun(server, advancedMix, load);
  context.log(
    `${spec.label}: the same with pages of ${CLIENT_PAGE_SIZE}, ${warmup.durationS} s warm-up + ${load.durationS} s`,
  );
  const fullPages = advancedSearchRequests(cookie, CLIENT_PAGE_SIZE);
  await runLoad(server.baseUrl, fullPages, warmup);
  const advancedFullPages = await measuredRun(server, fullPages, load);

  // Fund pages are served only with the client built (their head goes into its index.html).
  let fundPages: Measurement["fundPages"];
  if (context.readyPath === "/") {
    const paths = await fundPagePaths(server.baseUrl, FUND_PAGES);
    context.log(`${spec.label}: ${paths.length} fund pages, ${warmup.durationS} s warm-up + ${load.durationS} s`);
    await runLoad(server.baseUrl, fundPageRequests(paths), warmup);
    fundPages = { ...(await measuredRun(server, fundPageRequests(paths), load)), pages: paths.length };
  }

  return {
    funds: searchMatches[0] ?? 0,
    prepareMs: prepared?.ms,
    readyMs: server.readyMs,
    readyPath: context.readyPath,
    rssIdleBytes,
    rssPeakBytes,
    ping,
    search,
    searchRatioPct: (search.requestsPerSecond / ping.requestsPerSecond) * 100,
    searchCpuRatioPct: cpuRatioPct(ping, search),
    searchMatches,
    advanced,
    advancedRatioPct: (advanced.requestsPerSecond / ping.requestsPerSecond) * 100,
    advancedCpuRatioPct: cpuRatioPct(ping, advanced),
    advancedMatches,
    advancedFullPages,
    fundPages,
    routes,
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

function cpuRatioPct(ping: ServerLoadStats, search: ServerLoadStats): number | undefined {
  if (!ping.serverCpuUsPerRequest || !search.serverCpuUsPerRequest) return undefined;
  return (ping.serverCpuUsPerRequest / search.serverCpuUsPerRequest) * 100;
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
