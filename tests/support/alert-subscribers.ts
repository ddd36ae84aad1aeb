import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.js";
import { funds, savedSearches, users } from "../../src/server/db/schema/index.js";
import { importFundsFile } from "../../src/server/funds/import/service.js";
import { type FundFixture, fundsCsv } from "./funds.js";

const DAY = 24 * 60 * 60_000;
const ROWS_PER_INSERT = 500;

/** The searches subscribers save: a few filters many of them share, as real ones do. */
export const ALERT_SEARCHES: ReadonlyArray<Record<string, unknown>> = [
  { fundingStage: "seed", industryFocus: ["fintech"] },
  { fundingStage: "pre_seed", industryFocus: ["ai_ml"] },
  { fundingStage: "series_a", industryFocus: ["climate_sustainability"] },
  { fundingStages: ["seed", "series_a"], industryFocus: ["digital_health"] },
  { industryFocus: ["cybersecurity"], country: "Germany" },
  { fundingStage: "seed", query: "alert" },
];

/** A new fund each search above finds (one per search, by its filters). */
const NEW_FUNDS: FundFixture[] = [
  { name: "Alert Seed Fintech", funding_stages: "seed", industry_focus: "fintech" },
  { name: "Alert Pre-seed AI", funding_stages: "pre_seed", industry_focus: "ai_ml" },
  { name: "Alert Series A Climate", funding_stages: "series_a", industry_focus: "climate_sustainability" },
  { name: "Alert Seed Health", funding_stages: "seed", industry_focus: "digital_health" },
  { name: "Alert Cyber Berlin", funding_stages: "seed", industry_focus: "cybersecurity", country: "Germany" },
];

/**
 * The alerts' load: `subscribers` active subscribers with `searchesEach` saved searches (alerts on)
 * saved yesterday, the funds already stored backdated to the day before, then, since the searches
 * were saved, `newFundsEach` rounds of new funds each search matches plus fact changes on
 * `changedFunds` stored funds (through the import's update, as production data changes). All rows
 * in bulk statements. Returns the new subscribers' e-mail addresses.
 */
export async function seedAlertScenario(
  db: Db,
  options: { subscribers: number; searchesEach?: number; newFundsEach?: number; changedFunds?: number },
): Promise<string[]> {
  const searchesEach = options.searchesEach ?? 2;
  const now = Date.now();
  await db.update(funds).set({ createdAt: new Date(now - 2 * DAY) });

  const emails = Array.from({ length: options.subscribers }, (_, index) => `alert-subscriber-${index}@example.com`);
  const ids: number[] = [];
  for (let start = 0; start < emails.length; start += ROWS_PER_INSERT) {
    const rows = await db
      .insert(users)
      .values(
        emails.slice(start, start + ROWS_PER_INSERT).map((email, offset) => ({
          email,
          displayName: `Subscriber ${start + offset}`,
          subscriptionStatus: "active",
          subscriptionType: (start + offset) % 3 === 0 ? "lifetime" : "monthly",
        })),
      )
      .returning({ id: users.id });
    ids.push(...rows.map((row) => row.id));
  }
  const searches = ids.flatMap((userId, index) =>
    Array.from({ length: searchesEach }, (_, nth) => {
      const search = ALERT_SEARCHES[(index + nth) % ALERT_SEARCHES.length] as Record<string, unknown>;
      return { userId, name: `Search ${nth + 1}`, search, alerts: true, createdAt: new Date(now - DAY) };
    }),
  );
  for (let start = 0; start < searches.length; start += ROWS_PER_INSERT) {
    await db.insert(savedSearches).values(searches.slice(start, start + ROWS_PER_INSERT));
  }

  const rounds = options.newFundsEach ?? 1;
  const added = Array.from({ length: rounds }, (_, round) =>
    NEW_FUNDS.map((fund) => ({ ...fund, name: rounds === 1 ? fund.name : `${fund.name} ${round + 1}` })),
  ).flat();
  await importOrThrow(db, added, "allow_duplicates");

  const changed = options.changedFunds ?? 0;
  if (changed > 0) {
    // Stored funds restated with a new size: the import's update records what changed.
    const stored = await db
      .select({
        name: funds.name,
        country: funds.country,
        stages: funds.fundingStages,
        industries: funds.industryFocus,
      })
      .from(funds)
      .where(sql`${funds.createdAt} < ${new Date(now - DAY).toISOString()}::timestamptz`)
      .orderBy(funds.id)
      .limit(changed);
    await importOrThrow(
      db,
      stored.map((fund, index) => ({
        name: fund.name,
        country: fund.country,
        funding_stages: fund.stages.join(";"),
        industry_focus: fund.industries.join(";"),
        fund_size: String(50_000_000 + index * 1_000_000),
        currency: "USD",
      })),
      "update_duplicates",
    );
  }
  return emails;
}

async function importOrThrow(
  db: Db,
  rows: readonly FundFixture[],
  mode: "allow_duplicates" | "update_duplicates",
): Promise<void> {
  if (rows.length === 0) return;
  const result = await importFundsFile(db, Buffer.from(fundsCsv(rows)), "csv", { mode });
  if (result.failedImports > 0) throw new Error(`fixture rows rejected: ${JSON.stringify(result.errors)}`);
}
