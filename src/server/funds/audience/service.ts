import { AUDIENCE_MONTHS } from "../../../shared/fund-signals.js";
import type { AudienceMonth } from "../../../shared/schemas/fund-audience.js";
import type { Db } from "../../db/client.js";
import type { AudienceRecorder } from "./recorder.js";
import { monthlyCounts } from "./repository.js";

/** The one check every fund-team call makes (the investors domain's), as this service needs it. */
export type FundTeamCheck = { assertCanEditFund(userId: number, fundId: number): Promise<void> };

/** The last `count` months (YYYY-MM, UTC), this month first. */
export function lastMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let back = 0; back < count; back++) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(date.toISOString().slice(0, 7));
  }
  return months;
}

/** What a fund's team sees of founders' interest (issue 24): counts per month, nothing about anyone. */
export class FundAudienceService {
  constructor(
    private readonly db: Db,
    readonly recorder: AudienceRecorder,
    private readonly teams: FundTeamCheck,
  ) {}

  /**
   * The fund's last AUDIENCE_MONTHS months, this month first, months without a count as zeros.
   * 403 unless the account is on this fund's team. What is queued is written first, so the team
   * sees the counts as they are now.
   */
  async months(userId: number, fundId: number, now = new Date()): Promise<AudienceMonth[]> {
    await this.teams.assertCanEditFund(userId, fundId);
    await this.recorder.flush();
    const months = lastMonths(now, AUDIENCE_MONTHS);
    const rows = await monthlyCounts(this.db, fundId, `${months[months.length - 1]}-01`);
    const byMonth = new Map(rows.map((row) => [row.month.slice(0, 7), row]));
    return months.map((month) => {
      const row = byMonth.get(month);
      return { month, pageViews: row?.pageViews ?? 0, saves: row?.saves ?? 0, shortlists: row?.shortlists ?? 0 };
    });
  }
}
