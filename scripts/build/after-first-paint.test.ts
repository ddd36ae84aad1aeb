import { describe, expect, it } from "vitest";
import { initialScriptPaths } from "../bench/client-js.js";
import { loadAfterFirstPaint } from "./after-first-paint.js";

const built = `<!doctype html>
<html lang="en">
  <head>
    <title>FundMatch</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <link rel="modulepreload" crossorigin href="/assets/utils-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe("loadAfterFirstPaint", () => {
  it("leaves no module script or modulepreload in the HTML, only the after-paint script carrying them", () => {
    const html = loadAfterFirstPaint(built, "/assets/after-paint-123.js");
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain("modulepreload");
    expect(html).toContain(
      '<script defer src="/assets/after-paint-123.js" data-entry="/assets/index-abc.js" data-preload="/assets/react-abc.js /assets/utils-abc.js"></script>',
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(html.indexOf("after-paint-123.js")).toBeLessThan(html.indexOf("</head>"));
  });

  it("still counts the entry and its chunks as the home page's initial JavaScript, with the script itself", () => {
    expect(initialScriptPaths(loadAfterFirstPaint(built, "/assets/after-paint-123.js"))).toEqual([
      "/assets/after-paint-123.js",
      "/assets/index-abc.js",
      "/assets/react-abc.js",
      "/assets/utils-abc.js",
    ]);
  });

  it("fails the build when Vite wrote no entry script it recognises", () => {
    expect(() => loadAfterFirstPaint("<html><head></head></html>", "/a.js")).toThrow(/no module entry script/);
  });
});
