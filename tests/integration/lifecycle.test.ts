import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "../../src/server/paths.js";

/** The real entry point in a child process, as `npm start` runs it (through tsx instead of the bundle). */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: ROOT_DIR,
    // A deployment without Stripe keys must ask for demo payments explicitly (config.ts).
    env: {
      ...process.env,
      NODE_ENV: "production",
      PAYMENTS_MODE: "demo",
      AI_WRITER_MODE: "demo",
      OIDC_MODE: "off",
      LOG_LEVEL: "info",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** A search whose body is sent in two parts, so that the test decides when the request completes. */
function slowSearch(port: number) {
  let finish = () => {};
  let headersSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    headersSent = resolve;
  });
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
    request.write('{"fundingStage":', () => setTimeout(headersSent, 100));
    finish = () => request.end('"seed"}');
  });
  return { response, headersSent: sent, finish: () => finish() };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("server exited during start-up");
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("server did not become healthy");
}

const dataDir = mkdtempSync(path.join(tmpdir(), "fundmatch-lifecycle-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("process lifecycle", () => {
  it("stops start-up on a bad variable, naming it", async () => {
    const server = startServer({ PORT: "not-a-port", DATA_DIR: dataDir, LOG_LEVEL: "loud" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("PORT");
    expect(server.output()).toContain("LOG_LEVEL");
  });

  it("seeds on first start, finishes in-flight requests on SIGTERM, and keeps the data across a restart", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = startServer({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir });
    await waitForHealth(base, first.child);
    expect(first.output()).toContain("seeded fund data");

    const search = () =>
      fetch(`${base}/_api/funds/search`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ fundingStage: "seed" }),
      });
    const before = await (await search()).json();
    expect(before.totalCount).toBeGreaterThan(100);

    // A request whose body is still arriving when SIGTERM lands: it must complete normally.
    const slow = slowSearch(port);
    await slow.headersSent;
    first.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    slow.finish();
    const answer = await slow.response;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).totalCount).toBe(before.totalCount);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("shutdown complete");

    const second = startServer({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir });
    await waitForHealth(base, second.child);
    expect(second.output()).not.toContain("seeded fund data");
    const after = await (await search()).json();
    expect(after.totalCount).toBe(before.totalCount);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  });
});
