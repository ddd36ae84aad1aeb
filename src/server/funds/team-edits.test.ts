import { describe, expect, it } from "vitest";
import { isAddressAtDomain } from "../../shared/email-address.js";
import { FUND_TEAM_SOURCE } from "../../shared/fund-facts.js";
import { fundTeamUpdatedText } from "../../shared/fund-team.js";
import { fundEditPatchSchema } from "../../shared/schemas/investor.js";
import type { FundRow } from "../db/types.js";
import { columnsOf, factValueOf, fundDomain, patchValues, sameValue, teamFactOf } from "./team-edits.js";

const row = (overrides: Partial<FundRow> = {}): FundRow =>
  ({
    id: 7,
    name: "Alpha Ventures",
    fundSize: 100_000_000,
    currency: "USD",
    portfolio: ["Acme"],
    portfolioLinks: { Acme: "https://acme.example" },
    investingStatus: null,
    pausedUntil: null,
    pitchRoute: null,
    pitchTarget: null,
    fundingStages: ["seed"],
    industryFocus: ["fintech"],
    ...overrides,
  }) as FundRow;

describe("the fund's team's facts", () => {
  it("dates a fund size with a close date as that final close, else as stated today", () => {
    const closed = teamFactOf(7, "fundSize", { amount: 5e7, currency: "EUR", closeDate: "2026-01-15" }, "2026-11-27");
    expect(closed).toMatchObject({
      value: "50000000",
      currency: "EUR",
      kind: "final_close",
      asOf: "2026-01-15",
      sourceName: FUND_TEAM_SOURCE,
      origin: "fund_team",
    });
    const stated = teamFactOf(7, "fundSize", { amount: 5e7, currency: "EUR", closeDate: null }, "2026-11-27");
    expect(stated).toMatchObject({ kind: "stated", asOf: "2026-11-27" });
    expect(teamFactOf(7, "description", null, "2026-11-27")).toMatchObject({ value: null, asOf: "2026-11-27" });
  });

  it("reads a value and writes it back to the same columns", () => {
    const fund = row();
    expect(factValueOf("portfolio", fund, [])).toEqual([{ name: "Acme", url: "https://acme.example" }]);
    expect(columnsOf("portfolio", [{ name: "Beta", url: null }])).toEqual({ portfolio: ["Beta"], portfolioLinks: {} });
    expect(factValueOf("fundSize", fund, [])).toEqual({ amount: 100_000_000, currency: "USD", closeDate: null });
    expect(columnsOf("fundSize", null)).toEqual({ fundSize: null, currency: null });
    expect(columnsOf("pitchRoute", { route: "warm_intro", target: "x" })).toEqual({
      pitchRoute: "warm_intro",
      pitchTarget: null,
    });
    expect(columnsOf("investingStatus", { status: "active", pausedUntil: "2030-01-01" })).toEqual({
      investingStatus: "active",
      pausedUntil: null,
    });
  });

  it("compares values whatever their keys' order", () => {
    expect(sameValue({ a: 1, b: [1, { c: 2, d: null }] }, { b: [1, { d: null, c: 2 }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue(null, undefined)).toBe(true);
  });

  it("takes only the facts a patch names, each whole", () => {
    const patch = fundEditPatchSchema.parse({ fundSize: 2e7, currency: "GBP", pitchRoute: "warm_intro" });
    expect([...patchValues(patch)]).toEqual([
      ["fundSize", { amount: 2e7, currency: "GBP", closeDate: null }],
      ["pitchRoute", { route: "warm_intro", target: null }],
    ]);
  });

  it("finds the fund's domain and addresses at it or its subdomains", () => {
    expect(fundDomain("https://www.alpha.example/about")).toBe("alpha.example");
    expect(fundDomain("https://www.alpha.co.uk")).toBe("alpha.co.uk");
    expect(fundDomain(null)).toBeNull();
    expect(isAddressAtDomain("pitch@alpha.example", "alpha.example")).toBe(true);
    expect(isAddressAtDomain("pitch@deals.alpha.example", "alpha.example")).toBe(true);
    expect(isAddressAtDomain("pitch@notalpha.example", "alpha.example")).toBe(false);
    expect(isAddressAtDomain("pitch@alpha.example.evil.com", "alpha.example")).toBe(false);
    expect(isAddressAtDomain("pitch@evil.example?.alpha.example", "alpha.example")).toBe(false);
  });

  it("says when the team updated a fact", () => {
    expect(fundTeamUpdatedText("2026-11-27")).toBe("Updated by the fund's team · Nov 2026");
  });
});

describe("the editor's rules", () => {
  const problem = (body: unknown) => {
    const parsed = fundEditPatchSchema.safeParse(body);
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };

  it("takes empty texts as cleared and accepts a full edit", () => {
    expect(fundEditPatchSchema.parse({ vehicleName: " ", description: "" })).toEqual({
      vehicleName: null,
      description: null,
    });
    expect(problem({ pitchRoute: "email", pitchTarget: "pitch@alpha.example" })).toBeNull();
  });

  it.each([
    [{ fundSize: 0, currency: "USD" }, "Fund size must be a positive amount."],
    [{ currency: "USD" }, "Send the currency and close date with the fund size."],
    [{ pitchRoute: "warm_intro", pitchTarget: "a@b.example" }, "The pitch route's address is not right."],
    [
      {
        portfolio: [
          { name: "A", url: null },
          { name: "a", url: null },
        ],
      },
      "Each portfolio company may be named once.",
    ],
    [
      { listing: { listed: true, name: "", role: null, linkedin: null } },
      "Your name is needed to list you on the team.",
    ],
  ])("refuses %j", (body, message) => {
    expect(problem(body)).toBe(message);
  });
});
