import { describe, expect, it } from "vitest";
import type { FundFactRow, FundRow } from "../db/types.js";
import { fundTeamPremiumView, updatedByFundTeam } from "./fund-team-view.js";

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
  retrievedOn: null,
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

describe("the pitch route a subscriber sees", () => {
  const row = (pitchRoute: FundRow["pitchRoute"], pitchTarget: string | null, website = "https://www.alpha.example") =>
    ({ pitchRoute, pitchTarget, website }) as FundRow;

  it("is the stored route with its address at the fund's domain", () => {
    expect(fundTeamPremiumView(row("email", "pitch@deals.alpha.example"))).toEqual({
      pitchRoute: "email",
      pitchTarget: "pitch@deals.alpha.example",
    });
    expect(fundTeamPremiumView(row("warm_intro", null))).toEqual({ pitchRoute: "warm_intro", pitchTarget: null });
    expect(fundTeamPremiumView(row(null, null))).toEqual({ pitchRoute: null, pitchTarget: null });
  });

  it("is none for a stored address that is not one at the fund's domain", () => {
    for (const target of ["ana@evil.example?.alpha.example", "ana@evil.example,.alpha.example", "pitch@gmail.com"]) {
      expect(fundTeamPremiumView(row("email", target)), target).toEqual({ pitchRoute: null, pitchTarget: null });
    }
    expect(fundTeamPremiumView(row("email", "pitch@alpha.example", ""))).toEqual({
      pitchRoute: null,
      pitchTarget: null,
    });
  });
});
