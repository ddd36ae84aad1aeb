import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BILLING_TEXTS } from "../../shared/billing-texts.js";
import { canExportFunds } from "../../shared/entitlements.js";
import {
  countriesResponseSchema,
  fundExportQuerySchema,
  fundParamsSchema,
  fundSearchRequestSchema,
} from "../../shared/schemas/funds.js";
import { forbidden, unauthenticated } from "../errors.js";
import { ROUTE_LIMITS } from "../http/rate-limits.js";
import { subscriptionOf } from "../http/viewer.js";
import { exportFunds, XLSX_CONTENT_TYPE } from "./export.js";
import type { FundsService } from "./service.js";

const NOT_LOGGED_IN_TEXT = "Please log in to export funds.";

/** preValidation hook of the export route: 401 for a visitor, 403 for anyone but an active Lifetime member. */
async function requireExporter(request: FastifyRequest): Promise<void> {
  if (request.viewer.kind !== "user") throw unauthenticated(NOT_LOGGED_IN_TEXT);
  if (!canExportFunds(subscriptionOf(request.viewer))) throw forbidden(BILLING_TEXTS.exportLifetimeOnly);
}

export const fundsRoutes =
  (service: FundsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/countries", { schema: { response: { 200: countriesResponseSchema } } }, async () => ({
      countries: await service.countries(),
    }));

    app.post(
      "/funds/search",
      {
        schema: {
          body: fundSearchRequestSchema,
          // No response schema: the 200 body (fundSearchResponseSchema, asserted by the API tests) comes
          // pre-serialised, and errors leave through the error handler as {error}.
        },
      },
      async (request, reply) =>
        reply.type("application/json; charset=utf-8").send(await service.searchBody(request.body, request.viewer)),
    );

    // A fund page's data: the same gate as search. Pre-serialised like search (fundResponseSchema
    // describes it, the API tests assert it).
    app.get("/funds/:id", { schema: { params: fundParamsSchema } }, async (request, reply) =>
      reply.type("application/json; charset=utf-8").send(await service.fundJson(request.params.id, request.viewer)),
    );

    // Building a workbook of every fund is the heaviest call in the API, hence its own tight limit
    // (checked onRequest, so refused calls count too). Lifetime members only: the gate runs at
    // preValidation, so 401/403 come before the filters are even looked at.
    app.get(
      "/funds/export",
      {
        schema: { querystring: fundExportQuerySchema },
        preValidation: requireExporter,
        config: { rateLimit: ROUTE_LIMITS.export },
      },
      async (request, reply) => {
        const file = await exportFunds(service, request.query);
        return reply
          .type(XLSX_CONTENT_TYPE)
          .header("content-disposition", `attachment; filename="${file.fileName}"`)
          .header("cache-control", "no-store")
          .send(file.body);
      },
    );
  };
