import { randomInt } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { freePort } from "../support/process.js";

const attempt = (t: TestApp, ip: string, n: number) =>
  t.app.inject({
    method: "POST",
    url: "/_api/auth/login_with_password",
    remoteAddress: ip,
    // A different account each time: the per-account limit stays out of the way of the per-IP one.
    payload: { email: `nobody-${n}@example.com`, password: "Wrong-pass-1" },
  });

/** A client address of this run's own: counters of earlier runs in the same Redis do not touch it. */
const freshIp = () => `10.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

/**
 * Rate limits shared through Redis (REDIS_URL): the real Redis at TEST_REDIS_URL, required like
 * TEST_DATABASE_URL is for PostgreSQL. CI sets it (.ci/run); when it is set, an unreachable Redis
 * fails these tests rather than skipping them.
 */
describe.runIf(process.env.TEST_REDIS_URL)("rate limits shared by several instances through Redis", () => {
  const redisUrl = process.env.TEST_REDIS_URL as string;
  const instances: TestApp[] = [];

  beforeAll(async () => {
    const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    try {
      await probe.connect();
      expect(await probe.ping()).toBe("PONG");
    } catch (error) {
      throw new Error(`TEST_REDIS_URL=${redisUrl} is set but Redis does not answer: ${String(error)}`);
    } finally {
      probe.disconnect();
    }
    for (let i = 0; i < 2; i++) instances.push(await createTestApp("pglite", { REDIS_URL: redisUrl }));
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
  });

  it("counts log-in attempts from one address across both instances: the 21st is refused, whichever instance gets it", async () => {
    const [first, second] = instances as [TestApp, TestApp];
    const ip = freshIp();
    for (let n = 0; n < 20; n++) {
      const response = await attempt(n % 2 === 0 ? first : second, ip, n);
      expect(response.statusCode).toBe(401);
    }
    for (const instance of [first, second]) {
      const refused = await attempt(instance, ip, 99);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatch(/^Too many requests\. Please wait \d+ seconds? and try again\.$/);
    }
    // Another address is counted on its own.
    expect((await attempt(second, freshIp(), 100)).statusCode).toBe(401);
  });
});

describe("rate limits without a shared store", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp("pglite");
    second = await createTestApp("pglite");
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it("counts per process without REDIS_URL: each instance allows the full limit (why several instances need Redis)", async () => {
    const ip = freshIp();
    for (let n = 0; n < 20; n++) expect((await attempt(first, ip, n)).statusCode).toBe(401);
    expect((await attempt(first, ip, 20)).statusCode).toBe(429);
    expect((await attempt(second, ip, 21)).statusCode).toBe(401);
  });
});

describe("a Redis that is down", () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port nothing listens on: connections are refused at once, as when Redis has stopped.
    t = await createTestApp("pglite", { REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
  });
  afterAll(async () => t?.close());

  it("lets requests through unlimited rather than failing them", async () => {
    const ip = freshIp();
    for (let n = 0; n < 25; n++) expect((await attempt(t, ip, n)).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/_api/ping", remoteAddress: ip })).statusCode).toBe(200);
  });

  it("refuses a REDIS_URL that is not a Redis URL, naming it", () => {
    expect(() => loadConfig({ REDIS_URL: "http://127.0.0.1:6379" })).toThrow(ConfigError);
    expect(() => loadConfig({ REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL: must start with redis:\/\//);
    expect(loadConfig({ REDIS_URL: "rediss://cache.internal:6380" }).REDIS_URL).toBe("rediss://cache.internal:6380");
    expect(loadConfig({ REDIS_URL: "" }).REDIS_URL).toBeUndefined();
  });
});
