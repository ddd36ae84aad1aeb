import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, listenerLockClass, openDatabase } from "../../src/server/db/client.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

const CHANNEL = "barrier_test";

/**
 * A barrier on a NOTIFY channel: the writer answers only once every instance listening on the
 * database has had the notifications committed before it. The session cache rests on it.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("a barrier across the instances listening on PostgreSQL", () => {
  let shared: TestDatabase;
  let writer: Database;
  const heard: string[] = [];
  let heardListeners: Array<() => void> = [];

  beforeAll(async () => {
    shared = await createTestDatabase("postgres");
    writer = await openDatabase({ url: shared.url as string, poolSize: 2 });
    await writer.listen(CHANNEL, (payload) => {
      heard.push(payload);
      for (const each of heardListeners) each();
    });
  });
  afterAll(async () => {
    await writer?.close();
    await shared?.drop();
  });

  /** Resolves once the writer's own subscriber has heard this payload. */
  const writerHears = (payload: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!heard.includes(payload)) return;
        heardListeners = heardListeners.filter((each) => each !== check);
        resolve();
      };
      heardListeners.push(check);
      check();
    });

  /**
   * Another instance as PostgreSQL sees it: a connection that listens and holds the channel's
   * listener lock, but answers barriers only when the test says so.
   */
  const memberByHand = async (id: number) => {
    const client = new pg.Client({ connectionString: shared.url });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    await client.query("select pg_advisory_lock($1, $2)", [listenerLockClass(CHANNEL), id]);
    const barriers: string[] = [];
    let seen: (() => void) | undefined;
    client.on("notification", (message) => {
      const payload = message.payload ?? "";
      if (!payload.startsWith("listener:barrier:")) return;
      barriers.push(payload.slice("listener:barrier:".length));
      seen?.();
    });
    return {
      client,
      nextBarrier: () =>
        new Promise<string>((resolve) => {
          if (barriers.length > 0) return resolve(barriers.shift() as string);
          seen = () => resolve(barriers.shift() as string);
        }),
      answer: (key: string) => client.query("select pg_notify($1, $2)", [CHANNEL, `listener:answer:${key}:${id}`]),
    };
  };

  it("completes at once with the writer alone, and never hands its own messages to subscribers", async () => {
    expect(await writer.barrier(CHANNEL, 10_000)).toEqual({ complete: true, missing: 0 });
    await writer.notify(CHANNEL, "after");
    await writerHears("after");
    expect(heard.filter((payload) => payload.startsWith("listener:"))).toEqual([]);
  });

  it("waits for every listening instance to answer, and only then completes", async () => {
    const other = await memberByHand(424_242);
    try {
      let settled = false;
      const barrier = writer.barrier(CHANNEL, 60_000).then((result) => {
        settled = true;
        return result;
      });
      const key = await other.nextBarrier();
      // The writer's own listener has had its barrier back once it hears a later notification.
      await writer.notify(CHANNEL, "behind the barrier");
      await writerHears("behind the barrier");
      expect(settled).toBe(false);
      await other.answer(key);
      expect(await barrier).toEqual({ complete: true, missing: 0 });
    } finally {
      await other.client.end();
    }
  });

  it("gives up after its time-out, saying how many did not answer, and forgets an instance whose connection ended", async () => {
    const silent = await memberByHand(515_151);
    const given = await writer.barrier(CHANNEL, 1_000);
    expect(given.complete).toBe(false);
    // The silent one, and the writer's own listener too if this machine kept it from its barrier.
    expect(given.missing).toBeGreaterThanOrEqual(1);
    await silent.client.end();
    expect(await writer.barrier(CHANNEL, 10_000)).toEqual({ complete: true, missing: 0 });
  });

  it("is answered by another instance of the app once its subscribers have had what came before", async () => {
    const second = await openDatabase({ url: shared.url as string, poolSize: 2 });
    try {
      const secondHeard: string[] = [];
      await second.listen(CHANNEL, (payload) => secondHeard.push(payload));
      await writer.notify(CHANNEL, "committed before the barrier");
      expect(await writer.barrier(CHANNEL, 60_000)).toEqual({ complete: true, missing: 0 });
      expect(secondHeard).toEqual(["committed before the barrier"]);
    } finally {
      await second.close();
    }
  });
});

describe("a barrier on PGlite", () => {
  it("has nothing to wait for: one process, notifications delivered as the statement completes", async () => {
    const database = await openDatabase({});
    try {
      expect(await database.barrier(CHANNEL, 1)).toEqual({ complete: true, missing: 0 });
    } finally {
      await database.close();
    }
  });
});
