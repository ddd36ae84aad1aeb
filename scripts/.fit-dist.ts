import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { users } from "../src/server/db/schema/index.js";
import { MATCH_TUNING_FILE, readEvaluationSet } from "./bench/match-quality.js";

const ids = process.argv.slice(2);
const dataDir = mkdtempSync(path.join(tmpdir(), "fundmatch-dbg-"));
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
    payload: { email: "t@example.com", password: "Tuner-pass-1", displayName: "T" },
  });
  const cookie = `fundmatch_session=${registered.cookies.find((i) => i.name === "fundmatch_session")?.value}`;
  await app.services.database.db.update(users).set({ subscriptionStatus: "active", subscriptionType: "lifetime" });
  for (const item of readEvaluationSet(MATCH_TUNING_FILE)) {
    const all: any[] = [];
    for (let offset = 0; offset < 800; offset += 100) {
      const r = await app.inject({
        method: "POST",
        url: "/_api/funds/match",
        payload: { ...item.profile, limit: 100, offset },
        headers: { cookie },
      });
      const body = r.json();
      if (!body.results) {
        console.log(r.body);
        break;
      }
      all.push(...body.results);
      if (body.results.length < 100) break;
    }
    const fits = item.clearlyFit.map((name) => all.find((f) => f.name === name)?.fit ?? 0);
    const counts = [60, 65, 70, 75, 80].map((t) => all.filter((f) => f.fit >= t).length);
    console.log(`${item.id}\tfit ${fits.join(",")}\tcounts>=60,65,70,75,80: ${counts.join(",")}\ttotal ${all.length}`);
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
