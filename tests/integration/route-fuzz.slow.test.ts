import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DRIVERS } from "../support/database.js";
import {
  type FuzzTarget,
  isHealthy,
  prepareFuzzTarget,
  runFuzz,
  sampleRequests,
  storedState,
} from "../support/fuzz-routes.js";

/**
 * 3,000 requests per database in every run of `npm run test:slow` (at least 2,000 are asked for; CI runs
 * it after `npm test`, docs/testing.md); `npm run fuzz` sends 50,000.
 */
const RUNS = 3_000;
/** A new seed each run widens the search over time; a failure prints it, and FUZZ_SEED replays it. */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

describe.each(TEST_DRIVERS)("every route, fuzzed, on %s", (driver) => {
  let target: FuzzTarget;
  beforeAll(async () => {
    target = await prepareFuzzTarget(driver);
  });
  afterAll(async () => target?.t.close());

  it(`answers ${RUNS} generated requests without a 5xx and changes nothing (seed ${SEED})`, async () => {
    expect(target.routes.length).toBeGreaterThan(20);
    const before = await storedState(target);
    const report = await runFuzz(target, sampleRequests(target.routes, RUNS, SEED));
    const total = [...report.counts.values()].reduce((sum, count) => sum + count, 0);
    expect(total).toBe(RUNS);
    expect(report.serverErrors, `seed ${SEED}: ${JSON.stringify(report.serverErrors.slice(0, 5), null, 2)}`).toEqual(
      [],
    );
    // The guards and validation must have been reached, not only 404s.
    expect(report.counts.get(400) ?? 0).toBeGreaterThan(RUNS / 10);
    expect((report.counts.get(401) ?? 0) + (report.counts.get(403) ?? 0)).toBeGreaterThan(0);
    expect(await isHealthy(target)).toBe(true);
    expect(await storedState(target)).toEqual(before);
  }, 300_000);
});
