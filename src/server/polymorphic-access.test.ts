import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareV8Probe, type V8Probe } from "../../tests/support/v8-probe.js";
import { POLYMORPHIC_MAP_LIMIT } from "./polymorphic-access.js";

const MODULE = fileURLToPath(new URL("./polymorphic-access.ts", import.meta.url));

// A process that reads one property from objects of `SHAPES` hidden classes at one site, then prints
// the site's feedback with V8's own debug printer (`natives` comes from tests/support/v8-probe.ts).
const PROBE = `
const { widenPolymorphicAccess } = await import(process.env.PROBED_MODULE);
if (process.env.WIDEN === "1") widenPolymorphicAccess();
const debugPrint = natives("DebugPrint");
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

let probe: V8Probe;

beforeAll(async () => {
  probe = await prepareV8Probe(MODULE, PROBE);
});

afterAll(() => probe.dispose());

/** The state V8 prints for the probe's one property access after it has seen `shapes` classes. */
async function accessState(widen: boolean, shapes: number): Promise<string | undefined> {
  const printed = await probe.run([], { WIDEN: widen ? "1" : "0", SHAPES: String(shapes) });
  return /slot #\d+ LoadProperty (\w+)/.exec(printed)?.[1];
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
