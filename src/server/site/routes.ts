import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { REDIRECTS } from "../../shared/page-meta.js";
import { errorResponseSchema, healthResponseSchema, pingResponseSchema } from "../../shared/schemas/fields.js";
import type { Database } from "../db/client.js";
import { robotsTxt, SITEMAP_MAX_URLS, type SitemapSource, sitemapEntries, sitemapIndexXml, sitemapXml } from "./seo.js";

/**
 * The routes of the site itself, outside the API: what crawlers read (robots.txt, the sitemap),
 * the permanent redirects of old page paths, and the health check that load balancers poll. Only
 * the health check answers JSON; the others answer text, XML or a redirect.
 */
export const siteRoutes =
  (database: Database, linkOrigin: string, sitemapSources: readonly SitemapSource[] = []): FastifyPluginAsyncZod =>
  async (app) => {
    // Publicly cached: built from the configured origin, never from the request's Host header.
    const originOf = (_request: FastifyRequest) => linkOrigin;

    app.get("/robots.txt", async (request, reply) =>
      reply.type("text/plain; charset=utf-8").send(robotsTxt(originOf(request))),
    );
    const allEntries = async () => sitemapEntries((await Promise.all(sitemapSources.map((source) => source()))).flat());
    const xml = (reply: FastifyReply, body: string) => reply.type("application/xml; charset=utf-8").send(body);
    // One file while the site fits in one; beyond the protocol's 50,000 URLs, an index of numbered parts.
    app.get("/sitemap.xml", async (request, reply) => {
      const entries = await allEntries();
      if (entries.length <= SITEMAP_MAX_URLS) return xml(reply, sitemapXml(originOf(request), entries));
      return xml(reply, sitemapIndexXml(originOf(request), Math.ceil(entries.length / SITEMAP_MAX_URLS)));
    });
    app.get("/sitemap-:part(^\\d{1,6}).xml", async (request, reply) => {
      const part = Number((request.params as { part: string }).part);
      const entries = await allEntries();
      const parts = entries.length > SITEMAP_MAX_URLS ? Math.ceil(entries.length / SITEMAP_MAX_URLS) : 0;
      if (part < 1 || part > parts) return reply.status(404).send({ error: `Not found: /sitemap-${part}.xml` });
      const slice = entries.slice((part - 1) * SITEMAP_MAX_URLS, part * SITEMAP_MAX_URLS);
      return xml(reply, sitemapXml(originOf(request), slice));
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
