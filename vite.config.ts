import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { afterFirstPaint } from "./scripts/build/after-first-paint.js";

// The client lives in src/client and is built into dist/client, which the server serves.
// In development the API runs separately; /_api is proxied to it so the client always calls its own origin.
const apiTarget = process.env.API_PROXY_TARGET ?? "http://localhost:3000";

// React Router's package points every import at its development build, whose only difference is
// that its warnings are on (ENABLE_DEV_WARNINGS): in the browser bundle that was 0.5 KB gzip more
// in the entry and warning checks run during every page's hydration. The server bundle and the dev
// server keep the package's default.
const reactRouterProduction = fileURLToPath(
  new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url),
);

const nodeShim = (name: string) => fileURLToPath(new URL(`./src/client/lib/node-shims/${name}.ts`, import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  root: "src/client",
  // The server bundle (dist/ssr) needs no copy of the static files.
  publicDir: isSsrBuild ? false : "public",
  plugins: [react(), tailwindcss(), afterFirstPaint()],
  // The server-rendering bundle takes in the icon and Radix packages rather than loading them from
  // node_modules: their entry points import every icon and every primitive, which the server would
  // otherwise keep in memory for good; bundled, only what the pages use is left.
  ssr: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//] },
  resolve: {
    alias:
      command === "build" && !isSsrBuild
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction },
            // The e-mail parser (@hapi/address) imports Node's url and util for URL and TextEncoder,
            // which the browser has as globals: two one-line modules instead of Vite's empty stand-ins.
            { find: /^url$/, replacement: nodeShim("url") },
            { find: /^util$/, replacement: nodeShim("util") },
          ]
        : [],
  },
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
