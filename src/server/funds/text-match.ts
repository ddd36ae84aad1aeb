/**
 * The text query of an advanced search, matched on a fund's name and description. Text is compared
 * without case and accents ('Ökosystem' matches 'okosystem'), cut into words at anything that is
 * not a letter or a digit. A query matches a fund when every word of it is found inside some word
 * of the fund's name or description ('tech' finds 'FinTech', 'a16z' finds 'a16z').
 */

const MARKS = /[\u0300-\u036f]/g;
const NON_WORD = /[^\p{L}\p{N}]+/u;

/** Lower case, accents stripped. */
export function foldText(text: string): string {
  return text.normalize("NFKD").replace(MARKS, "").toLowerCase();
}

/** The distinct words of a text, folded. */
export function wordsOf(text: string | null | undefined): string[] {
  if (!text) return [];
  return [...new Set(foldText(text).split(NON_WORD).filter(Boolean))];
}

/** How a fund's words cover the query: every word found, and how well (see textFit). */
export type TextTokens = { name: readonly string[]; description: readonly string[] };

/**
 * Fit of a matching fund to the query, 0–1: the mean over the query's words of 1 when a word of
 * the name starts with it, 0.9 when one contains it, 0.2 when only the description has it. A
 * fund missing a word scores 0 (it does not match).
 */
export function textFit(tokens: TextTokens, words: readonly string[]): number {
  if (words.length === 0) return 0;
  let total = 0;
  for (const word of words) {
    if (tokens.name.some((token) => token.startsWith(word))) total += 1;
    else if (tokens.name.some((token) => token.includes(word))) total += 0.9;
    else if (tokens.description.some((token) => token.includes(word))) total += 0.2;
    else return 0;
  }
  return total / words.length;
}

/** True when every word of the query is inside a word of the name. */
export function nameHasAll(tokens: TextTokens, words: readonly string[]): boolean {
  return words.every((word) => tokens.name.some((token) => token.includes(word)));
}
