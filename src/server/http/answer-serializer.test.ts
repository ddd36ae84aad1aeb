import { isResponseSerializationError } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { answerSerializerCompiler, compileWriter } from "./answer-serializer.js";

const fund = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  stage: z.enum(["seed", "series_a"]),
  website: z.string().nullable(),
  note: z.string().optional(),
  tags: z.array(z.string()),
  counts: z.record(z.string(), z.number()),
  team: z.strictObject({ lead: z.boolean(), partners: z.array(z.object({ name: z.string() }).nullable()) }),
  kind: z.literal("fund"),
});

const compile = (schema: z.ZodType, verify: boolean) =>
  answerSerializerCompiler({ verify })({ schema, method: "GET", url: "/_api/test", httpStatus: "200" });

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("answers written from their zod schemas", () => {
  const answer = {
    id: 7,
    name: 'A "quoted" name </script>\u2028 ü',
    stage: "seed",
    website: null,
    tags: ["a", "b\n"],
    counts: { x: 1, 'y"z': 2.5 },
    team: { lead: true, partners: [null, { name: "P", secret: "s" }] },
    kind: "fund",
    // Not in the schema: must never be sent (Premium facts, a user's password hash...).
    premiumOnly: "hidden",
  };

  it("writes what zod's copy and JSON.stringify wrote, without the fields the schema does not name", () => {
    const write = compileWriter(fund);
    expect(write).toBeDefined();
    const text = write?.(answer);
    expect(text).toBe(JSON.stringify(fund.encode(answer as z.output<typeof fund>)));
    expect(text).not.toContain("hidden");
    expect(text).not.toContain("secret");
    expect(JSON.parse(text ?? "")).not.toHaveProperty("note");
    expect(compileWriter(fund)?.({ ...answer, note: "n" })).toContain('"website":null,"note":"n","tags"');
  });

  it("refuses a value of the wrong JSON type or a missing required key, so nothing can inject JSON", () => {
    const serialize = compile(fund, false);
    for (const wrong of [
      { ...answer, id: '1,"isAdmin":true' },
      { ...answer, name: 1 },
      { ...answer, website: undefined },
      { ...answer, tags: "a" },
      { ...answer, id: Number.NaN },
      { ...answer, team: { lead: "yes", partners: [] } },
      { ...answer, counts: { x: "1" } },
      { ...answer, stage: "growth" },
      { ...answer, kind: "fonds" },
      [],
    ]) {
      const error = thrown(() => serialize(wrong));
      expect(error instanceof Error && isResponseSerializationError(error)).toBe(true);
    }
  });

  it("with verify, zod still checks what a type cannot (formats, members) and the texts must agree", () => {
    const serialize = compile(fund, true);
    expect(serialize(answer)).toBe(compile(fund, false)(answer));
    // A string the format does not allow: the type is right, only zod sees it.
    const strict = z.object({ email: z.email() });
    expect(compile(strict, false)({ email: "not an address" })).toBe('{"email":"not an address"}');
    const error = thrown(() => compile(strict, true)({ email: "not an address" }));
    expect(error instanceof Error && isResponseSerializationError(error)).toBe(true);
  });

  it("writes literals and enums of any JSON type, and only their members", () => {
    const ping = compile(z.object({ ok: z.literal(true), n: z.literal(3).nullable() }), false);
    expect(ping({ ok: true, n: null })).toBe('{"ok":true,"n":null}');
    expect(ping({ ok: true, n: 3 })).toBe('{"ok":true,"n":3}');
    expect(thrown(() => ping({ ok: "true", n: null }))).toBeInstanceOf(Error);
  });

  it("leaves to zod, whole, the schemas it does not model", () => {
    for (const schema of [
      z.union([z.string(), z.number()]),
      z.object({ at: z.date() }),
      z.object({ n: z.string().transform(Number) }),
      z.object({ n: z.number().default(1) }),
      z.looseObject({ a: z.string() }),
      z.object({ any: z.unknown() }),
      z.record(z.enum(["a", "b"]), z.string()),
    ]) {
      expect(compileWriter(schema)).toBeUndefined();
    }
    // Served by zod: the transform runs as before.
    expect(compile(z.object({ at: z.date() }), false)({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });
});
