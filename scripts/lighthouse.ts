/**
 * `npm run lighthouse`: Lighthouse (mobile) on the home page, the blog, a blog post, a fund page, the
 * terms and the subscribe page of a fresh `node dist/server/main.js`, with PASS/FAIL per budget
 * (scripts/bench/lighthouse-budgets.ts). `npm run bench` runs the same at its end.
 *
 * Exits 1 when a budget fails or a page could not be measured (including no Chromium): run alone it
 * is the check that the pages meet their budgets. Inside `npm run bench` failed budgets are reported
 * like the bench's others and only a run that could not measure changes the exit code.
 *
 * Environment: LIGHTHOUSE_RUNS (measured runs per page, default 1; more = the median of each figure),
 * LIGHTHOUSE_THROTTLING (both, the default: each page under simulated and applied throttling; or simulate
 * or devtools alone, quicker, for iterating), CHROMIUM_PATH (default /usr/bin/chromium),
 * LIGHTHOUSE_PAGES (a comma-separated subset of: home, blog, blog post, fund page, terms, subscribe).
 */

import { existsSync } from "node:fs";
import path from "node:path";
import { readLighthouseSettings, renderLighthouseReport, runLighthouse } from "./bench/lighthouse.js";
import { pageBudgets } from "./bench/lighthouse-budgets.js";
import { runBenchScript } from "./bench/run-script.js";
import { readSettings } from "./bench/settings.js";

async function main(): Promise<number> {
  const { root } = readSettings();
  if (!existsSync(path.join(root, "dist/server/main.js"))) throw new Error("dist/server/main.js is missing");
  const report = await runLighthouse(readLighthouseSettings(root), (message) => console.error(message));
  console.log(renderLighthouseReport(report));
  if (report.status !== "ok") return 1;
  return report.pages.flatMap(pageBudgets).every((budget) => budget.pass) ? 0 : 1;
}

runBenchScript(main);
