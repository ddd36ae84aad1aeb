import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { type Database, openDatabase } from "../../src/server/db/client.js";
import { seedFundsIfPristine } from "../../src/server/funds/import/seed.js";
import { countFunds } from "../../src/server/funds/repository.js";

export type PreparedDataSet = { funds: number; ms: number };

export type DataSetTarget = { dataDir: string; databaseUrl?: string };

/**
 * Fills a fresh database with `total` funds before the server starts: the migrations and the
 * shipped seed exactly as the server would apply them, then generated copies of the seed made in
 * SQL, so that 100,000 rows take seconds rather than a 100,000-row import.
 */
export async function prepareGeneratedDataSet(target: DataSetTarget, total: number): Promise<PreparedDataSet> {
  const started = performance.now();
  const database = await openDatabase({
    url: target.databaseUrl,
    // The same place the server opens its PGlite: DATA_DIR/pglite (see buildApp).
    dataDir: path.join(target.dataDir, "pglite"),
    logger: pino({ level: "silent" }),
  });
  try {
    await database.migrate();
    await seedFundsIfPristine(database.db, pino({ level: "silent" }));
    await multiplyFunds(database, total);
    return { funds: await countFunds(database.db), ms: performance.now() - started };
  } finally {
    await database.close();
  }
}

/**
 * Copies the seeded funds until the table holds `total` rows, in one INSERT … SELECT. Each copy
 * keeps the fund's own profile but gets a numbered name, the location of another seeded fund (so
 * countries rotate with their real-world weights), every third copy that fund's stages, and its
 * industries rotated by the copy number (so the primary focus, which the ranking weighs, varies).
 * The funds trigger fires once for the statement, like a bulk import.
 */
async function multiplyFunds(database: Database, total: number): Promise<void> {
  const seeded = await countFunds(database.db);
  if (seeded === 0) throw new Error("the shipped seed imported no funds; nothing to multiply");
  const missing = total - seeded;
  if (missing <= 0) return;
  const copies = Math.ceil(missing / seeded);
  await database.db.execute(sql`
    WITH seed AS (
      SELECT f.*, (row_number() OVER (ORDER BY f.id) - 1)::int AS i, (count(*) OVER ())::int AS total
      FROM funds f
    ), copies AS (
      SELECT s.*, g.n FROM seed s CROSS JOIN generate_series(1, ${copies}::int) AS g(n)
    ), rotated AS (
      SELECT c.*, c.n % greatest(cardinality(c.industry_focus), 1) AS shift FROM copies c
    )
    INSERT INTO funds (
      name, fund_size, currency, country, country_code, city, funding_stages, industry_focus,
      fund_manager, linkedin, website, check_size_min_usd, check_size_max_usd, leads_rounds,
      founded_year, description, source, last_reviewed
    )
    SELECT
      r.name || ' ' || r.n, r.fund_size, r.currency, d.country, d.country_code, d.city,
      CASE WHEN r.n % 3 = 0 THEN d.funding_stages ELSE r.funding_stages END,
      r.industry_focus[r.shift + 1:] || r.industry_focus[:r.shift],
      r.fund_manager, r.linkedin, r.website, r.check_size_min_usd, r.check_size_max_usd, r.leads_rounds,
      r.founded_year, r.description, 'bench', r.last_reviewed
    FROM rotated r
    JOIN seed d ON d.i = (r.i * 31 + r.n * 7) % r.total
    ORDER BY r.n, r.i
    LIMIT ${missing}::int
  `);
}
