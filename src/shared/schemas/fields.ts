import { z } from "zod";
import { isEmailAddress } from "../email-address.js";
import { noControlCharacters } from "../text-rules.js";

// The control-character rule: every text field of every contract refuses control characters with
// `.refine(...noControlCharacters("Field"))` (single-line) or `(…, "multi-line")` (notes, posts).
export {
  controlCharactersMessage,
  hasControlCharacters,
  noControlCharacters,
  stripControlCharacters,
  type TextKind,
} from "../text-rules.js";

import { graphemePrefix } from "../text-cut.js";

/** Ids are PostgreSQL `integer` columns: anything outside 1..2,147,483,647 can never name a row. */
export const MAX_ID = 2_147_483_647;

/**
 * The one id rule of every contract. Out of range is refused here, at the door: passed on, the
 * database would reject the value with an error of its own instead of "not found".
 */
export const idSchema = (field: string) =>
  z
    .number({ error: `${field} must be a positive integer.` })
    .int(`${field} must be a positive integer.`)
    .positive(`${field} must be a positive integer.`)
    .max(MAX_ID, `${field} must be at most ${MAX_ID}.`);

/** Ids in answers: the same range, without the request's wording. */
export const idResponseSchema = z.number().int().positive().max(MAX_ID);

/** The longest part of a rejected value an error message quotes back. */
const QUOTE_MAX = 60;

/**
 * A rejected input, described for an error message without ever calling into it: a crafted value
 * ({"toString": 1}, a getter, a huge string) can neither throw here nor make the answer large.
 */
export function describeInput(input: unknown): string {
  if (typeof input === "string" || typeof input === "number" || typeof input === "boolean") {
    const text = String(input);
    return `'${text.length > QUOTE_MAX ? `${graphemePrefix(text, QUOTE_MAX)}…` : text}'`;
  }
  if (input === null) return "(null)";
  if (Array.isArray(input)) return "(a list)";
  return typeof input === "object" ? "(an object)" : `(${typeof input})`;
}

/**
 * An e-mail address: trimmed, and an address as the product's one parser reads it (with the RFC
 * length limits; src/shared/email-address.ts). Every contract that takes an address uses this,
 * each with the message its page shows.
 */
export const emailSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .refine(...noControlCharacters("Email"))
    .refine(isEmailAddress, message);

/** Every error the API answers: a message for the person, in `error`. */
export const errorResponseSchema = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** GET /_api/ping: liveness without the database. */
export const pingResponseSchema = z.object({ ok: z.literal(true) });

/** GET /healthz while the database answers. */
export const healthResponseSchema = z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });
