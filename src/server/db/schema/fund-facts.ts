import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { FACT_FIELDS, FACT_ORIGINS, MONEY_FACT_KINDS } from "../../../shared/fund-facts.js";
import { funds } from "./funds.js";

/**
 * Where a fund's fact came from and when: one row per fund and field (the field's API name,
 * FACT_FIELDS in src/shared/fund-facts.ts). A fact without a row is undated: it came with the fund's
 * record (its `source`). `value` and `currency` keep the fact as its source stated it (a cheque range
 * in euros, a portfolio as names joined by ';'); the fund's columns hold what search compares.
 */
export const fundFacts = pgTable(
  "fund_facts",
  {
    id: serial("id").primaryKey(),
    fundId: integer("fund_id")
      .notNull()
      .references(() => funds.id, { onDelete: "cascade" }),
    field: text("field").notNull(),
    value: text("value"),
    currency: text("currency"),
    /** Money: final_close, first_close, target, aum, typical or stated; anything else: stated. */
    kind: text("kind").notNull(),
    sourceName: text("source_name").notNull(),
    /** http(s) only; null when the source has no address (an admin's edit, a file). */
    sourceUrl: text("source_url"),
    /** YYYY, YYYY-MM or YYYY-MM-DD; null when the source gives no date. */
    asOf: text("as_of"),
    /**
     * The day the source was read (YYYY-MM-DD): the fact's date where the source gives none ("source
     * read 7 Dec 2026"). Null for a fact without a source address (an admin's or a team's word).
     */
    retrievedOn: date("retrieved_on", { mode: "string" }),
    /**
     * Who recorded it: 'source' (the shipped data or an import, naming its source), 'admin' (an admin's
     * edit) or 'fund_team' (a member of the fund's team, through its editor). An import in update mode
     * never replaces a 'fund_team' fact recorded after the import's own fact date.
     */
    origin: text("origin", { enum: FACT_ORIGINS }).notNull().default("source"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  // The unique index also serves the fund's lookups and the foreign key's cascade (fund_id first).
  (table) => [
    uniqueIndex("fund_facts_fund_field_idx").on(table.fundId, table.field),
    // The rules hold for writes by hand too (the API sends these rows as they are): a known field and
    // kind, an http(s) address, a date in one of the three forms.
    check("fund_facts_field_known", sql.raw(`field in (${FACT_FIELDS.map((field) => `'${field}'`).join(", ")})`)),
    check("fund_facts_origin_known", sql.raw(`origin in (${FACT_ORIGINS.map((origin) => `'${origin}'`).join(", ")})`)),
    check("fund_facts_kind_known", sql.raw(`kind in (${MONEY_FACT_KINDS.map((kind) => `'${kind}'`).join(", ")})`)),
    check("fund_facts_source_url_http", sql`${table.sourceUrl} is null or ${table.sourceUrl} ~* '^https?://'`),
    check(
      "fund_facts_as_of_form",
      sql`${table.asOf} is null or ${table.asOf} ~ '^[0-9]{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$'`,
    ),
  ],
);

export type FundFactRow = typeof fundFacts.$inferSelect;
