/**
 * The import budgets: a 100,000-row CSV previewed in under 5 s and imported in under 20 s, with
 * the server's resident memory growing by less than 300 MB, on PGlite and on PostgreSQL. Each
 * database gets a fresh `node dist/server/main.js`; the figures come from the wall clock around the
 * HTTP calls and from the server process's VmHWM/VmRSS in /proc (Linux).
 *
 * Run alone with `tsx scripts/bench/import.ts`, or as part of `npm run bench`.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import pg from "pg";

export const IMPORT_ROWS = 100_000;
export const IMPORT_BUDGETS = { importMs: 20_000, previewMs: 5_000, memoryGrowthMb: 300 } as const;

export type ImportBenchResult = {
  database: "pglite" | "postgres";
  rows: number;
  fileMb: number;
  previewMs: number;
  importMs: number;
  imported: number;
  memoryBeforeMb: number;
  memoryPeakMb: number;
  memoryGrowthMb: number;
  withinBudget: boolean;
};

const ADMIN = { email: "bench-admin@example.com", password: "Bench-pass-1" };
const STAGES = ["Pre-seed, Seed", "Seed; Series A", "Series A+", "Growth Equity", "Early Stage", "seed"];
const SECTORS = [
  "FinTech, SaaS",
  "Healthcare",
  "Artificial Intelligence",
  "Clean Energy; Climate Tech",
  "E-commerce",
  "Edtech",
];
const PLACES = ["San Francisco, CA", "London, UK", "Berlin, Germany", "Paris, France", "Singapore", "USA", "DEU"];
const CHEQUES = ["$250K - $2M", "€1M-5M", "$50k", "up to $500K", ""];

/** A realistic 100,000-row list: messy headings and values, every row a new fund. */
export function benchCsv(rows = IMPORT_ROWS): string {
  const lines = ["Investor Name,HQ,Stage(s),Sectors,Cheque/Check Size,Website,Founded"];
  for (let index = 0; index < rows; index += 1) {
    lines.push(
      [
        `Bench Fund ${index}`,
        `"${PLACES[index % PLACES.length]}"`,
        `"${STAGES[index % STAGES.length]}"`,
        `"${SECTORS[index % SECTORS.length]}"`,
        `"${CHEQUES[index % CHEQUES.length]}"`,
        `www.bench-fund-${index}.example`,
        String(1990 + (index % 35)),
      ].join(","),
    );
  }
  return `${lines.join("\n")}\n`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Resident and peak resident memory of a process, in MB, from /proc. */
function memoryOf(pid: number): { rssMb: number; hwmMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb("VmRSS") / 1024, hwmMb: kb("VmHWM") / 1024 };
}

async function measureOne(
  root: string,
  database: "pglite" | "postgres",
  csv: string,
  databaseUrl: string | undefined,
  log: (message: string) => void,
): Promise<ImportBenchResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fundmatch-bench-import-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, "dist/server/main.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PUBLIC_ORIGIN: base,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      SEED_ON_START: "false",
      LOG_LEVEL: "warn",
      PAYMENTS_MODE: "demo",
      AI_WRITER_MODE: "demo",
      OIDC_MODE: "off",
      RATE_LIMIT_PER_MINUTE: "0",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      IMPORT_MAX_BYTES: String(100 * 1024 * 1024),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error("the server exited during start-up");
      if (Date.now() > deadline) throw new Error("the server did not become ready");
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {}
      await delay(50);
    }
    const login = await fetch(`${base}/_api/auth/login_with_password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((line) => line.startsWith("fundmatch_session="))
      ?.split(";")[0];
    if (!cookie) throw new Error(`log-in failed: ${login.status}`);
    const form = () => {
      const body = new FormData();
      body.append("file", new Blob([csv], { type: "text/csv" }), "bench.csv");
      return body;
    };
    const pid = child.pid ?? 0;
    // Settle first: the baseline is the idle server after its start-up work.
    await delay(500);
    const before = memoryOf(pid).rssMb;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(pid).rssMb);
    }, 50);

    log(`import bench (${database}): preview of ${IMPORT_ROWS.toLocaleString("en-US")} rows`);
    let started = performance.now();
    const preview = await fetch(`${base}/_api/admin/import/preview`, {
      method: "POST",
      headers: { cookie },
      body: form(),
    });
    if (!preview.ok) throw new Error(`preview failed: ${preview.status} ${await preview.text()}`);
    await preview.json();
    const previewMs = performance.now() - started;

    log(`import bench (${database}): import`);
    started = performance.now();
    const imported = await fetch(`${base}/_api/admin/import`, { method: "POST", headers: { cookie }, body: form() });
    if (!imported.ok) throw new Error(`import failed: ${imported.status} ${await imported.text()}`);
    const result = (await imported.json()) as { successfulImports: number };
    const importMs = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, memoryOf(pid).rssMb);
    const growth = peak - before;
    return {
      database,
      rows: IMPORT_ROWS,
      fileMb: Buffer.byteLength(csv) / (1024 * 1024),
      previewMs,
      importMs,
      imported: result.successfulImports,
      memoryBeforeMb: before,
      memoryPeakMb: peak,
      memoryGrowthMb: growth,
      withinBudget:
        importMs < IMPORT_BUDGETS.importMs &&
        previewMs < IMPORT_BUDGETS.previewMs &&
        growth < IMPORT_BUDGETS.memoryGrowthMb &&
        result.successfulImports === IMPORT_ROWS,
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both databases (PostgreSQL when adminUrl reaches one); a database it cannot measure is left out. */
export async function measureImports(
  root: string,
  adminUrl: string | undefined,
  log: (message: string) => void,
): Promise<ImportBenchResult[]> {
  const csv = benchCsv();
  const results: ImportBenchResult[] = [await measureOne(root, "pglite", csv, undefined, log)];
  if (adminUrl) {
    const name = `fundmatch_bench_import_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    try {
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      results.push(await measureOne(root, "postgres", csv, url.toString(), log));
    } catch (error) {
      log(`import bench (postgres) skipped: ${(error as Error).message}`);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    }
  }
  return results;
}

export function renderImportReport(results: readonly ImportBenchResult[]): string {
  const lines = [
    "",
    `Fund import, ${IMPORT_ROWS.toLocaleString("en-US")}-row CSV (budgets: preview < ${IMPORT_BUDGETS.previewMs / 1000} s, import < ${IMPORT_BUDGETS.importMs / 1000} s, memory growth < ${IMPORT_BUDGETS.memoryGrowthMb} MB)`,
  ];
  for (const result of results) {
    lines.push(
      `  ${result.database.padEnd(9)} file ${result.fileMb.toFixed(1)} MB · preview ${(result.previewMs / 1000).toFixed(1)} s · import ${(result.importMs / 1000).toFixed(1)} s (${result.imported.toLocaleString("en-US")} funds) · memory ${result.memoryBeforeMb.toFixed(0)} → ${result.memoryPeakMb.toFixed(0)} MB (+${result.memoryGrowthMb.toFixed(0)}) · ${result.withinBudget ? "PASS" : "FAIL"}`,
    );
  }
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
  const results = await measureImports(
    root,
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
    (message) => console.error(message),
  );
  console.log(renderImportReport(results));
}
