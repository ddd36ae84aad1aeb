import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import { type AppConfigForClient, HtmlShell } from "../http/html-shell.js";
import { requestedPath } from "../http/not-found.js";
import { requestOrigin } from "../http/origin.js";

/**
 * Serves the built client: hashed assets cached for a year, and every page path gets index.html
 * with that page's head. Registered on the root instance, since it owns the root 404 handler.
 */
export async function registerClientApp(
  app: FastifyInstance,
  config: Config,
  clientConfig: AppConfigForClient,
): Promise<void> {
  const clientDir = config.CLIENT_DIR;
  const indexFile = clientDir ? path.join(clientDir, "index.html") : undefined;
  if (!clientDir || !indexFile || !existsSync(indexFile)) {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ error: `Not found: ${requestedPath(request)}` }),
    );
    return;
  }
  const shell = new HtmlShell(await readFile(indexFile, "utf8"), clientConfig);
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=300");
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const wantsPage = (request.method === "GET" || request.method === "HEAD") && !path.extname(pathname);
    if (!wantsPage) return reply.status(404).send({ error: `Not found: ${requestedPath(request)}` });
    // Unknown paths still get the app (it renders the Not Found page) but with a 404 status for crawlers.
    const page = shell.render(pathname, requestOrigin(request, config.PUBLIC_ORIGIN));
    return reply
      .status(page.known ? 200 : 404)
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(page.html);
  });
}
