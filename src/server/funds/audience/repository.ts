import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { fundMonthlyCounts } from "../../db/schema/fund-monthly-counts.js";
import type { FundMonthlyCountRow } from "../../db/types.js";

/**
 * The funds domain's audience counts own `fund_monthly_counts` (issue 24): the only place they are
 * written or read. A row is counts only; nothing in it says who.
 */

/** What one flush adds to a fund's month (`month` is the month's first day, YYYY-MM-DD). */
export type CountIncrement = { fundId: number; month: string; pageViews: number; saves: number; shortlists: number };

/**
 * Adds the increments in one statement: a fund's month is created at its first count and added to
 * after. A fund deleted since the count was taken is skipped (the join), never a failed batch.
 */
export async function addCounts(db: Db, increments: readonly CountIncrement[]): Promise<void> {
  if (increments.length === 0) return;
  const values = sql.join(
    increments.map(
      (row) =>
        sql`(${row.fundId}::integer, ${row.month}::date, ${row.pageViews}::integer, ${row.saves}::integer, ${row.shortlists}::integer)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    insert into fund_monthly_counts (fund_id, month, page_views, saves, shortlists)
    select v.fund_id, v.month, v.page_views, v.saves, v.shortlists
    from (values ${values}) as v(fund_id, month, page_views, saves, shortlists)
    join funds on funds.id = v.fund_id
    on conflict (fund_id, month) do update set
      page_views = fund_monthly_counts.page_views + excluded.page_views,
      saves = fund_monthly_counts.saves + excluded.saves,
      shortlists = fund_monthly_counts.shortlists + excluded.shortlists`);
}

/** A fund's months from `fromMonth` (a first day) on, newest first. */
export function monthlyCounts(db: Db, fundId: number, fromMonth: string): Promise<FundMonthlyCountRow[]> {
  return db
    .select()
    .from(fundMonthlyCounts)
    .where(and(eq(fundMonthlyCounts.fundId, fundId), gte(fundMonthlyCounts.month, fromMonth)))
    .orderBy(desc(fundMonthlyCounts.month));
}
