import { describe, expect, it } from "vitest";
import type { FundFactRow } from "../db/types.js";
import { updatedByFundTeam } from "./fund-team-view.js";

const fact = (origin: FundFactRow["origin"], updatedAt: string): FundFactRow => ({
  id: 1,
  fundId: 1,
  field: "description",
  value: "x",
  currency: null,
  kind: "stated",
  sourceName: "s",
  sourceUrl: null,
  asOf: null,
  origin,
  updatedAt: new Date(updatedAt),
});

describe("the fund team's mark", () => {
  it("is the month of the team's latest fact, ignoring the others", () => {
    expect(
      updatedByFundTeam([
        fact("fund_team", "2026-09-03T10:00:00Z"),
        fact("admin", "2026-12-01T10:00:00Z"),
        fact("fund_team", "2026-11-20T10:00:00Z"),
      ]),
    ).toBe("2026-11");
  });

  it("is absent when the team recorded nothing", () => {
    expect(updatedByFundTeam([fact("source", "2026-11-20T10:00:00Z")])).toBeNull();
    expect(updatedByFundTeam([])).toBeNull();
  });
});
