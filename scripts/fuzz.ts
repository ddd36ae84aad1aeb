// `npm run fuzz`: every registered route, fuzzed with 50,000 generated requests (FUZZ_RUNS) as
// visitor, member and admin, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL too. Prints the
// status counts and every 5xx; exits 1 on a 5xx, an unhealthy server or changed data.
import { isDeepStrictEqual } from "node:util";
import { TEST_DRIVERS } from "../tests/support/database.js";
import { isHealthy, prepareFuzzTarget, runFuzz, sampleRequests, storedState } from "../tests/support/fuzz-routes.js";

const runs = Number(process.env.FUZZ_RUNS ?? 50_000);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error("FUZZ_RUNS must be a positive whole number and FUZZ_SEED a whole number.");
  process.exit(2);
}

let failed = false;
for (const driver of TEST_DRIVERS) {
  const target = await prepareFuzzTarget(driver);
  try {
    const before = await storedState(target);
    const started = performance.now();
    const report = await runFuzz(target, sampleRequests(target.routes, runs, seed));
    const seconds = (performance.now() - started) / 1000;
    const healthy = await isHealthy(target);
    const unchanged = isDeepStrictEqual(await storedState(target), before);
    console.log(
      `\n${driver}: ${runs} requests over ${target.routes.length} routes in ${seconds.toFixed(1)} s (seed ${seed})`,
    );
    console.table([...report.counts.entries()].sort(([a], [b]) => a - b).map(([status, count]) => ({ status, count })));
    for (const error of report.serverErrors) console.error("5xx:", JSON.stringify(error));
    console.log(`healthy after: ${healthy ? "yes" : "NO"}; stored data unchanged: ${unchanged ? "yes" : "NO"}`);
    if (report.serverErrors.length > 0 || !healthy || !unchanged) failed = true;
  } finally {
    await target.t.close();
  }
}
console.log(failed ? `\nFUZZ FAILED (replay with FUZZ_SEED=${seed})` : "\nno 5xx, healthy, nothing changed");
process.exit(failed ? 1 : 0);
