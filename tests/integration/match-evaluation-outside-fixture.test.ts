import { readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ROOT_DIR, SEED_FUNDS_CSV } from "../../src/server/paths.js";
import { fundMatchRequestSchema } from "../../src/shared/schemas/match.js";

/**
 * The outside evaluation set (issue 37, tests/fixtures/match-evaluation-outside.md): profiles written
 * from public knowledge of the funds, split once at random into a tuning part and a held-out part. The
 * held-out floors mean something only if the files are sound: every profile is a request the match
 * accepts, every fund is one the shipped data names exactly once, the lists are short and disjoint, and
 * the split is the two thirds / one third the document records. This test reads the files only and
 * scores nothing: the floors themselves are held by the match's own test.
 */

const PARTS = [
  { part: "tuning", file: "tests/fixtures/match-evaluation-tuning.json" },
  { part: "held-out", file: "tests/fixtures/match-evaluation-held-out.json" },
] as const;
const MIN_PROFILES = 60;
const MIN_NAMES = 3;
const MAX_NAMES = 8;
/** The split drew round(2/3 of the profiles) for tuning; allow one profile either way for later additions. */
const TUNING_SHARE = 2 / 3;

const fixtureSchema = z.strictObject({
  profiles: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
        profile: z.unknown(),
        clearlyFit: z.array(z.string()),
        clearlyNot: z.array(z.string()),
        why: z.string().min(1),
      }),
    )
    .min(1),
});

const parts = PARTS.map(({ part, file }) => ({
  part,
  profiles: fixtureSchema.parse(JSON.parse(readFileSync(path.join(ROOT_DIR, file), "utf8"))).profiles,
}));
const profiles = parts.flatMap(({ part, profiles: list }) => list.map((entry) => ({ ...entry, part })));

const fundRows: Array<{ name: string; country: string }> = parseCsv(readFileSync(SEED_FUNDS_CSV, "utf8"), {
  columns: true,
  skip_empty_lines: true,
});
const rowsByName = new Map<string, number>();
for (const row of fundRows) rowsByName.set(row.name, (rowsByName.get(row.name) ?? 0) + 1);
const dataCountries = new Set(fundRows.map((row) => row.country));

describe("the match's outside evaluation set", () => {
  it(`holds at least ${MIN_PROFILES} profiles with ids unique across both parts`, () => {
    expect(profiles.length).toBeGreaterThanOrEqual(MIN_PROFILES);
    const ids = profiles.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("is split about two thirds tuning, one third held out", () => {
    const tuning = profiles.filter((entry) => entry.part === "tuning").length;
    expect(Math.abs(tuning - profiles.length * TUNING_SHARE)).toBeLessThanOrEqual(1);
  });

  it.each(profiles.map((entry) => [`${entry.part}/${entry.id}`, entry] as const))(
    "%s is a match request the API accepts",
    (_id, entry) => {
      const parsed = fundMatchRequestSchema.safeParse(entry.profile);
      expect(parsed.success, parsed.error?.message).toBe(true);
    },
  );

  it("names countries as the fund data spells them", () => {
    const unknown = profiles
      .map((entry) => ({ id: entry.id, country: (entry.profile as { country?: string }).country }))
      .filter((entry) => entry.country !== undefined && !dataCountries.has(entry.country));
    expect(unknown).toEqual([]);
  });

  it(`gives each profile ${MIN_NAMES} to ${MAX_NAMES} clearly-fit and clearly-not funds, never the same fund in both`, () => {
    const bad = profiles.flatMap((entry) => {
      const problems: string[] = [];
      for (const [list, names] of [
        ["clearlyFit", entry.clearlyFit],
        ["clearlyNot", entry.clearlyNot],
      ] as const) {
        if (names.length < MIN_NAMES || names.length > MAX_NAMES) problems.push(`${list} has ${names.length} names`);
        if (new Set(names).size !== names.length) problems.push(`${list} repeats a name`);
      }
      const both = entry.clearlyFit.filter((name) => entry.clearlyNot.includes(name));
      if (both.length > 0) problems.push(`in both lists: ${both.join(", ")}`);
      return problems.map((problem) => `${entry.id}: ${problem}`);
    });
    expect(bad).toEqual([]);
  });

  it("names only funds that appear exactly once in the shipped funds.csv", () => {
    const bad = profiles.flatMap((entry) =>
      [...entry.clearlyFit, ...entry.clearlyNot]
        .filter((name) => rowsByName.get(name) !== 1)
        .map((name) => `${entry.id}: "${name}" appears ${rowsByName.get(name) ?? 0} times`),
    );
    expect(bad).toEqual([]);
  });
});
