/**
 * `npm run bench:taps`: the bench's lost-taps scenario alone (scripts/bench/first-taps.ts) on a fresh
 * `node dist/server/main.js`. TAPS_TRIES sets the tries per control (default 20); CHROMIUM_PATH the browser.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { INP_BUDGET_MS, LOST_TAPS_BUDGET, renderFirstTapsReport, runFirstTaps, TAP_TRIES } from "./bench/first-taps.js";
import { runBenchScript } from "./bench/run-script.js";
import { readSettings } from "./bench/settings.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

async function main(): Promise<number> {
  const { root } = readSettings();
  if (!existsSync(path.join(root, "dist/server/main.js"))) throw new Error("dist/server/main.js is missing");
  const tries = Number(process.env.TAPS_TRIES ?? TAP_TRIES);
  const report = await runFirstTaps(root, CHROMIUM, (message) => console.error(message), tries);
  console.log(renderFirstTapsReport(report));
  if (report.status !== "ok") return 1;
  return report.controls.every(
    (control) => control.lost <= LOST_TAPS_BUDGET && (control.inpMs === null || control.inpMs < INP_BUDGET_MS),
  )
    ? 0
    : 1;
}

runBenchScript(main);
