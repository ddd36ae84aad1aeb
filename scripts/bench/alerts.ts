/**
 * The saved-search alerts' cost: a fresh PGlite database with the shipped funds, 1,000 subscribers
 * with two saved searches each, new funds each search matches and facts changed since they were
 * saved; then one run of the `saved-search-alerts` job through the queue, e-mails written to an
 * outbox as the demo does. Reports the run's wall time, the heap and resident memory it added, and
 * the e-mails sent.
 *
 * Run alone with `tsx scripts/bench/alerts.ts`, or as part of `npm run bench` (one line).
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import { loadConfig } from "../../src/server/config.js";
import { seedAlertScenario } from "../../tests/support/alert-subscribers.js";

export const ALERT_BENCH_SUBSCRIBERS = 1_000;

export type AlertsBenchResult = {
  subscribers: number;
  seconds: number;
  /** This process's CPU time in the run (user + system): the wall time on a busy machine is mostly waiting. */
  cpuSeconds: number;
  heapMbDelta: number;
  rssMbDelta: number;
  emails: number;
};

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export async function measureAlerts(subscribers = ALERT_BENCH_SUBSCRIBERS): Promise<AlertsBenchResult> {
  // The e-mails are rendered by React, whose build follows NODE_ENV when first loaded: the server
  // runs the production build, and so does this measure (the development build takes some 5 times
  // as long per e-mail). Loaded here, after setting it, for that reason.
  process.env.NODE_ENV ??= "production";
  const { createServices } = await import("../../src/server/services.js");
  const dataDir = await mkdtemp(path.join(tmpdir(), "fundmatch-bench-alerts-"));
  const config = loadConfig({
    // As the tests run the app: no payments, sign-in provider or admin to set up for this.
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SEED_ON_START: "true",
    PUBLIC_ORIGIN: "https://fundmatch.example",
    LOG_LEVEL: "silent",
  });
  const { services, start, close } = await createServices(config, {}, pino({ level: "silent" }));
  try {
    await seedAlertScenario(services.database.db, { subscribers, searchesEach: 2, changedFunds: 100 });
    await start();
    await services.jobs.firstPass;
    global.gc?.();
    const before = process.memoryUsage();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const outcome = await services.jobs.runNow("saved-search-alerts");
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const after = process.memoryUsage();
    if (outcome.status !== "succeeded") throw new Error(`the alerts run ${outcome.status}`);
    const written = (await readdir(path.join(dataDir, "outbox")).catch(() => [])).length;
    if (written !== outcome.handled) throw new Error(`${outcome.handled} handled but ${written} e-mails written`);
    return {
      subscribers,
      seconds: Math.round(seconds * 100) / 100,
      cpuSeconds: Math.round((cpu.user + cpu.system) / 10_000) / 100,
      heapMbDelta: mb(after.heapUsed - before.heapUsed),
      rssMbDelta: mb(after.rss - before.rss),
      emails: outcome.handled,
    };
  } finally {
    await close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The bench report's line; a failure is reported on the line, not thrown. */
export async function alertsBenchLine(): Promise<string> {
  try {
    const r = await measureAlerts();
    return `Saved-search alerts (PGlite, ${r.subscribers} subscribers): ${r.emails} e-mails in ${r.seconds} s (CPU ${r.cpuSeconds} s), heap ${r.heapMbDelta >= 0 ? "+" : ""}${r.heapMbDelta} MB, RSS ${r.rssMbDelta >= 0 ? "+" : ""}${r.rssMbDelta} MB`;
  } catch (error) {
    return `Saved-search alerts: could not be measured (${(error as Error).message})`;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(JSON.stringify(await measureAlerts()));
}
