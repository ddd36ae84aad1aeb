// `npm test`: everything CI checks, in one command, on a fresh machine.
//   1. finds Chromium's headless shell for the end-to-end tests, installing it when missing
//   2. typecheck (tsc), lint (Biome) and the house rules on imports (dependency-cruiser), side by side
//   3. unit and integration tests (Vitest, project "main") — on PGlite, and on PostgreSQL too when
//      TEST_DATABASE_URL is set; the shared rate limits against Redis when TEST_REDIS_URL is set
//   4. builds the app and runs the end-to-end tests (Playwright, Chromium) against it as `npm start` serves it
//   5. prints how long each step took and the 10 slowest test files
// `npm run test:slow` (`node scripts/test.mjs --slow`) runs the tests that soak or fuzz at length
// (Vitest project "slow", `*.slow.test.ts`), which CI runs after `npm test`. docs/testing.md
import { execSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const started = Date.now();
const slow = process.argv.includes("--slow");
/** The reporters' JSON (test durations), read at the end for the slowest files. */
const reports = mkdtempSync(path.join(tmpdir(), "fundmatch-test-reports-"));
process.on("exit", () => rmSync(reports, { recursive: true, force: true }));
/** [label, seconds] of each step, printed at the end. */
const steps = [];

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${[command, ...args].join(" ")}`);
  const stepStarted = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  steps.push([label, (Date.now() - stepStarted) / 1000]);
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

/**
 * Runs short commands side by side, each one's output held back and printed whole when it ends, so
 * that the log reads as if they had run one after another; fails after all have ended if any failed.
 * tsc, Biome and dependency-cruiser take seconds each and spend part of them starting up and reading files.
 */
async function runTogether(commands) {
  const stepStarted = Date.now();
  const results = await Promise.all(
    commands.map(
      ([label, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, env: process.env, stdio: ["ignore", "pipe", "pipe"] });
          const chunks = [];
          child.stdout.on("data", (chunk) => chunks.push(chunk));
          child.stderr.on("data", (chunk) => chunks.push(chunk));
          child.on("error", (error) => chunks.push(Buffer.from(String(error))));
          child.on("close", (code, signal) =>
            resolve({ label, command, args, code: code ?? signal, output: Buffer.concat(chunks).toString() }),
          );
        }),
    ),
  );
  steps.push([results.map((result) => result.label).join(", "), (Date.now() - stepStarted) / 1000]);
  for (const { label, command, args, output } of results) {
    console.log(`\n▶ ${label}: ${[command, ...args].join(" ")}`);
    if (output) process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
  }
  const failed = results.filter((result) => result.code !== 0);
  for (const { label, code } of failed) console.error(`\n✖ ${label} failed (exit ${code})`);
  if (failed.length > 0) process.exit(1);
}

/**
 * Seconds per test file: Vitest's from its import to its last hook (file-times-reporter.ts), Playwright's
 * its tests' times summed from its JSON reporter.
 */
function fileDurations() {
  const files = [];
  const read = (name) => {
    const file = path.join(reports, name);
    return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
  };
  for (const { file, seconds } of read("vitest.json") ?? []) files.push([path.relative(root, file), seconds]);
  const playwright = read("playwright.json");
  const testDir = playwright?.config?.rootDir ?? path.join(root, "tests/e2e");
  const perSpec = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const file = path.relative(root, path.join(testDir, spec.file));
      const seconds =
        spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + result.duration, 0) / 1000;
      perSpec.set(file, (perSpec.get(file) ?? 0) + seconds);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of playwright?.suites ?? []) walk(suite);
  files.push(...perSpec);
  return files.sort((a, b) => b[1] - a[1]);
}

function printSummary() {
  console.log("\nTime per step:");
  for (const [label, seconds] of steps) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${label}`);
  const slowest = fileDurations().slice(0, 10);
  if (slowest.length === 0) return;
  // Playwright's files run across its workers, so theirs is the sum of their tests' times.
  console.log("\nThe 10 slowest test files:");
  for (const [file, seconds] of slowest) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
}

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, the build Playwright itself runs for
 * headless tests): the full Chromium in headless mode spent about twice the CPU per page load and a
 * third more per axe scan on this machine, and Chromium is most of the end-to-end step's CPU
 * (docs/decisions/0049-headless-shell-and-suite-cpu.md).
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** The browser for the end-to-end tests: E2E_CHROMIUM_PATH, the headless shell, then a full Chromium. */
function findChromium() {
  const candidates = [
    process.env.E2E_CHROMIUM_PATH,
    HEADLESS_SHELL,
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ].filter(Boolean);
  for (const candidate of candidates) if (existsSync(candidate)) return candidate;
  try {
    const output = execSync(
      `node -e "import('playwright-core').then(p => process.stdout.write(p.chromium.executablePath()))"`,
      { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
    );
    if (output && existsSync(output)) return output;
  } catch {}
  return undefined;
}

function ensureChromium() {
  let chromium = findChromium();
  if (chromium && (chromium === process.env.E2E_CHROMIUM_PATH || chromium === HEADLESS_SHELL)) return chromium;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium's headless shell not found: installing Debian's chromium-headless-shell package…");
    const stepStarted = Date.now();
    const installed = spawnSync(
      "sh",
      [
        "-c",
        "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell fonts-liberation",
      ],
      { cwd: root, stdio: "inherit" },
    );
    steps.push(["install chromium-headless-shell", (Date.now() - stepStarted) / 1000]);
    // A full Chromium runs the same tests, with more CPU: a failed install is not a failed suite.
    if (installed.status !== 0 && chromium) console.warn(`⚠ The install failed: the tests run on ${chromium}.`);
  } else if (!chromium) {
    console.log("Chromium not found: installing Playwright's Chromium…");
    run("install chromium", "npx", ["playwright", "install", "chromium"]);
  }
  chromium = findChromium();
  if (!chromium) {
    console.error("✖ Chromium could not be found or installed; set E2E_CHROMIUM_PATH to a Chromium binary.");
    process.exit(1);
  }
  return chromium;
}

// Vitest's time per file, for the slowest files at the end (tests/support/file-times-reporter.ts).
const vitestReport = ["--reporter=default", "--reporter=./tests/support/file-times-reporter.ts"];
process.env.FUNDMATCH_TEST_TIMES_FILE = path.join(reports, "vitest.json");

if (slow) {
  console.log(
    process.env.TEST_DATABASE_URL
      ? "Databases: PGlite and PostgreSQL (TEST_DATABASE_URL)"
      : "Databases: PGlite (set TEST_DATABASE_URL to also run on PostgreSQL)",
  );
  run("tests that soak or fuzz at length", "npx", ["vitest", "run", "--project", "slow", ...vitestReport]);
  printSummary();
  console.log(`\n✔ The slow tests passed in ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(0);
}

const chromium = ensureChromium();
console.log(`Chromium: ${chromium}`);
console.log(
  process.env.TEST_DATABASE_URL
    ? "Databases: PGlite and PostgreSQL (TEST_DATABASE_URL)"
    : "Databases: PGlite (set TEST_DATABASE_URL to also run on PostgreSQL)",
);
console.log(
  process.env.TEST_REDIS_URL
    ? "Redis: TEST_REDIS_URL (rate limits shared by instances are tested; an unreachable Redis fails)"
    : "Redis: not tested (set TEST_REDIS_URL to test rate limits shared through Redis)",
);

await runTogether([
  ["typecheck", "npx", ["tsc", "--noEmit", "-p", "."]],
  ["lint", "npx", ["biome", "check", "."]],
  // The house rules (.dependency-cruiser.cjs): a violation names the rule it breaks.
  [
    "house rules",
    "npx",
    ["depcruise", "src", "scripts", "tests", "--config", ".dependency-cruiser.cjs", "--output-type", "err"],
  ],
]);
run("unit and integration tests", "npx", ["vitest", "run", "--project", "main", ...vitestReport]);
run("build", "npm", ["run", "build"]);
run("end-to-end tests", "npx", ["playwright", "test"], {
  E2E_CHROMIUM_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(reports, "playwright.json"),
});

printSummary();
console.log(`\n✔ All checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
console.log("  (the tests that soak or fuzz at length: npm run test:slow)");
