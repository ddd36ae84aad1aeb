import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "../../src/server/paths.js";
import { TEST_DRIVERS } from "../support/database.js";

/** The last migration before the one history (issue 36). */
const BEFORE = 28;

/** A copy of the migrations folder that stops at `last`, as a database deployed then had it. */
function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fundmatch-migrations-"));
  mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  for (const file of readdirSync(MIGRATIONS_DIR)) {
    if (journal.entries.some((entry) => file === `${entry.tag}.sql`)) {
      copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
    }
  }
  return dir;
}

type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

/**
 * The data migration of the one history (0030_one_fact_history_data.sql) on a database with the old
 * records: the fund team's changes stay, the other writers' revisions move in with their writer
 * (an import's run, else an admin), the editor's duplicate revision is not moved twice, the file
 * names shown as sources become the admin's word, and fund_fact_revisions is gone.
 */
describe.each(TEST_DRIVERS)("moving the old fact records into the one history on %s", (driver) => {
  let query: Query;
  let migrateAll: () => Promise<void>;
  let close: () => Promise<void>;
  const folder = migrationsUpTo(BEFORE);

  beforeAll(async () => {
    if (driver === "pglite") {
      const client = new PGlite();
      const db = drizzlePglite(client);
      await migratePglite(db, { migrationsFolder: folder });
      query = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
      migrateAll = () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
      close = () => client.close();
    } else {
      const adminUrl = process.env.TEST_DATABASE_URL as string;
      const name = `fundmatch_history_migration_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
      const db = drizzlePg(pool);
      await migratePg(db, { migrationsFolder: folder });
      query = async (text) => (await pool.query(text)).rows;
      migrateAll = () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
      close = async () => {
        await pool.end();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
        await cleanup.end();
      };
    }
    await query(
      `insert into users (email, display_name) values ('admin@x.example', 'Admin'), ('mia@x.example', 'Mia')`,
    );
    await query(
      `insert into funds (name, country, funding_stages, industry_focus, source, fund_size, currency) values ('Old Fund', 'Spain', '{seed,series_a}', '{fintech}', 'walk-update.csv', 200000000, 'EUR')`,
    );
    await query(
      `insert into import_runs (file_name, mode, status, admin_id, admin_email, started_at) values ('walk-update.csv', 'update_duplicates', 'completed', 1, 'admin@x.example', '2026-12-01 10:00:00+00')`,
    );
    await query(
      `insert into fund_facts (fund_id, field, value, currency, kind, source_name, as_of) values (1, 'fundSize', '200000000', 'EUR', 'stated', 'walk-update.csv', '2026-12-01')`,
    );
    // The import's revision, written in its run's transaction (the same now()).
    await query(
      `insert into fund_fact_revisions (fund_id, field, value_before, currency_before, value_after, currency_after, recorded_at) values (1, 'fundSize', '100000000', 'USD', '200000000', 'EUR', '2026-12-01 10:00:00+00')`,
    );
    // An admin's edit.
    await query(
      `insert into fund_fact_revisions (fund_id, field, value_before, value_after, recorded_at) values (1, 'fundingStages', 'seed', 'seed;series_a', '2026-12-02 10:00:00+00')`,
    );
    // The fund team's change, which the editor wrote to both records.
    await query(
      `insert into fund_fact_changes (fund_id, user_id, author_email, field, before, after, changed_at) values (1, 2, 'mia@x.example', 'leadsRounds', '{"value": null, "fact": null}', '{"value": true, "fact": null}', '2026-12-03 10:00:00+00')`,
    );
    await query(
      `insert into fund_fact_revisions (fund_id, field, value_before, value_after, recorded_at) values (1, 'leadsRounds', null, 'true', '2026-12-03 10:00:00+00')`,
    );
    await migrateAll();
  });
  afterAll(async () => {
    await close?.();
    rmSync(folder, { recursive: true, force: true });
  });

  it("keeps every change once, with its writer, and the values in the history's shape", async () => {
    const rows = await query(
      `select writer, user_id, author_email, import_id, batch_id is not null as batched, field, before, after from fund_fact_changes order by changed_at`,
    );
    expect(rows).toEqual([
      {
        writer: "import",
        user_id: 1,
        author_email: "admin@x.example",
        import_id: 1,
        batched: true,
        field: "fundSize",
        before: { value: { amount: 100_000_000, currency: "USD", closeDate: null }, fact: null, legacy: true },
        after: { value: { amount: 200_000_000, currency: "EUR", closeDate: null }, fact: null, legacy: true },
      },
      {
        writer: "admin",
        user_id: null,
        author_email: null,
        import_id: null,
        batched: true,
        field: "fundingStages",
        before: { value: ["seed"], fact: null, legacy: true },
        after: { value: ["seed", "series_a"], fact: null, legacy: true },
      },
      {
        writer: "fund_team",
        user_id: 2,
        author_email: "mia@x.example",
        import_id: null,
        batched: true,
        field: "leadsRounds",
        before: { value: null, fact: null },
        after: { value: true, fact: null },
      },
    ]);
  });

  it("stops naming a file as a source, and drops the old record", async () => {
    expect(await query("select source from funds")).toEqual([{ source: "FundMatch admin" }]);
    expect(await query("select source_name, origin from fund_facts")).toEqual([
      { source_name: "FundMatch admin", origin: "admin" },
    ]);
    expect(await query("select to_regclass('fund_fact_revisions')::text as old")).toEqual([{ old: null }]);
  });
});
