import { Parser } from "htmlparser2";

/**
 * How deep a page may nest its elements before the AI writer refuses to parse it. Readability's
 * cost grows faster than the square of the depth (2,000 nested divs took two minutes); real
 * articles nest a few dozen levels. Checked before the page is parsed into a document, in one
 * linear pass.
 */
export const MAX_NESTING_DEPTH = 256;

/**
 * Whether the HTML opens more than `max` elements inside one another, counted by the very parser
 * the reader builds its document with (htmlparser2, under linkedom, with linkedom's options): its
 * open and close events are the document's elements being entered and left, so the depth is the
 * one the reader would build, whatever the page does with optional end tags (`<p><li>` repeated:
 * this parser closes neither, and a hand-written scan that assumed it did was off by half), stray
 * end tags, raw text, comments or foreign content. No document is built: the pass keeps a counter,
 * and stops at the first element beyond `max`.
 */
export function nestsDeeperThan(html: string, max: number): boolean {
  let depth = 0;
  let deeper = false;
  const parser = new Parser(
    {
      onopentag() {
        depth += 1;
        if (depth > max) {
          deeper = true;
          // Stops the tokenizer inside write(): the rest of the page is never read.
          parser.pause();
        }
      },
      onclosetag() {
        depth -= 1;
      },
    },
    // linkedom's own options (linkedom/esm/shared/parse-from-string.js) for an HTML document.
    { lowerCaseAttributeNames: false, decodeEntities: true, xmlMode: false },
  );
  parser.write(html);
  if (!deeper) parser.end();
  return deeper;
}
