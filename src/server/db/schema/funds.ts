import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { FUND_STATUSES } from "../../../shared/fund-facts.js";
import { INVESTING_STATUSES, PITCH_ROUTES } from "../../../shared/fund-team.js";
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
    /** The current vehicle's name as the fund's team gives it ("Fund IV"); null = not stated. */
    vehicleName: text("vehicle_name"),
    /** 'active' or 'paused' as the fund's team states it; null = not stated (never assumed either way). */
    investingStatus: text("investing_status", { enum: INVESTING_STATUSES }),
    /**
     * Whether the firm still invests as a source reports it (winding_down, not_raising, paused), with
     * its source and date in fund_facts ('status'); null = no source says so. Apart from the team's own
     * `investingStatus`.
     */
    status: text("status", { enum: FUND_STATUSES }),
    /** When a paused fund expects to invest again, if its team says; only with 'paused'. */
    pausedUntil: date("paused_until", { mode: "string" }),
    /** How the fund wants to be pitched: its own form (URL), an e-mail address at its domain, or warm introductions only. */
    pitchRoute: text("pitch_route", { enum: PITCH_ROUTES }),
    /** The form's URL or the e-mail address for `pitchRoute` 'form' / 'email'; null for 'warm_intro' and 'fundmatch'. */
    pitchTarget: text("pitch_target"),
    /** Portfolio companies' web addresses, keyed by the company's name in `portfolio` (premium, optional). */
    portfolioLinks: jsonb("portfolio_links").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    description: text("description"),
    /**
     * Where the row came from: 'curated' for the shipped set, else the source the admin named when
     * importing it (its publication's host), or 'FundMatch admin' when none was named. Never the file's
     * name: that is in the import's history, for admins only.
     */
    source: text("source").notNull().default("import"),
    /** The admin import that wrote the row last (its history entry); null for the seed and edits before. */
    importId: integer("import_id").references(() => importRuns.id, { onDelete: "set null" }),
    /**
     * The day a person last reviewed the fund: an admin's review or edit, its team's save, or an
     * import that changed its facts (issue 36). Null until then: the seed never reviews.
     */
    lastReviewed: date("last_reviewed", { mode: "string" }),
    /**
     * The day the curated list stated this fund's record (funds.csv's `last_reviewed`), the date of a
     * curated fact that has no public source yet; null for a fund that did not come from the list.
     */
    curatedOn: date("curated_on", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "funds_paused_until_only_when_paused",
      sql`${table.pausedUntil} is null or ${table.investingStatus} = 'paused'`,
    ),
    check("funds_status_known", sql.raw(`status in (${FUND_STATUSES.map((status) => `'${status}'`).join(", ")})`)),
    check(
      "funds_pitch_target_matches_route",
      sql`(${table.pitchRoute} is null and ${table.pitchTarget} is null) or (${table.pitchRoute} in ('warm_intro', 'fundmatch') and ${table.pitchTarget} is null) or (${table.pitchRoute} in ('form', 'email') and ${table.pitchTarget} is not null)`,
    ),
    // Duplicate detection of the import matches on name plus country, case-insensitively.
    index("funds_name_country_idx").on(sql`lower(${table.name})`, sql`lower(${table.country})`),
    index("funds_import_id_idx").on(table.importId),
  ],
);

export type FundRow = typeof funds.$inferSelect;
export type NewFundRow = typeof funds.$inferInsert;
