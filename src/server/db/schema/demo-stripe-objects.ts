import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Demo mode's payment provider keeps its customers, sessions and subscriptions here. */
export const demoStripeObjects = pgTable(
  "demo_stripe_objects",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    data: jsonb("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("demo_stripe_objects_type_idx").on(table.type)],
);
