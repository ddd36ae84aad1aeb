import { formatCount } from "./format-count.js";

/**
 * The one place where the product's English texts take a number's plural form or a name's
 * possessive, so that no page, e-mail or API message says "1 rows" or "Cherry Ventures's" again.
 * Zod-free and without a module-level Intl object: the entry chunk may import it (the first Intl
 * object of a page loads ICU's locale data, docs/decisions/0006), so the plural rules are made on
 * the first call.
 */

let rules: Intl.PluralRules | undefined;

/** English has two cardinal forms: 'one' (1) and 'other' (0, 2, 1.5 ...). */
function isOne(count: number): boolean {
  rules ??= new Intl.PluralRules("en-US");
  return rules.select(count) === "one";
}

/** The word for `count` things: plural(1, "row", "rows") is "row", plural(0, ...) is "rows". */
export function plural(count: number, one: string, other: string): string {
  return isOne(count) ? one : other;
}

/** The count and its word: "1 row", "12 rows", "1,000 rows" (thousands separated as en-US writes them). */
export function countOf(count: number, one: string, other: string): string {
  return `${formatCount(count)} ${plural(count, one, other)}`;
}

/**
 * The English possessive of a name or noun: "Acme's", "Cherry Ventures'", "funds'". A word ending
 * in s (in either case) takes the apostrophe only. Trailing spaces are dropped, so that the mark
 * sits on the word.
 */
export function possessive(name: string): string {
  const word = name.trimEnd();
  if (word === "") return word;
  return /s$/i.test(word) ? `${word}'` : `${word}'s`;
}
