import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BILLING_TEXTS } from "../../shared/billing-texts.js";
import { canExportFunds } from "../../shared/entitlements.js";
import { fundStatsSchema } from "../../shared/schemas/admin-data.js";
import {
  countriesResponseSchema,
  fundExportQuerySchema,
  fundParamsSchema,
  fundResponseSchema,
  fundSearchRequestSchema,
  fundSearchResponseSchema,
} from "../../shared/schemas/funds.js";
import { fundMatchRequestSchema, fundMatchResponseSchema } from "../../shared/schemas/match.js";
import { subscriptionOf } from "../auth/viewer.js";
import { forbidden, unauthenticated } from "../errors.js";
import { sendKeptJson } from "../http/compressed-answers.js";
import { ROUTE_LIMITS } from "../http/rate-limits.js";
import { fileDownload } from "../http/responses.js";
import { type AudienceRecorder, audienceViewerOf } from "./audience/recorder.js";
import { exportFunds, XLSX_CONTENT_TYPE } from "./export.js";
import type { FundsService } from "./service.js";

const NOT_LOGGED_IN_TEXT = "Please log in to export funds.";

/** preValidation hook of the export route: 401 for a visitor, 403 for anyone but an active Lifetime member. */
async function requireExporter(request: FastifyRequest): Promise<void> {
  if (request.viewer.kind !== "user") throw unauthenticated(NOT_LOGGED_IN_TEXT);
  if (!canExportFunds(subscriptionOf(request.viewer))) throw forbidden(BILLING_TEXTS.exportLifetimeOnly);
}

export const fundsRoutes =
  (service: FundsService, audience?: Pick<AudienceRecorder, "record">): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/countries", { schema: { response: { 200: countriesResponseSchema } } }, async () => ({
      countries: await service.countries(),
    }));

    // The counts every claim about the data is made of (the home page, the FAQ): never written by hand.
    app.get(
      "/funds/stats",
      {
        schema: {
          response: { 200: fundStatsSchema },
          description: "How many funds there are, and how many have each informative fact, counted from the data.",
        },
      },
      async () => service.stats(),
    );

    app.post(
      "/funds/search",
      {
        schema: {
          body: fundSearchRequestSchema,
          // The 200 body comes pre-serialised from the index: the schema describes it (the API tests
          // assert it); errors leave through the error handler as {error}.
          response: { 200: fundSearchResponseSchema },
        },
      },
      async (request, reply) => sendKeptJson(reply, await service.searchBody(request.body, request.viewer)),
    );

    // The match (ADR 0021): a startup profile in, the ranked funds with fit, reasons and concerns out,
    // through the same gate as search. Pre-serialised and kept like search.
    app.post(
      "/funds/match",
      { schema: { body: fundMatchRequestSchema, response: { 200: fundMatchResponseSchema } } },
      async (request, reply) => {
        const { body, fundIds } = await service.matchPage(request.body, request.viewer);
        // The funds this founder was shown are their shortlist: counted for each fund's team (issue 24).
        audience?.record("shortlist", audienceViewerOf(request), fundIds);
        return sendKeptJson(reply, body);
      },
    );

    // A fund page's data: the same gate as search, pre-serialised like search.
    app.get(
      "/funds/:id",
      { schema: { params: fundParamsSchema, response: { 200: fundResponseSchema } } },
      async (request, reply) => {
        const json = await service.fundJson(request.params.id, request.viewer);
        // A founder opened the fund's page (issue 24); a visitor's server-rendered page is counted by
        // the page's own hook (src/server/funds/audience/page-views.ts).
        audience?.record("pageView", audienceViewerOf(request), [request.params.id]);
        return sendKeptJson(reply, json);
      },
    );

    // Building a workbook of every fund is the heaviest call in the API, hence its own tight limit
    // (checked onRequest, so refused calls count too). Lifetime members only: the gate runs at
    // preValidation, so 401/403 come before the filters are even looked at.
    app.get(
      "/funds/export",
      {
        schema: {
          querystring: fundExportQuerySchema,
          response: { 200: fileDownload(XLSX_CONTENT_TYPE, "An Excel workbook of every fund the filters match.") },
          security: [{ session: [] }],
          description: "Lifetime members only: 401 signed out, 403 for any other plan.",
        },
        preValidation: requireExporter,
        config: { rateLimit: ROUTE_LIMITS.export },
      },
      async (request, reply) => {
        const file = await exportFunds(service, request.query);
        // The workbook's bytes go out as they are; the response schema only describes them.
        const raw: FastifyReply = reply;
        return raw
          .type(XLSX_CONTENT_TYPE)
          .header("content-disposition", `attachment; filename="${file.fileName}"`)
          .header("cache-control", "no-store")
          .send(file.body);
      },
    );
  };
