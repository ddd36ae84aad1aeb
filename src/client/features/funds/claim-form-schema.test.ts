import { describe, expect, it } from "vitest";
import { CLAIM_TEXTS } from "../../../shared/fund-claim-texts.js";
import { fundClaimRequestSchema } from "../../../shared/schemas/fund-claims.js";
import { claimFormSchema } from "./claim-form-schema.js";

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe("the claim form against the server's contract", () => {
  it.each([
    ["ana@fund.com", ""],
    ["  ana@fund.com ", "Partner."],
    ["ana@münchen-fund.de", ""],
  ])("takes %s as the server does", (email, note) => {
    expect(claimFormSchema.safeParse({ email, note }).success).toBe(true);
    expect(fundClaimRequestSchema.safeParse({ email, note }).success).toBe(true);
  });

  it.each([
    "",
    "   ",
    "ana",
    "ana@",
    "@fund.com",
    "ana@fund",
    "ana@evil.example?.fund.com",
    "ana@evil.example,.fund.com",
  ])("refuses %j with the server's message", (email) => {
    expect(messages(claimFormSchema.safeParse({ email, note: "" }))).toContain(CLAIM_TEXTS.emailRequired);
    expect(messages(fundClaimRequestSchema.safeParse({ email, note: "" }))).toContain(CLAIM_TEXTS.emailRequired);
  });

  it("refuses a long note with the server's message", () => {
    const note = "x".repeat(1001);
    expect(messages(claimFormSchema.safeParse({ email: "ana@fund.com", note }))).toEqual([CLAIM_TEXTS.noteTooLong]);
    expect(messages(fundClaimRequestSchema.safeParse({ email: "ana@fund.com", note }))).toEqual([
      CLAIM_TEXTS.noteTooLong,
    ]);
  });

  it("stores the server's address in punycode", () => {
    expect(fundClaimRequestSchema.parse({ email: "Ana@MÜNCHEN-fund.de" }).email).toBe("Ana@xn--mnchen-fund-thb.de");
  });
});
