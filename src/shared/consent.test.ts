import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ACCEPT_ALL,
  CONSENT_MAX_AGE_MS,
  consentRecord,
  consentRecordOf,
  parseConsentRecord,
  REJECT_ALL,
} from "./consent.js";

/** The shape as a schema: the hand-written check in consent.ts must accept and keep exactly this. */
const consentRecordSchema = z.object({
  version: z.number(),
  preferences: z.object({ necessary: z.literal(true), analytics: z.boolean(), marketing: z.boolean() }),
  savedAt: z.optional(z.string()),
});

describe("the consent record's shape", () => {
  const nearlyValid = fc.record(
    {
      version: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
      preferences: fc.oneof(
        fc.record(
          {
            necessary: fc.oneof(fc.constant(true), fc.boolean(), fc.string()),
            analytics: fc.oneof(fc.boolean(), fc.integer()),
            marketing: fc.oneof(fc.boolean(), fc.constant(null)),
            extra: fc.string(),
          },
          { requiredKeys: [] },
        ),
        fc.jsonValue(),
      ),
      savedAt: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      other: fc.jsonValue(),
    },
    { requiredKeys: [] },
  );

  it("agrees with the schema on any JSON, keeping only the record's own fields", () => {
    fc.assert(
      fc.property(fc.oneof(nearlyValid, fc.jsonValue()), (value) => {
        const parsed = consentRecordSchema.safeParse(value);
        expect(consentRecordOf(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("stored cookie consent", () => {
  const now = Date.parse("2026-11-21T12:00:00Z");

  it("round-trips a choice in the current version, necessary always on", () => {
    const record = consentRecord({ ...REJECT_ALL, analytics: true }, new Date(now));
    expect(record).toEqual({
      version: 1,
      preferences: { necessary: true, analytics: true, marketing: false },
      savedAt: "2026-11-21T12:00:00.000Z",
    });
    expect(parseConsentRecord(JSON.stringify(record), now)).toEqual(record);
  });

  it("accepts a record without a date", () => {
    const raw = JSON.stringify({ version: 1, preferences: ACCEPT_ALL });
    expect(parseConsentRecord(raw, now)?.preferences).toEqual(ACCEPT_ALL);
  });

  it.each([
    ["nothing stored", null],
    ["not JSON", "{oops"],
    ["another version", JSON.stringify({ version: 2, preferences: ACCEPT_ALL })],
    ["necessary switched off", JSON.stringify({ version: 1, preferences: { ...ACCEPT_ALL, necessary: false } })],
    ["a bad date", JSON.stringify({ version: 1, preferences: ACCEPT_ALL, savedAt: "yesterday" })],
  ])("asks again when %s", (_case, raw) => {
    expect(parseConsentRecord(raw, now)).toBeNull();
  });

  it("asks again 12 months after the choice", () => {
    const record = consentRecord(ACCEPT_ALL, new Date(now));
    expect(parseConsentRecord(JSON.stringify(record), now + CONSENT_MAX_AGE_MS - 1000)).not.toBeNull();
    expect(parseConsentRecord(JSON.stringify(record), now + CONSENT_MAX_AGE_MS + 1000)).toBeNull();
  });
});
