import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminFundReportsQuerySchema,
  adminFundReportsResponseSchema,
  fundReportActionRequestSchema,
  fundReportActionResponseSchema,
  fundReportCreatedResponseSchema,
  fundReportRequestSchema,
  userFundReportsResponseSchema,
} from "../../../shared/schemas/fund-reports.js";
import { fundParamsSchema } from "../../../shared/schemas/funds.js";
import { requireUser } from "../../http/guards.js";
import { ROUTE_LIMITS } from "../../http/rate-limits.js";
import type { FundReportsService } from "./service.js";

/**
 * POST /_api/funds/:id/reports: signed-in users only, limited per address (and per account in the
 * service). GET /_api/user/reports: the signed-in user's own reports and their answers.
 */
export const fundReportRoutes =
  (service: FundReportsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("onRequest", requireUser);
    app.post(
      "/funds/:id/reports",
      {
        schema: {
          params: fundParamsSchema,
          body: fundReportRequestSchema,
          response: { 201: fundReportCreatedResponseSchema },
        },
        config: { rateLimit: ROUTE_LIMITS.fundReport },
      },
      async (request, reply) => {
        const report = await service.report(requireUser.user(request).id, request.params.id, request.body);
        return reply.status(201).send({ report });
      },
    );
    app.get("/user/reports", { schema: { response: { 200: userFundReportsResponseSchema } } }, async (request) =>
      service.reportsOf(requireUser.user(request).id),
    );
  };

/** Registered inside the admin scope (its guard answers 401/403 first). */
export const adminFundReportRoutes =
  (service: FundReportsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/fund-reports",
      { schema: { querystring: adminFundReportsQuerySchema, response: { 200: adminFundReportsResponseSchema } } },
      async (request) => service.list(request.query.status ?? "open"),
    );
    app.post(
      "/fund-report-action",
      { schema: { body: fundReportActionRequestSchema, response: { 200: fundReportActionResponseSchema } } },
      async (request) => ({ report: await service.act(requireUser.user(request).id, request.body) }),
    );
  };
