import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { minifySync, type Plugin } from "vite";

/**
 * The built index.html loads no module script before the page's first paint: Vite's entry script
 * tag and its modulepreload links become one small classic script (src/client/after-paint.js) that
 * carries them in data attributes and adds them once the first frame has painted. Server-rendered
 * pages paint from their HTML alone, and Lighthouse's simulated throttling (what PageSpeed Insights
 * reports) counts every module fetched before the largest paint in that paint's path; see
 * docs/decisions/0020-lighthouse-bench.md. The dev server keeps Vite's own tags.
 */
export function afterFirstPaint(): Plugin {
  // Minified: it counts in the home page's JavaScript budget (scripts/bench/client-js.ts).
  const source = minifySync(
    "after-paint.js",
    readFileSync(new URL("../../src/client/after-paint.js", import.meta.url), "utf8"),
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
      handler: (html) => loadAfterFirstPaint(html, `/${fileName}`),
    },
  };
}

/**
 * Vite's entry script tag and its modulepreload links taken out of the built HTML, and the
 * after-paint script (at `scriptUrl`) put before </head> with them in its data attributes.
 */
export function loadAfterFirstPaint(html: string, scriptUrl: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error("afterFirstPaint: the built index.html has no module entry script");
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let out = html.replace(entry[0], "");
  for (const [tag] of preloads) out = out.replace(tag, "");
  const hrefs = preloads.map((match) => match[1]).join(" ");
  const tag = `<script defer src="${scriptUrl}" data-entry="${entry[1]}" data-preload="${hrefs}"></script>\n  `;
  return out.replace("</head>", `${tag}</head>`);
}
