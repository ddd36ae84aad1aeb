import { describe, expect, it } from "vitest";
import { factChangeText } from "../mail/templates/saved-search-alert.js";
import { factChangeLines, type RecordedChange } from "./alert-news.js";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 8, minute));
const change = (field: string, before: string | null, after: string | null, minute = 0, currency = "USD") =>
  ({
    fundId: 1,
    field,
    valueBefore: before,
    currencyBefore: before === null ? null : currency,
    valueAfter: after,
    currencyAfter: after === null ? null : currency,
    recordedAt: at(minute),
  }) satisfies RecordedChange;

describe("what changed, as the alert tells it", () => {
  it("folds a fact's changes in the window into its first before and last after", () => {
    const lines = factChangeLines(
      [change("fundSize", "100000000", "120000000", 1), change("fundSize", "120000000", "150000000", 2)],
      true,
    );
    expect(lines.map(factChangeText)).toEqual(["Fund size: $100M → $150M"]);
  });

  it("drops a fact changed and changed back, and facts it does not know", () => {
    expect(
      factChangeLines(
        [
          change("website", "https://a.example", "https://b.example", 1),
          change("website", "https://b.example", "https://a.example", 2),
          change("colour", null, "red"),
        ],
        true,
      ),
    ).toEqual([]);
  });

  it("says what a value became from nothing, and what is no longer stated, in the fund page's order", () => {
    const lines = factChangeLines(
      [
        change("leadsRounds", "true", null),
        change("fundingStages", "seed", "pre_seed;seed", 1),
        change("industryFocus", null, "fintech;ai_ml", 2),
        change("fundSize", "50000000", "80000000", 3, "EUR"),
      ],
      true,
    );
    expect(lines.map(factChangeText)).toEqual([
      "Fund size: €50M → €80M",
      "Leads rounds: Yes → no longer stated",
      "Stages: Seed → Pre Seed, Seed",
      "Industries: now Fintech, AI & Machine Learning",
    ]);
  });

  it("withholds a premium fact's values from a reader who does not see premium fields", () => {
    const lines = factChangeLines(
      [change("checkSizeMaxUsd", "1000000", "2000000"), change("fundSize", null, "1000")],
      false,
    );
    expect(lines).toEqual([
      { label: "Fund size", before: null, after: "$1K", withheld: false },
      { label: "Largest cheque", before: null, after: null, withheld: true },
    ]);
    expect(factChangeText(lines[1] as (typeof lines)[number])).toBe(
      "Largest cheque: updated (the value is shown to active subscribers)",
    );
  });
});
