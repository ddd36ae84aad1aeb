import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { STARTUP_DESCRIPTION_MAX } from "../../../shared/schemas/match.js";
import { users } from "./users.js";

/**
 * A signed-in user's one startup profile (issue 22): what the match and the pipeline's round progress
 * read. One row per user, gone with the user. Every field may be empty: PUT replaces the whole
 * profile, and an absent field is stored as null (sectors as an empty list).
 */
export const startupProfiles = pgTable(
  "startup_profiles",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    stage: text("stage"),
    sectors: text("sectors").array().notNull().default(sql`'{}'::text[]`),
    country: text("country"),
    raiseAmountUsd: doublePrecision("raise_amount_usd"),
    needsLead: boolean("needs_lead"),
    description: text("description"),
    roundTargetUsd: doublePrecision("round_target_usd"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "startup_profiles_description_length_check",
      sql`char_length(${table.description}) <= ${sql.raw(String(STARTUP_DESCRIPTION_MAX))}`,
    ),
  ],
);
