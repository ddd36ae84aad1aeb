import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, spawnServer, startServer } from "../support/process.js";

/** A process start through tsx on a busy 2-core machine can take a while: the limit is generous, never a wait. */
const PROCESS_TEST_TIMEOUT_MS = 240_000;
/** The server's log line as it reads a request's headers; the search below counts them. */
const INCOMING_SEARCH = /"url":"\/_api\/funds\/search"[^\n]*"msg":"incoming request"/;

/** A search whose body is sent in two parts, so that the test decides when the request completes. */
function slowSearch(port: number) {
  let finish = () => {};
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/_api/funds/search",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      },
      (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    request.write('{"fundingStage":');
    finish = () => request.end('"seed"}');
  });
  return { response, finish: () => finish() };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "fundmatch-lifecycle-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("process lifecycle", () => {
  it(
    "stops start-up on a bad variable, naming it",
    async () => {
      const server = spawnServer({ PORT: "not-a-port", DATA_DIR: dataDir, LOG_LEVEL: "loud" });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain("PORT");
      expect(server.output()).toContain("LOG_LEVEL");
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    "seeds on first start, finishes in-flight requests on SIGTERM, and keeps the data across a restart",
    async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const first = await startServer({ PORT: String(port), DATA_DIR: dataDir });
      // Seeded here, or copied from the build's cluster with the same data seeded in it (ADR 0019).
      expect(first.output()).toMatch(/seeded fund data|shipped data copied from the build's seeded cluster/);

      const search = () =>
        fetch(`${base}/_api/funds/search`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ fundingStage: "seed" }),
        });
      const before = await (await search()).json();
      expect(before.totalCount).toBeGreaterThan(100);

      // A request whose body is still arriving when SIGTERM lands: it must complete normally. The
      // server's own log says when it has read the request's headers, and when shutdown began.
      const logFrom = first.output().length;
      const slow = slowSearch(port);
      await first.waitFor(INCOMING_SEARCH, logFrom);
      const shutdownFrom = first.output().length;
      first.child.kill("SIGTERM");
      await first.waitFor(/shutting down: finishing in-flight requests/, shutdownFrom);
      slow.finish();
      const answer = await slow.response;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).totalCount).toBe(before.totalCount);
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain("shutdown complete");

      const second = await startServer({ PORT: String(port), DATA_DIR: dataDir });
      expect(second.output()).not.toMatch(/seeded fund data|shipped data copied/);
      const after = await (await search()).json();
      expect(after.totalCount).toBe(before.totalCount);
      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
