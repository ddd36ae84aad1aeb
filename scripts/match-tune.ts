/**
 * `npm run match:tune`: the match's quality on the TUNING part of the outside evaluation set
 * (tests/fixtures/match-evaluation-tuning.json, issue 37), profile by profile, for whoever changes
 * the ranking. It never reads the held-out part: that one is judged by the test and the bench only,
 * so that the figures written for it are on data the rules never saw.
 *
 * Runs the real app in this process on a fresh embedded database seeded with the shipped funds,
 * and matches each profile as a subscriber (every result, every fact).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { users } from "../src/server/db/schema/index.js";
import { fundMatchResponseSchema } from "../src/shared/schemas/match.js";
import { MATCH_TUNING_FILE, matchQuality, readEvaluationSet } from "./bench/match-quality.js";

const verbose = process.argv.includes("--verbose");
const dataDir = mkdtempSync(path.join(tmpdir(), "fundmatch-match-tune-"));
const config = loadConfig({
  NODE_ENV: "test",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  SEED_ON_START: "true",
  LOG_LEVEL: "silent",
  RATE_LIMIT_PER_MINUTE: "0",
});
const app = await buildApp(config, { logger: false });
try {
  const registered = await app.inject({
    method: "POST",
    url: "/_api/auth/register_with_password",
    payload: { email: "tuner@example.com", password: "Tuner-pass-1", displayName: "Tuner" },
  });
  const cookie = `fundmatch_session=${registered.cookies.find((item) => item.name === "fundmatch_session")?.value}`;
  await app.services.database.db.update(users).set({ subscriptionStatus: "active", subscriptionType: "lifetime" });
  const set = readEvaluationSet(MATCH_TUNING_FILE);
  const ranked = new Map<string, string[]>();
  const fits = new Map<string, Map<string, number>>();
  for (const item of set) {
    const response = await app.inject({
      method: "POST",
      url: "/_api/funds/match",
      payload: { ...item.profile, limit: 40 },
      headers: { cookie },
    });
    if (response.statusCode !== 200) throw new Error(`${item.id}: ${response.statusCode} ${response.body}`);
    const results = fundMatchResponseSchema.parse(response.json()).results;
    ranked.set(
      item.id,
      results.map((fund) => fund.name),
    );
    fits.set(item.id, new Map(results.map((fund) => [fund.name, fund.fit])));
  }
  const quality = matchQuality(set, ranked);
  const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
  console.log(
    `tuning part, ${set.length} profiles: recall@10 ${pct(quality.recallAt10)} (lowest ${pct(quality.minRecallAt10)}), recall@20 ${pct(quality.recallAt20)}, precision@10 ${pct(quality.precisionAt10)}, clearly-not in a top 10: ${quality.clearlyNotInTop10}`,
  );
  for (const profile of quality.profiles) {
    if (!verbose && profile.recallAt10 >= 0.5 && profile.clearlyNotInTop10.length === 0) continue;
    const item = set.find((entry) => entry.id === profile.id);
    const top = ranked.get(profile.id) ?? [];
    const missing = (item?.clearlyFit ?? []).filter((name) => !top.slice(0, 10).includes(name));
    console.log(
      `\n${profile.id}: recall@10 ${pct(profile.recallAt10)}; not in top 10: ${missing
        .map((name) => `${name} (#${top.indexOf(name) + 1 || ">40"}, fit ${fits.get(profile.id)?.get(name) ?? "-"})`)
        .join(
          ", ",
        )}${profile.clearlyNotInTop10.length ? `; clearly-not in top 10: ${profile.clearlyNotInTop10.join(", ")}` : ""}`,
    );
    if (verbose) console.log(`  top 10: ${top.slice(0, 10).join(" · ")}`);
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
