// A reference beside bare Fastify (scripts/bench/bare-fastify.mjs): what the decided stack costs
// for a POST call before the app adds anything. Fastify 5 with the zod type provider's validator
// (as src/server/app.ts sets it), each route with the app's own body schema, answering with the
// app's own answer bytes for the mix (captured from the app by the bench, written to the file
// STACK_FLOOR_ANSWERS names). No plugin, hook, session, security header, search or ranking: every
// budget of a POST call below this floor cannot be met by any app built on the stack.
// Run by node with tsx's loader (the schemas are TypeScript); the loader works at import time only.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import Fastify from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { fundSearchRequestSchema } from "../../src/shared/schemas/funds.js";
import { fundMatchRequestSchema } from "../../src/shared/schemas/match.js";

export type StackFloorAnswers = { search: string[]; advanced: string[]; match: string[] };

/** The paths the floor answers; the advanced mix has its own path so each mix cycles its own answers. */
export const STACK_FLOOR_PATHS = {
  search: "/_api/funds/search",
  advanced: "/_api/funds/search-advanced",
  match: "/_api/funds/match",
} as const;

function cycle(texts: string[]): () => Buffer {
  if (texts.length === 0) throw new Error("stack floor: a mix without answers");
  const buffers = texts.map((text) => Buffer.from(text));
  let next = 0;
  return () => {
    const answer = buffers[next] as Buffer;
    next = (next + 1) % buffers.length;
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
    app.post(route.path, { schema: { body: route.body } }, async (_request, reply) =>
      reply.type("application/json; charset=utf-8").send(route.answer()),
    );
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
