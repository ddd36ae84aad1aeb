import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminDataQuerySchema,
  adminDataResponseSchema,
  markReviewedRequestSchema,
  markReviewedResponseSchema,
} from "../../shared/schemas/admin-data.js";
import {
  adminFundSchema,
  adminFundsPageSchema,
  adminFundsQuerySchema,
  fundDeleteRequestSchema,
} from "../../shared/schemas/admin-funds.js";
import { fundUpdateRequestSchema } from "../../shared/schemas/fund-update.js";
import { fundParamsSchema } from "../../shared/schemas/funds.js";
import { requireUser } from "../http/guards.js";
import type { FundAdminService } from "./admin-service.js";

/** The admin's fund table, Edit and Delete; registered inside the admin scope, behind its guard. */
export const fundAdminRoutes =
  (funds: FundAdminService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/funds",
      { schema: { querystring: adminFundsQuerySchema, response: { 200: adminFundsPageSchema } } },
      async (request) =>
        funds.list({ query: request.query.q, page: request.query.page, pageSize: request.query.pageSize }),
    );

    // One fund for its edit form, opened from a link (/admin/funds?edit=123: a report, the data page).
    app.get(
      "/fund/:id",
      { schema: { params: fundParamsSchema, response: { 200: z.object({ fund: adminFundSchema }) } } },
      async (request) => ({ fund: await funds.get(request.params.id) }),
    );

    app.post(
      "/fund/update",
      { schema: { body: fundUpdateRequestSchema, response: { 200: z.object({ fund: adminFundSchema }) } } },
      async (request) => {
        const admin = requireUser.user(request);
        return { fund: await funds.update(request.body.id, request.body.fund, { id: admin.id, email: admin.email }) };
      },
    );

    app.post(
      "/fund/mark-reviewed",
      { schema: { body: markReviewedRequestSchema, response: { 200: markReviewedResponseSchema } } },
      async (request) => funds.markReviewed(request.body.id),
    );

    // The data page: coverage per fact, funds not reviewed in 12 months, open reports, oldest facts.
    app.get(
      "/data",
      { schema: { querystring: adminDataQuerySchema, response: { 200: adminDataResponseSchema } } },
      async (request) => funds.dataOverview(request.query.page ?? 1),
    );

    app.post(
      "/fund/delete",
      { schema: { body: fundDeleteRequestSchema, response: { 200: z.object({ message: z.string() }) } } },
      async (request) => {
        await funds.remove(request.body.id);
        return { message: "Fund deleted." };
      },
    );
  };
