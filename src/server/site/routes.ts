import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { REDIRECTS } from "../../shared/page-meta.js";
import { errorResponseSchema, healthResponseSchema, pingResponseSchema } from "../../shared/schemas/fields.js";
import type { Database } from "../db/client.js";
import { requestOrigin } from "../http/origin.js";
import { robotsTxt, type SitemapSource, sitemapXml } from "./seo.js";

/**
 * The routes of the site itself, outside the API: what crawlers read (robots.txt, the sitemap),
 * the permanent redirects of old page paths, and the health check that load balancers poll. Only
 * the health check answers JSON; the others answer text, XML or a redirect.
 */
export const siteRoutes =
  (
    database: Database,
    publicOrigin: string | undefined,
    sitemapSources: readonly SitemapSource[] = [],
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const originOf = (request: FastifyRequest) => requestOrigin(request, publicOrigin);

    app.get("/robots.txt", async (request, reply) =>
      reply.type("text/plain; charset=utf-8").send(robotsTxt(originOf(request))),
    );
    app.get("/sitemap.xml", async (request, reply) => {
      const entries = (await Promise.all(sitemapSources.map((source) => source()))).flat();
      return reply.type("application/xml; charset=utf-8").send(sitemapXml(originOf(request), entries));
    });
    for (const [from, to] of Object.entries(REDIRECTS)) {
      app.get(from, async (request, reply) => {
        const query = request.url.indexOf("?");
        return reply.redirect(query === -1 ? to : to + request.url.slice(query), 301);
      });
    }

    // Readiness: answers 200 only while the database does.
    app.get(
      "/healthz",
      { schema: { response: { 200: healthResponseSchema, 503: errorResponseSchema } } },
      async (request, reply) => {
        try {
          await database.ping();
          return { status: "ok" as const, database: database.kind };
        } catch (error) {
          request.log.error({ err: error }, "health check failed");
          return reply.status(503).send({ error: "Database unavailable" });
        }
      },
    );
  };

/** Inside the API scope: a constant JSON answer, liveness without the database and the benchmark's baseline. */
export const pingRoute: FastifyPluginAsyncZod = async (api) => {
  api.get("/ping", { schema: { response: { 200: pingResponseSchema } } }, async () => ({ ok: true as const }));
};
