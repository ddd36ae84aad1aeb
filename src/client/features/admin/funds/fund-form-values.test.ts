import { describe, expect, it } from "vitest";
import { USD_PER_UNIT } from "../../../../shared/currency-rates.js";
import { amountOfText } from "./fund-form-values.js";

describe("the admin's fund edit reads amounts with the app's one reader", () => {
  it("reads '1.5M', '250k' and grouped digits in the field's currency", () => {
    expect(amountOfText("1.5M", "USD")).toBe(1_500_000);
    expect(amountOfText("250k", "USD")).toBe(250_000);
    expect(amountOfText("2,500,000", "EUR")).toBe(2_500_000);
    expect(amountOfText("€50m", "EUR")).toBe(50_000_000);
    expect(amountOfText("", "USD")).toBeNull();
  });

  it("converts a cheque typed in another currency to US dollars, and keeps other text for the rules to refuse", () => {
    expect(amountOfText("€3m", "USD")).toBe(Math.round(3_000_000 * (USD_PER_UNIT.EUR as number)));
    // A fund size's currency is chosen beside it: a different one typed in the text is not guessed.
    expect(amountOfText("£3m", "EUR")).toBe("£3m");
    expect(amountOfText("lots", "USD")).toBe("lots");
  });
});
