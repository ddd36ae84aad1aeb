import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per data set that changes together (funds, blog); `version` is bumped by the data set's
 * trigger on every write, so an instance can tell whether its in-memory copy is current
 * (db/versioned-snapshot.ts).
 */
export const dataVersions = pgTable("data_versions", {
  name: text("name").primaryKey(),
  version: integer("version").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
