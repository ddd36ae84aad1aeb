/**
 * How deep a page may nest its elements before the AI writer refuses to parse it. Readability's
 * cost grows faster than the square of the depth (2,000 nested divs took two minutes); real
 * articles nest a few dozen levels. Checked before any parsing, in one linear pass.
 */
export const MAX_NESTING_DEPTH = 256;

/** Elements that never have children or an end tag. */
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

/**
 * Elements whose end tag may be left out: the parser closes an open one when the next begins
 * (<p>…<p>, <li>…<li>), so counting them would take an old-style page for a deep one. Nesting them
 * needs a container (ul, table…), which counts for them instead (see LEVELS).
 */
const OPTIONAL_END = new Set([
  "p",
  "li",
  "dt",
  "dd",
  "option",
  "optgroup",
  "tr",
  "td",
  "th",
  "thead",
  "tbody",
  "tfoot",
  "colgroup",
  "caption",
  "rb",
  "rt",
  "rtc",
  "rp",
  "html",
  "head",
  "body",
]);

/**
 * The levels a container stands for, with the elements inside it that are not counted: a list and
 * its item, a table with its body, row and cell. Every other counted element is one level.
 */
const LEVELS: Record<string, number> = { ul: 2, ol: 2, menu: 2, dl: 2, select: 2, datalist: 2, table: 4, ruby: 2 };

/** Elements whose content is text up to their own end tag, whatever it looks like. */
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"]);

/** Inside these, "<x/>" closes itself; in HTML proper "<div/>" is an open div. */
const FOREIGN = new Set(["svg", "math"]);

const NAME = /[a-zA-Z][^\s/>]*/y;

const rawTextEnds = new Map<string, RegExp>();
/** The search for a raw-text element's end tag: from where it starts, whatever the letter case. */
function rawTextEnd(name: string): RegExp {
  let pattern = rawTextEnds.get(name);
  if (!pattern) {
    pattern = new RegExp(`</${name}`, "gi");
    rawTextEnds.set(name, pattern);
  }
  return pattern;
}

/** Where the tag that starts at `from` ends (after its ">"), skipping ">" inside quoted attribute values. */
function tagEnd(html: string, from: number): number {
  let quote = "";
  for (let index = from; index < html.length; index++) {
    const char = html[index];
    if (quote) {
      if (char === quote) quote = "";
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === ">") {
      return index + 1;
    }
  }
  return html.length;
}

/**
 * Whether the HTML opens more than `max` elements inside one another, as an HTML parser would
 * build them: an end tag closes the nearest open element of its name and everything opened inside
 * it, a stray end tag closes nothing, and a list or table stands for the levels of its implied
 * items, rows and cells. A cheap bound, not a parser: a page it lets through that is still slow
 * to read is ended by the reader's time limit (extract.ts).
 */
export function nestsDeeperThan(html: string, max: number): boolean {
  const stack: string[] = [];
  /** How many elements of each name are open, so that an end tag knows at once whether it closes one. */
  const open = new Map<string, number>();
  let foreign = 0;
  /** The levels the open elements stand for. */
  let depth = 0;
  let index = html.indexOf("<");
  while (index !== -1 && index < html.length) {
    if (html.startsWith("<!--", index)) {
      const close = html.indexOf("-->", index + 4);
      if (close === -1) return false;
      index = html.indexOf("<", close + 3);
      continue;
    }
    const closing = html[index + 1] === "/";
    NAME.lastIndex = index + (closing ? 2 : 1);
    const match = NAME.exec(html);
    if (!match) {
      // "<!doctype", "<?xml", a lone "<" in text: not an element.
      index = html.indexOf("<", index + 1);
      continue;
    }
    const name = match[0].toLowerCase();
    const end = tagEnd(html, NAME.lastIndex);
    if (closing) {
      if ((open.get(name) ?? 0) > 0) {
        for (;;) {
          const top = stack.pop() as string;
          depth -= LEVELS[top] ?? 1;
          open.set(top, (open.get(top) ?? 1) - 1);
          if (FOREIGN.has(top)) foreign--;
          if (top === name) break;
        }
      }
    } else if (RAW_TEXT.has(name)) {
      const closer = rawTextEnd(name);
      closer.lastIndex = end;
      const close = closer.exec(html);
      if (!close) return false;
      index = html.indexOf("<", close.index + 2);
      continue;
    } else if (!VOID.has(name) && !OPTIONAL_END.has(name) && !(foreign > 0 && html[end - 2] === "/")) {
      stack.push(name);
      depth += LEVELS[name] ?? 1;
      open.set(name, (open.get(name) ?? 0) + 1);
      if (FOREIGN.has(name)) foreign++;
      if (depth > max) return true;
    }
    index = html.indexOf("<", end);
  }
  return false;
}
