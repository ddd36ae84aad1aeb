import { describe, expect, it } from "vitest";
import { PageCache, RenderSlots, type ServerRendered } from "./ssr.js";

const page = (name: string): ServerRendered => ({
  root: Buffer.from(name),
  preloads: [],
  personal: false,
});

describe("PageCache", () => {
  it("keeps pages up to its weight, dropping the oldest unread first", () => {
    const cache = new PageCache(300);
    for (const name of ["a", "b", "c"]) cache.set(name, page(name), 100);
    expect(cache.get("a")?.root.toString()).toBe("a");
    cache.set("d", page("d"), 100);
    // "a" was read since it was kept: "b" goes instead.
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.root.toString()).toBe("a");
    expect(cache.bytes).toBe(300);
    expect(cache.size).toBe(3);
  });

  it("never grows past its weight, however many pages come", () => {
    const cache = new PageCache(1_000);
    for (let index = 0; index < 10_000; index += 1) {
      cache.set(`page-${index}`, page(String(index)), 7 + (index % 50));
      if (index % 3 === 0) cache.get(`page-${index - 1}`);
      expect(cache.bytes).toBeLessThanOrEqual(1_000);
    }
    expect(cache.get("page-9999")?.root.toString()).toBe("9999");
  });

  it("refuses a page that alone outweighs it, and replaces a key's page", () => {
    const cache = new PageCache(100);
    expect(cache.set("huge", page("huge"), 101)).toBe(false);
    cache.set("a", page("a1"), 60);
    cache.set("a", page("a2"), 70);
    expect(cache.get("a")?.root.toString()).toBe("a2");
    expect(cache.bytes).toBe(70);
  });
});

describe("RenderSlots", () => {
  const never = () => new AbortController().signal;
  const settled = async <T>(promise: Promise<T>) =>
    Promise.race([
      promise.then((value) => ({ value })),
      new Promise<"pending">((resolve) => setImmediate(() => resolve("pending"))),
    ]);

  it("runs no more than an address's share at once; the rest of its renders wait", async () => {
    const slots = new RenderSlots({ running: 4, perAddress: 2, waiting: 10, waitingPerAddress: 1 });
    const first = await slots.acquire("a", never());
    const second = await slots.acquire("a", never());
    const third = slots.acquire("a", never());
    expect(await settled(third)).toBe("pending");
    // The address's part of the queue is full: refused at once, the page goes to the browser.
    expect(await slots.acquire("a", never())).toBeUndefined();
    // Another address is not held back by the first one's pile.
    const other = await slots.acquire("b", never());
    expect(other).toBeTypeOf("function");
    first?.();
    const thirdRelease = await third;
    expect(thirdRelease).toBeTypeOf("function");
    for (const release of [second, thirdRelease, other]) release?.();
    // Every slot came back.
    expect([await slots.acquire("a", never()), await slots.acquire("a", never())].every(Boolean)).toBe(true);
  });

  it("hands a freed slot to the longest-waiting render whose address is under its share", async () => {
    const slots = new RenderSlots({ running: 3, perAddress: 2, waiting: 10, waitingPerAddress: 5 });
    await slots.acquire("a", never());
    const a2 = await slots.acquire("a", never());
    const b1 = await slots.acquire("b", never());
    const a3 = slots.acquire("a", never());
    const c1 = slots.acquire("c", never());
    b1?.();
    // "a" waited longest but already runs its share: "c" goes first.
    expect(await settled(c1)).not.toBe("pending");
    expect(await settled(a3)).toBe("pending");
    a2?.();
    expect(await settled(a3)).not.toBe("pending");
  });

  it("refuses at once when the queue is full, and lets a waiting render go when its deadline passes", async () => {
    const slots = new RenderSlots({ running: 1, perAddress: 1, waiting: 1, waitingPerAddress: 5 });
    const running = await slots.acquire("a", never());
    const deadline = new AbortController();
    const waiting = slots.acquire("b", deadline.signal);
    expect(await slots.acquire("c", never())).toBeUndefined();
    deadline.abort();
    expect(await waiting).toBeUndefined();
    // The queue has room again, and the running slot passes on when released.
    const next = slots.acquire("c", never());
    running?.();
    expect(await next).toBeTypeOf("function");
  });
});
