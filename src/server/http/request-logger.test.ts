import type { IncomingMessage } from "node:http";
import { Writable } from "node:stream";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { pino } from "pino";
import { describe, expect, it, vi } from "vitest";
import { lazyChildLogger, permute32, requestIdGenerator } from "./request-logger.js";

function logger(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)));
      callback();
    },
  });
  return { parent: pino({ level }, stream), lines };
}

const childOf = (parent: FastifyBaseLogger) =>
  lazyChildLogger.call({} as FastifyInstance, parent, { reqId: "r-1" }, {}, {} as IncomingMessage);

describe("a request's logger", () => {
  it("writes enabled lines with the request id, as pino's child did", () => {
    const { parent, lines } = logger("info");
    const log = childOf(parent);
    log.info({ n: 1 }, "incoming request");
    log.debug("not at this level");
    log.error(new Error("boom"), "failed");
    expect(lines.map((line) => [line.reqId, line.msg, line.n])).toEqual([
      ["r-1", "incoming request", 1],
      ["r-1", "failed", undefined],
    ]);
    expect(log.child({ extra: true }).level).toBe("info");
  });

  it("makes no pino child while nothing is written at an enabled level", () => {
    const { parent, lines } = logger("warn");
    const made = vi.spyOn(parent, "child");
    const log = childOf(parent);
    log.info("incoming request");
    log.debug("detail");
    expect(made).not.toHaveBeenCalled();
    expect(log.level).toBe("warn");
    log.warn("slow");
    expect(made).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([{ reqId: "r-1", msg: "slow" }]);
  });
});

describe("request ids", () => {
  const request = (id?: string) => ({ headers: id === undefined ? {} : { "x-request-id": id } }) as IncomingMessage;

  it("keeps a plain incoming id and makes a fresh one otherwise, never the same twice", () => {
    const next = requestIdGenerator();
    expect(next(request("abc-123"))).toBe("abc-123");
    const made = [next(request()), next(request("<script>")), next(request("x".repeat(65)))];
    expect(new Set(made).size).toBe(3);
    for (const id of made) expect(id).toMatch(/^[0-9a-f]{12}-[0-9a-f]{8}$/);
    // Another process (instance) draws another prefix.
    expect(requestIdGenerator()(request()).split("-")[0]).not.toBe(made[0]?.split("-")[0]);
  });

  it("does not show how many requests came before: consecutive ids are not in order", () => {
    const next = requestIdGenerator();
    const counters = Array.from({ length: 1000 }, () => Number.parseInt(next(request()).split("-")[1] as string, 16));
    expect(new Set(counters).size).toBe(1000);
    const rising = counters.slice(1).filter((value, index) => value > (counters[index] as number)).length;
    // In order, all 999 would rise; shuffled, about half do.
    expect(rising).toBeGreaterThan(350);
    expect(rising).toBeLessThan(650);
    expect(counters[0]).not.toBe(0);
  });

  it("gives every 32-bit counter its own id", () => {
    const keys = new Uint16Array([0x1234, 0xbeef, 0x0f0f, 0x7a7a]);
    const seen = new Set<number>();
    // A whole block of the counters a busy process goes through, and the two ends of the range.
    for (let value = 0; value < 1 << 18; value++) seen.add(permute32(value, keys));
    for (let value = 0xffff_ffff; value > 0xffff_ffff - 1000; value--) seen.add(permute32(value, keys));
    expect(seen.size).toBe((1 << 18) + 1000);
    for (const value of seen) expect(value >>> 0).toBe(value);
  });
});
