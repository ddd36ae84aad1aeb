// `npm start` on a fresh clone must serve the app without a separate build step: build the client
// and the server when the output is missing or older than any source file, otherwise start at once.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const outputs = [
  "dist/client/index.html",
  "dist/ssr/entry-server.js",
  "dist/server/main.js",
  "dist/server/migrate-cli.js",
  "dist/server/users-cli.js",
  "dist/server/workbook-worker.mjs",
  "dist/server/extract-worker.js",
  // The stamps, not the clusters' files: a build that reuses the migrated template touches its stamp,
  // while the template's own files keep the time they were made (which made every start rebuild).
  "dist/server/pglite-template.stamp",
  "dist/server/pglite-seeded-template.stamp",
].map((file) => path.join(root, file));
const inputs = [
  "src",
  "index.html",
  "vite.config.ts",
  "package-lock.json",
  "scripts/build-server.mjs",
  "scripts/compress-assets.mjs",
  "scripts/build-pglite-template.mjs",
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry.endsWith(".test.ts")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const builtAt = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const changedAt = Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));
if (builtAt === 0 || changedAt > builtAt) {
  // The build prints little for a minute or more: say what is happening and how long it may take,
  // so that a first `npm start` does not look stuck.
  const cores = os.availableParallelism();
  const estimate = cores <= 2 ? "about a minute" : "well under a minute";
  const why = builtAt === 0 ? "first start" : "the sources changed since the last build";
  console.log(`\nBuilding the app (${why}): ${estimate} on ${cores} core${cores === 1 ? "" : "s"}…\n`);
  const started = performance.now();
  execSync("npm run build --silent", { cwd: root, stdio: "inherit" });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`\nBuilt in ${seconds} s. Starting the server…\n`);
}
