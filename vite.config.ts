import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, minifySync, type Plugin } from "vite";

/**
 * The built index.html loads no module script before the page's first paint: Vite's entry script
 * tag and its modulepreload links become one small classic script (src/client/after-paint.js) that
 * carries them in data attributes and adds them once the first frame has painted. Server-rendered
 * pages paint from their HTML alone, and Lighthouse's simulated throttling (what PageSpeed Insights
 * reports) counts every module fetched before the largest paint in that paint's path; see
 * docs/decisions/0020-lighthouse-bench.md. The dev server keeps Vite's own tags.
 */
function afterFirstPaint(): Plugin {
  // Minified: it counts in the home page's JavaScript budget (scripts/bench/client-js.ts).
  const source = minifySync(
    "after-paint.js",
    readFileSync(new URL("./src/client/after-paint.js", import.meta.url), "utf8"),
    { compress: { target: "es2022" }, mangle: true },
  ).code;
  const fileName = `assets/after-paint-${createHash("sha256").update(source).digest("hex").slice(0, 8)}.js`;
  return {
    name: "fundmatch:after-first-paint",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    generateBundle() {
      this.emitFile({ type: "asset", fileName, source });
    },
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error("afterFirstPaint: the built index.html has no module entry script");
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let out = html.replace(entry[0], "");
        for (const [tag] of preloads) out = out.replace(tag, "");
        const tag = `<script defer src="/${fileName}" data-entry="${entry[1]}" data-preload="${preloads.map((match) => match[1]).join(" ")}"></script>\n  `;
        return out.replace("</head>", `${tag}</head>`);
      },
    },
  };
}

// The client lives in src/client and is built into dist/client, which the server serves.
// In development the API runs separately; /_api is proxied to it so the client always calls its own origin.
const apiTarget = process.env.API_PROXY_TARGET ?? "http://localhost:3000";

export default defineConfig(({ isSsrBuild }) => ({
  root: "src/client",
  // The server bundle (dist/ssr) needs no copy of the static files.
  publicDir: isSsrBuild ? false : "public",
  plugins: [react(), tailwindcss(), afterFirstPaint()],
  // The server-rendering bundle takes in the icon and Radix packages rather than loading them from
  // node_modules: their entry points import every icon and every primitive, which the server would
  // otherwise keep in memory for good; bundled, only what the pages use is left.
  ssr: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//] },
  server: {
    proxy: { "/_api": { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: true,
    target: "es2022",
    // The server reads it to preload the chunks of the lazy parts a page rendered (src/server/site/ssr.ts).
    manifest: true,
  },
}));
