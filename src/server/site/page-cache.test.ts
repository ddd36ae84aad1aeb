import { describe, expect, it } from "vitest";
import { PageCache, RenderSlots, type ServerRendered } from "./ssr.js";

const page = (name: string): ServerRendered => ({
  html: name,
  data: { answers: [], parts: [] },
  preloads: [],
  personal: false,
});

describe("PageCache", () => {
  it("keeps pages up to its weight, dropping the oldest unread first", () => {
    const cache = new PageCache(300);
    for (const name of ["a", "b", "c"]) cache.set(name, page(name), 100);
    expect(cache.get("a")?.html).toBe("a");
    cache.set("d", page("d"), 100);
    // "a" was read since it was kept: "b" goes instead.
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.html).toBe("a");
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
    expect(cache.get("page-9999")?.html).toBe("9999");
  });

  it("refuses a page that alone outweighs it, and replaces a key's page", () => {
    const cache = new PageCache(100);
    expect(cache.set("huge", page("huge"), 101)).toBe(false);
    cache.set("a", page("a1"), 60);
    cache.set("a", page("a2"), 70);
    expect(cache.get("a")?.html).toBe("a2");
    expect(cache.bytes).toBe(70);
  });
});

describe("RenderSlots", () => {
  const never = () => new AbortController().signal;

  it("gives an address no more than its share, running or waiting", async () => {
    const slots = new RenderSlots({ running: 1, waiting: 10, perAddress: 2 });
    const first = await slots.acquire("a", never());
    const second = slots.acquire("a", never());
    expect(await slots.acquire("a", never())).toBeUndefined();
    // Another address waits its turn behind the one running.
    const other = slots.acquire("b", never());
    first?.();
    const secondRelease = await second;
    expect(secondRelease).toBeTypeOf("function");
    secondRelease?.();
    (await other)?.();
    // Every slot came back: the address has its full share again.
    const again = [await slots.acquire("a", never())];
    expect(again[0]).toBeTypeOf("function");
  });

  it("refuses at once when the queue is full, and lets a waiting render go when its deadline passes", async () => {
    const slots = new RenderSlots({ running: 1, waiting: 1, perAddress: 5 });
    const running = await slots.acquire("a", never());
    const deadline = new AbortController();
    const waiting = slots.acquire("b", deadline.signal);
    expect(await slots.acquire("c", never())).toBeUndefined();
    deadline.abort();
    expect(await waiting).toBeUndefined();
    // The queue has room again, and the running slot still passes on when released.
    const next = slots.acquire("c", never());
    running?.();
    expect(await next).toBeTypeOf("function");
  });
});
