import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type autocannon from "autocannon";
import type { ServerLoadStats } from "./results.js";
import { type RunningServer, startBareServer } from "./server-process.js";
import { STACK_FLOOR_PATHS, type StackFloorAnswers } from "./stack-floor.js";

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

/** The app's answer to every request of a mix, in order; anything but a 200 stops the bench. */
async function answersOf(baseUrl: string, requests: autocannon.Request[]): Promise<string[]> {
  const texts: string[] = [];
  for (const request of requests) {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body as string,
    });
    const text = await response.text();
    if (response.status !== 200) {
      throw new Error(`stack floor: ${request.path} answered ${response.status}: ${text.slice(0, 200)}`);
    }
    texts.push(text);
  }
  return texts;
}
