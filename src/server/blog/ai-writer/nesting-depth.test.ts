import { describe, expect, it } from "vitest";
import { nestsDeeperThan } from "./nesting-depth.js";

describe("nestsDeeperThan", () => {
  it.each([
    ["nested divs", "<div>".repeat(11)],
    ["nested divs with attributes and text", '<div class="a>b">x'.repeat(11)],
    ["divs that stray end tags do not close", "<div></span>".repeat(11)],
    ["'<div/>', which HTML keeps open", "<div/>".repeat(11)],
    ["unclosed formatting elements", "<b>".repeat(11)],
    ["upper-case tags", "<DIV>".repeat(11)],
    ["nested lists, each with its item", "<ul><li>".repeat(6)],
    ["nested tables, each with its row and cell", "<table><tr><td>".repeat(3)],
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

  it("answers in one pass over a large page", () => {
    const started = performance.now();
    expect(nestsDeeperThan("<script>x</script><div></div>".repeat(100_000), 10)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
