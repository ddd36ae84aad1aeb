import type { FastifySchemaCompiler } from "fastify";
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { $ZodError, $ZodType } from "zod/v4/core";

/**
 * The API's answers written straight from their zod response schemas (ADR 0051).
 *
 * fastify-type-provider-zod's compiler runs zod over every answer (building a validated copy of
 * it) and then JSON.stringify over the copy: for ping and the session call that was a tenth of the
 * request's CPU. Here each route's schema is compiled once into a writer that walks the answer
 * along the schema and writes JSON text as it goes:
 * - only the schema's keys are written, in the schema's order, as zod's copy had them. A field the
 *   handler left on an object but the schema does not name never leaves (the Premium gating and
 *   the user's own data rely on that: a fund or a user row carries more than its answer shows);
 * - every value is checked for its JSON type (string, number, boolean, null, object, array), enum
 *   and literal values for membership, and a missing required key throws, so a wrong answer is a
 *   500 rather than text of another shape, and no value can inject JSON (a string is always
 *   written quoted and escaped);
 * - what a type check cannot see (formats, lengths, ranges, refinements) is zod's: with
 *   `verify`, as in tests and development, zod still checks every answer and the writer's text
 *   must equal zod's JSON.stringify of it, character for character, or the answer is a 500.
 * A schema the writer does not model (unions, transforms, defaults, dates, loose objects, records
 * with other keys than strings...) is served by zod as before, whole.
 */

type Write = (value: unknown) => string;

/** Thrown by a writer; the compiled route turns it into Fastify's response serialization error. */
class AnswerShapeError extends Error {}

function fail(expected: string, value: unknown): never {
  throw new AnswerShapeError(`expected ${expected}, got ${value === null ? "null" : typeof value}`);
}

function writeString(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : fail("a string", value);
}

function writeNumber(value: unknown): string {
  if (typeof value !== "number") fail("a number", value);
  // zod refuses NaN and the infinities; JSON.stringify would write them as null.
  return Number.isFinite(value) ? `${value}` : fail("a finite number", value);
}

function writeBoolean(value: unknown): string {
  return value === true ? "true" : value === false ? "false" : fail("a boolean", value);
}

function writeNull(value: unknown): string {
  return value === null ? "null" : fail("null", value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

type Field = { key: string; prefix: string; write: Write; optional: boolean };

function objectWriter(fields: Field[]): Write {
  return (value) => {
    if (!isRecord(value)) fail("an object", value);
    let out = "";
    for (const field of fields) {
      const item = value[field.key];
      if (item === undefined) {
        if (field.optional) continue;
        throw new AnswerShapeError(`missing required key ${field.key}`);
      }
      out += (out === "" ? "{" : ",") + field.prefix + field.write(item);
    }
    return out === "" ? "{}" : `${out}}`;
  };
}

function arrayWriter(element: Write): Write {
  return (value) => {
    if (!Array.isArray(value)) fail("an array", value);
    if (value.length === 0) return "[]";
    let out = `[${element(value[0])}`;
    for (let i = 1; i < value.length; i++) out += `,${element(value[i])}`;
    return `${out}]`;
  };
}

function recordWriter(entry: Write): Write {
  return (value) => {
    if (!isRecord(value)) fail("an object", value);
    let out = "";
    for (const key of Object.keys(value)) {
      out += `${out === "" ? "{" : ","}${JSON.stringify(key)}:${entry(value[key])}`;
    }
    return out === "" ? "{}" : `${out}}`;
  };
}

/** The zod definition fields this compiler reads (zod 4's `_zod.def`). */
type Definition = {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
};

const definitionOf = (schema: $ZodType) => schema._zod.def as unknown as Definition;

/** The writer for a schema, or undefined when it has a part this compiler does not model. */
export function compileWriter(schema: $ZodType): Write | undefined {
  const def = definitionOf(schema);
  switch (def.type) {
    case "string":
      return writeString;
    case "number":
      return writeNumber;
    case "boolean":
      return writeBoolean;
    case "null":
      return writeNull;
    case "enum":
    case "literal": {
      const allowed = def.type === "enum" ? Object.values(def.entries ?? {}) : (def.values ?? []);
      // Each member's text, written once: a value that is not a member is refused, as zod would.
      const texts = new Map<unknown, string>();
      for (const member of allowed) {
        if (member !== null && !["string", "number", "boolean"].includes(typeof member)) return undefined;
        texts.set(member, JSON.stringify(member));
      }
      return (value) => texts.get(value) ?? fail(`one of ${[...texts.values()].join(", ")}`, value);
    }
    case "nullable": {
      const inner = def.innerType && compileWriter(def.innerType);
      return inner && ((value) => (value === null ? "null" : inner(value)));
    }
    case "readonly":
      return def.innerType && compileWriter(def.innerType);
    case "array": {
      const element = def.element && compileWriter(def.element);
      return element && arrayWriter(element);
    }
    case "record": {
      if (!def.keyType || !def.valueType || definitionOf(def.keyType).type !== "string") return undefined;
      const entry = compileWriter(def.valueType);
      return entry && recordWriter(entry);
    }
    case "object": {
      // A loose object (catchall unknown) passes keys the schema does not name: zod's.
      if (def.catchall && definitionOf(def.catchall).type !== "never") return undefined;
      const fields: Field[] = [];
      for (const [key, fieldSchema] of Object.entries(def.shape ?? {})) {
        const fieldDef = definitionOf(fieldSchema);
        const optional = fieldDef.type === "optional";
        const write = compileWriter(optional && fieldDef.innerType ? fieldDef.innerType : fieldSchema);
        if (!write) return undefined;
        fields.push({ key, prefix: `${JSON.stringify(key)}:`, write, optional });
      }
      return objectWriter(fields);
    }
    default:
      // optional outside an object, default, pipe, transform, union, date, unknown...
      return undefined;
  }
}

type CompilerInput = Parameters<FastifySchemaCompiler<unknown>>[0];

/**
 * The serializer compiler for `app.setSerializerCompiler`. With `verify` (tests, development) zod
 * checks each answer as before and the compiled writer's text must be the same as zod's.
 */
export function answerSerializerCompiler(options: { verify: boolean }) {
  return (input: CompilerInput): ((data: unknown) => string) => {
    const viaZod = zodSerializerCompiler(input as Parameters<typeof zodSerializerCompiler>[0]);
    const schema = input.schema as unknown;
    const zodSchema =
      schema instanceof $ZodType
        ? schema
        : isRecord(schema) && schema.properties instanceof $ZodType
          ? schema.properties
          : undefined;
    const write = zodSchema && compileWriter(zodSchema);
    if (!write) return viaZod;
    const { method, url } = input;
    const refuse = (message: string) =>
      new ResponseSerializationError(method, url, {
        cause: new $ZodError([{ code: "custom", message, path: [], input: undefined }]),
      });
    const written = (data: unknown): string => {
      try {
        return write(data);
      } catch (error) {
        if (error instanceof AnswerShapeError) throw refuse(error.message);
        throw error;
      }
    };
    if (!options.verify) return written;
    return (data) => {
      const expected = viaZod(data);
      const actual = written(data);
      if (actual !== expected) {
        throw refuse(`the compiled answer differs from zod's:\n${actual}\n${expected}`);
      }
      return actual;
    };
  };
}
