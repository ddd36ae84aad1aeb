// Stands in for Google Tag Manager in the end-to-end tests (the machine has no outside network):
// the app is started with GTM_SCRIPT_URL pointing here, and the tests check when the browser asks
// for the script and what it leaves behind (a flag and an analytics-like cookie).
import { createServer } from "node:http";

const port = Number(process.env.GTM_STAND_IN_PORT ?? 3218);
const host = process.env.GTM_STAND_IN_HOST ?? "127.0.0.1";

const SCRIPT = `window.__gtmStandInLoaded = true;
document.cookie = "_ga=GA1.1.test; path=/; max-age=63072000";
`;

const server = createServer((request, response) => {
  const { pathname } = new URL(request.url ?? "/", `http://${host}`);
  if (request.method === "GET" && pathname === "/gtm.js") {
    response.writeHead(200, { "content-type": "application/javascript; charset=utf-8", "cache-control": "no-store" });
    response.end(SCRIPT);
    return;
  }
  if (request.method === "GET" && pathname === "/healthz") {
    response.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    response.end("ok");
    return;
  }
  response.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
  response.end("not found");
});

server.listen(port, host, () => console.log(`GTM stand-in on http://${host}:${port}`));

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
