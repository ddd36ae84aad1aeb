// Bundles the server entry points into dist/server; node_modules stay external.
import { copyFile } from "node:fs/promises";
import { build } from "esbuild";

await build({
  entryPoints: {
    main: "src/server/main.ts",
    "migrate-cli": "src/server/db/migrate-cli.ts",
    "users-cli": "src/server/admin/users/cli.ts",
    // The AI writer's article reader runs in a worker thread; extract.ts finds it beside main.js.
    "extract-worker": "src/server/blog/ai-writer/extract-worker.ts",
  },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

// The fund import reads workbooks in a worker thread that main.js finds beside itself
// (src/server/funds/import/parse-file.ts); the worker is plain JavaScript, copied as it is.
await copyFile("src/server/funds/import/workbook-worker.mjs", "dist/server/workbook-worker.mjs");

await import("./build-pglite-template.mjs");
