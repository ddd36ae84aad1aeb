import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { deferCleanup } from "./cleanup.js";
import type { ColdStart, ColdStartRun, ColdStartSample } from "./results.js";
import { type RunningServer, readCpuMs, readRssBytes, type ServerOptions, startServer } from "./server-process.js";

/** Fresh starts (each followed by a restart on the same DATA_DIR) the cold-start figures are the median of. */
export const COLD_START_RUNS = 3;

/** Lets the start-up's last allocations and timers settle before the idle RSS is read. */
const IDLE_SETTLE_MS = 1_000;

/**
 * What a newcomer's `npm start` does once the app is built, timed from the spawn of `npm start` to
 * the first 200 on the ready path, on PGlite with the shipped data: a fresh DATA_DIR (copy of the
 * build's migrated cluster, seed, index), then a restart on it. The same two starts are also timed
 * as `node dist/server/main.js` alone, which leaves out npm and the build check. Each
 * start is a new process, so the idle RSS after it is what that server holds for good.
 */
export async function measureColdStarts(
  root: string,
  readyPath: string,
  log: (message: string) => void,
): Promise<ColdStart> {
  const runs: ColdStartRun[] = [];
  for (let run = 1; run <= COLD_START_RUNS; run++) {
    log(`cold start ${run} of ${COLD_START_RUNS}: npm start and node alone, each on a fresh DATA_DIR and then again`);
    const [fresh, restart] = await freshThenRestart(root, readyPath, "npm-start");
    const [serverFresh, serverRestart] = await freshThenRestart(root, readyPath, "node");
    runs.push({ fresh, restart, serverFresh, serverRestart });
  }
  const median = (pick: (run: ColdStartRun) => number | undefined) => medianOf(runs.map(pick));
  return {
    scenario: "PGlite · shipped",
    path: readyPath,
    runs,
    freshMs: median((run) => run.fresh.readyMs) ?? 0,
    restartMs: median((run) => run.restart.readyMs) ?? 0,
    serverFreshMs: median((run) => run.serverFresh.readyMs) ?? 0,
    serverRestartMs: median((run) => run.serverRestart.readyMs) ?? 0,
    freshRssIdleBytes: median((run) => run.fresh.rssIdleBytes),
    restartRssIdleBytes: median((run) => run.restart.rssIdleBytes),
  };
}

async function freshThenRestart(
  root: string,
  readyPath: string,
  launch: "node" | "npm-start",
): Promise<[ColdStartSample, ColdStartSample]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "fundmatch-cold-"));
  const removeDataDir = deferCleanup(() => rm(dataDir, { recursive: true, force: true }));
  try {
    const fresh = await timedStart({ root, dataDir, readyPath, launch });
    const restart = await timedStart({ root, dataDir, readyPath, launch });
    return [fresh, restart];
  } finally {
    await removeDataDir();
  }
}

async function timedStart(options: ServerOptions): Promise<ColdStartSample> {
  let server: RunningServer | undefined;
  try {
    server = await startServer(options);
    // Read at once: the CPU the server's start-up took, which other busy processes inflate much less than its wall time.
    const cpuMs = readCpuMs(server.pid);
    await delay(IDLE_SETTLE_MS);
    return { readyMs: server.readyMs, cpuMs, rssIdleBytes: readRssBytes(server.pid) };
  } finally {
    await server?.stop();
  }
}

function medianOf(values: readonly (number | undefined)[]): number | undefined {
  const known = values.filter((value): value is number => value !== undefined).sort((a, b) => a - b);
  if (known.length === 0) return undefined;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? known[middle] : ((known[middle - 1] ?? 0) + (known[middle] ?? 0)) / 2;
}
