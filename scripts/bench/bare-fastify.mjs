// A reference beside the ruler (scripts/bench/bare-server.mjs): the framework the app is built on,
// with one route answering ping's body and nothing else (no plugin, no hook, no schema), spawned and
// measured like the app. No call of the app can be cheaper than this, so its share of the bare
// server is the ceiling of every throughput budget on this machine.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/_api/ping", async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? "127.0.0.1" });
process.once("SIGTERM", () => {
  app.close().then(() => process.exit(0));
});
