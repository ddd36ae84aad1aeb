// A reference beside bare Fastify (scripts/bench/bare-fastify.mjs): what the decided stack costs
// for a POST call before the app adds anything. Fastify 5 with the zod type provider's validator
// (as src/server/app.ts sets it), each route with the app's own body schema, answering with the
// app's own answers to the mix as they went over the wire (compressed for the browser's
// accept-encoding, with their content-encoding), captured by the bench into the file
// STACK_FLOOR_ANSWERS names. No plugin, hook, session, security header, search or ranking: a
// budget of a POST call above this floor's share cannot be met by any app built on the stack.
// Run by node with tsx's loader (the schemas are TypeScript); the loader works at import time only.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import Fastify from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { fundSearchRequestSchema } from "../../src/shared/schemas/funds.js";
import { fundMatchRequestSchema } from "../../src/shared/schemas/match.js";

/** One answer as the app sent it: its bytes (base64 in the file) and their content-encoding. */
export type StackFloorAnswer = { bodyBase64: string; encoding?: string };
export type StackFloorAnswers = { search: StackFloorAnswer[]; advanced: StackFloorAnswer[]; match: StackFloorAnswer[] };

/** The paths the floor answers; the advanced mix has its own path so each mix cycles its own answers. */
export const STACK_FLOOR_PATHS = {
  search: "/_api/funds/search",
  advanced: "/_api/funds/search-advanced",
  match: "/_api/funds/match",
} as const;

type Answer = { body: Buffer; encoding: string | undefined };

function cycle(answers: StackFloorAnswer[]): () => Answer {
  if (answers.length === 0) throw new Error("stack floor: a mix without answers");
  const decoded = answers.map((answer) => ({
    body: Buffer.from(answer.bodyBase64, "base64"),
    encoding: answer.encoding,
  }));
  let next = 0;
  return () => {
    const answer = decoded[next] as Answer;
    next = (next + 1) % decoded.length;
    return answer;
  };
}

async function main(): Promise<void> {
  const file = process.env.STACK_FLOOR_ANSWERS;
  if (!file) throw new Error("STACK_FLOOR_ANSWERS must name the answers file");
  const answers = JSON.parse(readFileSync(file, "utf8")) as StackFloorAnswers;
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  const routes = [
    { path: STACK_FLOOR_PATHS.search, body: fundSearchRequestSchema, answer: cycle(answers.search) },
    { path: STACK_FLOOR_PATHS.advanced, body: fundSearchRequestSchema, answer: cycle(answers.advanced) },
    { path: STACK_FLOOR_PATHS.match, body: fundMatchRequestSchema, answer: cycle(answers.match) },
  ];
  for (const route of routes) {
    app.post(route.path, { schema: { body: route.body } }, async (_request, reply) => {
      const answer = route.answer();
      reply.type("application/json; charset=utf-8");
      if (answer.encoding) reply.header("content-encoding", answer.encoding).header("vary", "Accept-Encoding");
      return reply.send(answer.body);
    });
  }
  // Ping, so that the bench's readiness check finds it like every other server it starts.
  app.get("/_api/ping", async () => ({ ok: true }));
  await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? "127.0.0.1" });
  process.once("SIGTERM", () => {
    app.close().then(() => process.exit(0));
  });
}

// Imported by the bench for its paths; only run as a program does it serve.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
