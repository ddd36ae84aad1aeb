import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emailWithinLimits } from "../email-rules.js";
import { describeInput, emailSchema, idSchema, MAX_ID } from "./fields.js";

describe("describeInput", () => {
  it("never throws and never grows past the quote limit, whatever it is given", () => {
    const nasty = fc.oneof(
      fc.anything({ withNullPrototype: true, withBigInt: true, withMap: true, withSet: true }),
      fc.constantFrom<unknown>({ toString: 1 }, { valueOf: null, toString: null }, Object.create(null), [
        { toString: 1 },
      ]),
    );
    fc.assert(
      fc.property(nasty, (value) => {
        expect(describeInput(value).length).toBeLessThanOrEqual(64);
      }),
    );
  });

  it("quotes strings, numbers and booleans, and names anything else", () => {
    expect(describeInput("seed2")).toBe("'seed2'");
    expect(describeInput(3)).toBe("'3'");
    expect(describeInput("x".repeat(100))).toBe(`'${"x".repeat(60)}…'`);
    expect(describeInput({ toString: 1 })).toBe("(an object)");
    expect(describeInput([1])).toBe("(a list)");
    expect(describeInput(null)).toBe("(null)");
  });
});

describe("idSchema", () => {
  it("accepts exactly the integer column's positive range", () => {
    const id = idSchema("fundId");
    expect(id.safeParse(1).success).toBe(true);
    expect(id.safeParse(MAX_ID).success).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, 2 ** 53, Number.NaN, "1", null]) {
      expect(id.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});

describe("e-mail length limits", () => {
  it("hold for the whole address, the local part and each label", () => {
    expect(emailWithinLimits(`${"a".repeat(64)}@example.com`)).toBe(true);
    expect(emailWithinLimits(`${"a".repeat(65)}@example.com`)).toBe(false);
    expect(emailWithinLimits(`a@${"b".repeat(63)}.com`)).toBe(true);
    expect(emailWithinLimits(`a@${"b".repeat(64)}.com`)).toBe(false);
    expect(emailWithinLimits(`a@${`${"b".repeat(60)}.`.repeat(4)}com`)).toBe(true);
    expect(emailWithinLimits(`${"a".repeat(60)}@${`${"b".repeat(60)}.`.repeat(4)}com`)).toBe(false);
    expect(emailWithinLimits("a@b..com")).toBe(false);
  });

  it("are part of every e-mail contract", () => {
    const email = emailSchema("Please enter a valid email address.");
    expect(email.safeParse("  Jane@Example.com ").success).toBe(true);
    expect(email.safeParse(`a@${"b".repeat(250)}.com`).success).toBe(false);
  });
});
