// A reference beside the ruler (scripts/bench/bare-server.mjs): the framework the app is built on,
// with nothing but two routes answering ping's body (no plugin, no hook, no schema), spawned and
// measured like the app. GET /_api/ping is the ceiling of every GET call; POST /_api/funds/search
// takes the search mix's JSON bodies through Fastify's own body parser and answers the same small
// body, the ceiling of every POST call (the search, the match): no call of the app can beat them.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/_api/ping", async () => ({ ok: true }));
app.post("/_api/funds/search", async (request) => {
  // Touch the parsed body, as any handler would; the answer stays ping's.
  if (typeof request.body !== "object" || request.body === null) throw new Error("no JSON body");
  return { ok: true };
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? "127.0.0.1" });
process.once("SIGTERM", () => {
  app.close().then(() => process.exit(0));
});
