// The bench's ruler (scripts/bench/bare-server.ts): what this machine serves with Node's own HTTP
// server and nothing else, answering every request with the body GET /_api/ping answers. Plain
// JavaScript run by node as it is, so no loader or framework sits between the socket and the answer.
import http from "node:http";

const body = Buffer.from(JSON.stringify({ ok: true }));
const headers = { "content-type": "application/json; charset=utf-8", "content-length": String(body.length) };

const server = http.createServer((request, response) => {
  // A request body (none is sent) would be read and dropped, as a framework would.
  request.resume();
  response.writeHead(200, headers);
  response.end(body);
});
// Fastify's default, so that neither server closes idle load-generator connections sooner.
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
