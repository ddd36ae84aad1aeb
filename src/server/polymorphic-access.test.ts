import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POLYMORPHIC_MAP_LIMIT } from "./polymorphic-access.js";

const MODULE = fileURLToPath(new URL("./polymorphic-access.ts", import.meta.url));

// A process that reads one property from objects of `SHAPES` hidden classes at one site, then prints
// the site's feedback with V8's own debug printer. Plain JavaScript: the `%` call is compiled at run time.
const PROBE = `
const { widenPolymorphicAccess } = await import(process.env.POLYMORPHIC_ACCESS_MODULE);
if (process.env.WIDEN === "1") widenPolymorphicAccess();
const debugPrint = new Function("value", "return %DebugPrint(value)");
function read(object) { return object.value; }
const objects = [];
for (let i = 0; i < Number(process.env.SHAPES); i++) {
  const object = {};
  object["first" + i] = i;
  object.value = i;
  objects.push(object);
}
for (let round = 0; round < 3; round++) for (const object of objects) read(object);
debugPrint(read);
`;

let dir: string;
let probe: string;
let compiled: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "fundmatch-polymorphic-"));
  probe = path.join(dir, "probe.mjs");
  compiled = path.join(dir, "polymorphic-access.mjs");
  await writeFile(probe, PROBE);
  // The module as plain JavaScript, so that node runs the probe with no loader of its own.
  await build({ entryPoints: [MODULE], outfile: compiled, format: "esm", platform: "node", logLevel: "warning" });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The state V8 prints for the probe's one property access after it has seen `shapes` classes. */
async function accessState(widen: boolean, shapes: number): Promise<string | undefined> {
  // V8 prints through C's stdio, which a pipe can cut short: the probe's standard output is a file.
  const output = path.join(dir, `probe-${widen ? "wide" : "default"}-${shapes}.txt`);
  const file = await open(output, "w");
  try {
    const child = spawn(process.execPath, ["--allow-natives-syntax", probe], {
      env: { ...process.env, POLYMORPHIC_ACCESS_MODULE: compiled, WIDEN: widen ? "1" : "0", SHAPES: String(shapes) },
      stdio: ["ignore", file.fd, "inherit"],
    });
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
  } finally {
    await file.close();
  }
  return /slot #\d+ LoadProperty (\w+)/.exec(await readFile(output, "utf8"))?.[1];
}

describe("widenPolymorphicAccess", () => {
  it("keeps an access that has seen up to the limit's classes polymorphic, where V8's default gives up at 4", async () => {
    const [byDefault, widened, atLimit] = await Promise.all([
      accessState(false, 10),
      accessState(true, 10),
      accessState(true, POLYMORPHIC_MAP_LIMIT),
    ]);
    // The control: without the flag, ten classes make the access megamorphic (if a future V8 raises its
    // own default past ten, this says so and the flag can go).
    expect(byDefault).toBe("MEGAMORPHIC");
    expect(widened).toBe("POLYMORPHIC");
    expect(atLimit).toBe("POLYMORPHIC");
  });

  it("still lets an access past the limit go megamorphic (the limit is a limit)", async () => {
    expect(await accessState(true, POLYMORPHIC_MAP_LIMIT + 4)).toBe("MEGAMORPHIC");
  });
});
