import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type autocannon from "autocannon";
import type { ServerLoadStats } from "./results.js";
import { type RunningServer, startBareServer } from "./server-process.js";
import { STACK_FLOOR_PATHS, type StackFloorAnswer, type StackFloorAnswers } from "./stack-floor.js";

export type StackFloorMixes = Record<keyof StackFloorAnswers, autocannon.Request[]>;
export type StackFloorStats = Record<keyof StackFloorAnswers, ServerLoadStats>;

/**
 * The stack's floor for each POST mix (scripts/bench/stack-floor.ts): the app's own answers to the
 * mix are asked for once, then a Fastify server with only the zod validator and the routes' body
 * schemas answers the same requests with those bytes, measured like every other call.
 */
export async function measureStackFloor(
  root: string,
  appBaseUrl: string,
  mixes: StackFloorMixes,
  measure: (target: RunningServer, requests: autocannon.Request[]) => Promise<ServerLoadStats>,
): Promise<StackFloorStats> {
  const answers: StackFloorAnswers = {
    search: await answersOf(appBaseUrl, mixes.search),
    advanced: await answersOf(appBaseUrl, mixes.advanced),
    match: await answersOf(appBaseUrl, mixes.match),
  };
  const dir = mkdtempSync(path.join(tmpdir(), "stack-floor-"));
  const file = path.join(dir, "answers.json");
  writeFileSync(file, JSON.stringify(answers));
  try {
    const server = await startBareServer(root, "stack-floor.ts", {
      nodeArgs: ["--import", "tsx"],
      env: { STACK_FLOOR_ANSWERS: file },
    });
    try {
      const at = (key: keyof StackFloorAnswers) =>
        mixes[key].map((request) => ({ ...request, path: STACK_FLOOR_PATHS[key] }));
      return {
        search: await measure(server, at("search")),
        advanced: await measure(server, at("advanced")),
        match: await measure(server, at("match")),
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The app's answer to every request of a mix, in order, as the app sent it: the bytes on the wire
 * and their content-encoding (fetch would decompress them). Anything but a 200 stops the bench.
 */
async function answersOf(baseUrl: string, requests: autocannon.Request[]): Promise<StackFloorAnswer[]> {
  const answers: StackFloorAnswer[] = [];
  for (const request of requests) {
    const { status, encoding, body } = await rawRequest(baseUrl, request);
    if (status !== 200) {
      throw new Error(`stack floor: ${request.path} answered ${status}: ${body.toString("utf8").slice(0, 200)}`);
    }
    answers.push({ bodyBase64: body.toString("base64"), ...(encoding ? { encoding } : {}) });
  }
  return answers;
}

function rawRequest(
  baseUrl: string,
  request: autocannon.Request,
): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${baseUrl}${request.path}`,
      { method: request.method, headers: request.headers as http.OutgoingHttpHeaders },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const encoding = response.headers["content-encoding"];
          resolve({ status: response.statusCode ?? 0, encoding, body: Buffer.concat(chunks) });
        });
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(request.body as string | undefined);
  });
}
