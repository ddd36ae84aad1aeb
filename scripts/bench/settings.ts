import path from "node:path";

/** Everything a run can be tuned with, read once from the environment. */
export type BenchSettings = {
  root: string;
  /** Seconds per measured autocannon run. */
  durationS: number;
  /** Seconds of load before each measured run, discarded: lets V8 optimise and fills the search cache. */
  warmupS: number;
  connections: number;
  /** PostgreSQL server to create the scratch databases on (needs CREATEDB). */
  adminUrl: string;
  /** Size of the generated data set. */
  generatedFunds: number;
  /** Write a V8 CPU profile of every server process to .bench/profiles (BENCH_CPU_PROF=1). */
  cpuProfile: boolean;
  /**
   * BENCH_ONLY=import: only the import budgets (a couple of minutes instead of the whole run);
   * BENCH_ONLY=start: only the cold start and the idle memory (under a minute);
   * BENCH_ONLY=match: only the match's quality and latency (a few minutes);
   * BENCH_ONLY=throughput: only the throughput scenarios against the bare server.
   */
  only: "import" | "start" | "match" | "throughput" | undefined;
  resultsFile: string;
  /** Where BENCH_ONLY=throughput writes its results (a whole run's file is left alone). */
  throughputFile: string;
};

const DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/test";

export function readSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  const root = path.resolve(import.meta.dirname, "../..");
  return {
    root,
    durationS: positiveNumber(env.BENCH_DURATION, 10, "BENCH_DURATION"),
    warmupS: positiveNumber(env.BENCH_WARMUP, 2, "BENCH_WARMUP"),
    connections: 50,
    adminUrl: env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL,
    generatedFunds: 100_000,
    cpuProfile: env.BENCH_CPU_PROF === "1",
    only: onlyPart(env.BENCH_ONLY),
    resultsFile: path.join(root, ".bench/results.json"),
    throughputFile: path.join(root, ".bench/throughput.json"),
  };
}

function onlyPart(raw: string | undefined): BenchSettings["only"] {
  if (raw === undefined || raw.trim() === "") return undefined;
  const part = raw.trim();
  if (part === "import" || part === "start" || part === "match" || part === "throughput") return part;
  throw new Error("BENCH_ONLY must be 'import', 'start', 'match' or 'throughput' (or unset for the whole run)");
}

function positiveNumber(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number of seconds`);
  return value;
}

/** The URL with its password masked, for printing. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable URL)";
  }
}
