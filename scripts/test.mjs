// `npm test`: everything CI checks, in one command, on a fresh machine.
//   1. finds Chromium for the end-to-end tests, installing it when missing
//   2. typecheck (tsc), lint (Biome) and the house rules on imports (dependency-cruiser)
//   3. unit and integration tests (Vitest) — on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set;
//      the shared rate limits against Redis when TEST_REDIS_URL is set
//   4. builds the app and runs the end-to-end tests (Playwright, Chromium) against it as `npm start` serves it
import { execSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const started = Date.now();

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
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
  if (chromium) return chromium;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium not found: installing Debian's chromium package…");
    run("install chromium", "sh", [
      "-c",
      "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation",
    ]);
  } else {
    console.log("Chromium not found: installing Playwright's Chromium…");
    run("install chromium", "npx", ["playwright", "install", "chromium"]);
  }
  chromium = findChromium();
  if (!chromium) {
    console.error("✖ Chromium could not be found or installed; set CHROMIUM_PATH to a Chromium binary.");
    process.exit(1);
  }
  return chromium;
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

run("typecheck", "npx", ["tsc", "--noEmit", "-p", "."]);
run("lint", "npx", ["biome", "check", "."]);
// The house rules (.dependency-cruiser.cjs): a violation names the rule it breaks.
run("house rules", "npx", [
  "depcruise",
  "src",
  "scripts",
  "tests",
  "--config",
  ".dependency-cruiser.cjs",
  "--output-type",
  "err",
]);
run("unit and integration tests", "npx", ["vitest", "run"]);
run("build", "npm", ["run", "build"]);
run("end-to-end tests", "npx", ["playwright", "test"], { CHROMIUM_PATH: chromium });

console.log(`\n✔ All checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
