// Bundles the server entry points into dist/server; node_modules stay external.
import { execFileSync } from "node:child_process";
import { copyFile, readdir, rm } from "node:fs/promises";
import { build } from "esbuild";

// The chunks' names carry their content's hash: the previous build's go first, or they pile up.
for (const name of await readdir("dist/server").catch(() => [])) {
  if (/\.js(\.map)?$/.test(name)) await rm(`dist/server/${name}`);
}

await build({
  entryPoints: {
    main: "src/server/main.ts",
    "migrate-cli": "src/server/db/migrate-cli.ts",
    "users-cli": "src/server/admin/users/cli.ts",
    // Writes the cluster with the shipped data in it, below, once this bundle and the migrated template exist.
    "seeded-template-cli": "src/server/seeded-template-cli.ts",
    // The AI writer's article reader runs in a worker thread; extract.ts finds it beside main.js.
    "extract-worker": "src/server/blog/ai-writer/extract-worker.ts",
  },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // Split at dynamic imports: a part the server loads on first use (the e-mail templates, which bring
  // react-email and its code highlighter) keeps its packages' imports in its own chunk, loaded then.
  // One file would hoist them to its top and load them at start: about 0.3 s and 30 MiB of every
  // start (docs/performance.md, 2026-12-07). Chunks sit beside main.js, so every path the server
  // finds relative to its own file (the workers, the template) is the same from a chunk.
  splitting: true,
  sourcemap: true,
  logLevel: "warning",
});

// The fund import reads workbooks in a worker thread that main.js finds beside itself
// (src/server/funds/import/parse-file.ts); the worker is plain JavaScript, copied as it is.
await copyFile("src/server/funds/import/workbook-worker.mjs", "dist/server/workbook-worker.mjs");

await import("./build-pglite-template.mjs");

// The migrated cluster with the shipped data prepared in it, by the server's own code: a first start
// copies it instead of seeding (about a second and 40 MiB of its memory; ADR 0019). Built every time
// the server is: the data and the code that prepares it are both in what was just built.
execFileSync(process.execPath, ["dist/server/seeded-template-cli.js"], { stdio: "inherit" });
