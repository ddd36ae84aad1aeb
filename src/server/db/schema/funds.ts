import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { importRuns } from "./import-runs.js";

export const funds = pgTable(
  "funds",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Latest flagship fund in `currency` units; null = undisclosed. Never assets under management. */
    fundSize: doublePrecision("fund_size"),
    currency: text("currency"),
    /** The firm's assets under management in `aumCurrency` units, kept apart from the fund size. */
    aum: doublePrecision("aum"),
    aumCurrency: text("aum_currency"),
    country: text("country").notNull(),
    countryCode: text("country_code"),
    city: text("city"),
    /** Earliest first; empty when not disclosed (such a fund matches only searches without a stage filter). */
    fundingStages: text("funding_stages").array().notNull(),
    industryFocus: text("industry_focus").array().notNull(),
    fundManager: text("fund_manager"),
    linkedin: text("linkedin"),
    website: text("website"),
    checkSizeMinUsd: bigint("check_size_min_usd", { mode: "number" }),
    checkSizeMaxUsd: bigint("check_size_max_usd", { mode: "number" }),
    leadsRounds: boolean("leads_rounds"),
    /** True when the fund states it invests across sectors; null = not stated. */
    sectorAgnostic: boolean("sector_agnostic"),
    /** Notable portfolio companies' names (premium); empty = none known. */
    portfolio: text("portfolio").array().notNull().default(sql`'{}'::text[]`),
    foundedYear: smallint("founded_year"),
    description: text("description"),
    /** Where the row came from: 'curated' for the shipped set, else the imported file's name. */
    source: text("source").notNull().default("import"),
    /** The admin import that wrote the row last (its history entry); null for the seed and edits before. */
    importId: integer("import_id").references(() => importRuns.id, { onDelete: "set null" }),
    lastReviewed: date("last_reviewed", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    // Duplicate detection of the import matches on name plus country, case-insensitively.
    index("funds_name_country_idx").on(sql`lower(${table.name})`, sql`lower(${table.country})`),
    index("funds_import_id_idx").on(table.importId),
  ],
);

export type FundRow = typeof funds.$inferSelect;
export type NewFundRow = typeof funds.$inferInsert;
