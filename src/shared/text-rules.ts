/**
 * The control-character rule of every text the product accepts. PostgreSQL `text` cannot hold NUL
 * (a value with one fails in the database, a 500), and the other control characters have no place
 * in a name, a title or a search: they hide text, break lines in logs and e-mails, and make two
 * entries that look the same differ. Lone surrogates cannot be stored as UTF-8 at all.
 * Zod-free, so that the client's forms and the zod/mini fund rules apply the same rule without
 * pulling in classic zod (docs/decisions/0006); schemas/fields.ts is its home for the contracts.
 */

/** C0 controls, DEL, C1 controls, and lone (unpaired) surrogates: never accepted. */
const SINGLE_LINE_FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the rule finds.
  /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** The same, except tab, line feed and carriage return, which multi-line text (notes, posts) keeps. */
const MULTI_LINE_FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the rule finds.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type TextKind = "single-line" | "multi-line";

/** Whether the text holds a character its kind of field refuses. */
export function hasControlCharacters(text: string, kind: TextKind = "single-line"): boolean {
  return (kind === "multi-line" ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text);
}

export const controlCharactersMessage = (field: string) => `${field} must not contain control characters.`;

/**
 * The rule as the arguments of a zod refinement: `.refine(...noControlCharacters("Display name"))`
 * in classic zod, `z.refine(...noControlCharacters("Name"))` in zod/mini.
 */
export function noControlCharacters(
  field: string,
  kind: TextKind = "single-line",
): [(text: string) => boolean, string] {
  return [(text) => !hasControlCharacters(text, kind), controlCharactersMessage(field)];
}

/** What an imported cell loses: what a multi-line field refuses, wherever it is. */
const STRIPPED = new RegExp(MULTI_LINE_FORBIDDEN.source, "g");

/**
 * An imported cell's text without control characters. Tab and line breaks stay (the import folds
 * them into one space in every field, see docs/import.md); vertical tab, form feed and NEL, which
 * some programs write for a line break inside a cell, become one; every other one is dropped.
 */
export function stripControlCharacters(text: string): string {
  if (!MULTI_LINE_FORBIDDEN.test(text)) return text;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced.
  return text.replace(/[\u000b\u000c\u0085]/g, "\n").replace(STRIPPED, "");
}

/**
 * What stored rich text (a blog post's HTML) must never hold: what a multi-line field refuses (C0
 * controls but tab, line feed and carriage return; DEL; C1 controls; lone surrogates) and Unicode's
 * noncharacters (U+FDD0–U+FDEF, and the last two code points of every plane). The fields' rule sees
 * the HTML as it was sent, where `&#1;` is four harmless characters; the sanitiser's parser decodes
 * it, so its output is cleaned of these.
 */
const NOT_STORED = /(?![\t\n\r])[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/gu;

/** The text without the characters stored rich text must not hold (NOT_STORED), dropped. */
export function withoutUnstorableCharacters(text: string): string {
  return text.replace(NOT_STORED, "");
}
