import fc from "fast-check";
import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { MAX_NESTING_DEPTH, nestsDeeperThan } from "./nesting-depth.js";

/** How deep the reader's own DOM (linkedom, as extract-worker.ts parses the page) nests its elements. */
function domDepth(html: string): number {
  const { document } = parseHTML(html);
  let deepest = 0;
  const stack: Array<[Element, number]> = [...document.children].map((child) => [child, 1]);
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [element, depth] = item;
    deepest = Math.max(deepest, depth);
    for (const child of element.children) stack.push([child, depth + 1]);
  }
  return deepest;
}

describe("nestsDeeperThan", () => {
  it.each([
    ["nested divs", "<div>".repeat(11)],
    ["nested divs with attributes and text", '<div class="a>b">x'.repeat(11)],
    ["divs that stray end tags do not close", "<div></span>".repeat(11)],
    ["'<div/>', which HTML keeps open", "<div/>".repeat(11)],
    ["unclosed formatting elements", "<b>".repeat(11)],
    ["upper-case tags", "<DIV>".repeat(11)],
    ["nested lists, each with its item", "<ul><li>".repeat(6)],
    ["nested tables, each with its row and cell", "<table><tr><td>".repeat(4)],
    // Optional end tags the reader's parser does not close: each <li> opens inside the <p> before it.
    ["paragraphs and list items that nest", "<p><li>".repeat(6)],
    ["list items and paragraphs that nest", "<li><p>".repeat(6)],
    ["cells holding divs", "<td><div>".repeat(6)],
    ["definitions holding paragraphs", "<dd><p>".repeat(6)],
  ])("counts %s", (_name, html) => {
    expect(nestsDeeperThan(html, 10)).toBe(true);
  });

  it.each([
    ["sibling divs", "<div></div>".repeat(100)],
    ["closed nesting", `${"<div>".repeat(10)}${"</div>".repeat(10)}<div>`],
    [
      "an end tag closing what was opened inside it",
      `${"<div><span><b>".repeat(3)}${"</div>".repeat(3)}${"<div>".repeat(8)}`,
    ],
    ["paragraphs and list items without end tags", `${"<p>a".repeat(50)}<ul>${"<li>x".repeat(50)}</ul>`],
    ["a long table", `<table>${"<tr><td>a<td>b".repeat(100)}</table>`],
    ["closed nested lists", `${"<ul><li>".repeat(5)}${"</ul>".repeat(5)}${"<ol><li>".repeat(5)}`],
    ["void elements", '<img src="a"><br><hr><input>'.repeat(50)],
    ["self-closing shapes in an SVG", `<svg>${"<path d='M0 0'/>".repeat(50)}</svg>`],
    ["tags inside a script", `<script>${"<div>".repeat(50)}</SCRIPT>`],
    ["tags inside a comment", `<!--${"<div>".repeat(50)}-->`],
    ["a doctype and a lone '<'", "<!doctype html><p>1 < 2</p>"],
  ])("does not count %s", (_name, html) => {
    expect(nestsDeeperThan(html, 10)).toBe(false);
  });

  it("refuses the issue's page: '<p><li>' 2,500 times, 5,000 levels", () => {
    expect(nestsDeeperThan("<p><li>".repeat(2_500), MAX_NESTING_DEPTH)).toBe(true);
    expect(domDepth("<p><li>".repeat(2_500))).toBe(5_000);
  });

  it("counts exactly what the reader's parser builds, for any mix of tags", () => {
    const piece = fc.constantFrom(
      ...["<p>", "<li>", "<dd>", "<dt>", "<td>", "<tr>", "<th>", "<option>", "<optgroup>", "<div>", "<span>", "<b>"],
      ...["<ul>", "<ol>", "<dl>", "<table>", "<select>", "<tbody>", "<html>", "<body>", "<head>", "<svg>", "<path/>"],
      ...["</p>", "</li>", "</div>", "</ul>", "</table>", "</span>", "</b>", "</td>", "</svg>", "</body>", "</br>"],
      ...[
        "<br>",
        "<img src=x>",
        "<div/>",
        "<!-- <div> -->",
        "<script><div></script>",
        "text",
        "<textarea><p></textarea>",
      ],
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.integer({ min: 1, max: 12 }), (pieces, max) => {
        const html = pieces.join("");
        expect(nestsDeeperThan(html, max), html).toBe(domDepth(html) > max);
      }),
      { numRuns: 2_000 },
    );
  });

  it("answers in one pass over a large page", () => {
    const started = performance.now();
    expect(nestsDeeperThan("<script>x</script><div></div>".repeat(100_000), 10)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
