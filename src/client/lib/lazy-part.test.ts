import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const CLIENT = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/**
 * The server preloads a rendered part's chunks by its id, looked up in Vite's manifest: an id that
 * does not name the module its loader imports would silently preload nothing.
 */
describe("lazyPart ids", () => {
  const calls = sources(CLIENT).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/lazyPart\(\s*"([^"]+)",\s*\(\)\s*=>\s*import\("([^"]+)"\)/g)].map(
      (match) => ({ file, id: match[1] ?? "", specifier: match[2] ?? "" }),
    ),
  );

  it("finds the app's lazy parts", () => {
    expect(calls.length).toBeGreaterThan(15);
  });

  it.each(calls.map((call) => [path.relative(CLIENT, call.file), call.id, call]))(
    "%s: %s is the module it imports",
    (_file, _id, call) => {
      const target = path.relative(CLIENT, path.resolve(path.dirname(call.file), call.specifier));
      expect(call.id.replace(/\.tsx?$/, "")).toBe(target.replace(/\.js$/, ""));
    },
  );
});
