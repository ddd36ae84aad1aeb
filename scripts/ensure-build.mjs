// `npm start` on a fresh clone must serve the app without a separate build step: build the client
// and the server when the output is missing or older than any source file, otherwise start at once.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const outputs = [
  "dist/client/index.html",
  "dist/ssr/entry-server.js",
  "dist/server/main.js",
  "dist/server/migrate-cli.js",
  "dist/server/users-cli.js",
].map((file) => path.join(root, file));
const inputs = [
  "src",
  "index.html",
  "vite.config.ts",
  "package-lock.json",
  "scripts/build-server.mjs",
  "scripts/compress-assets.mjs",
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
  console.log("Building the app (client and server)…");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
}
