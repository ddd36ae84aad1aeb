import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminFundSchema,
  adminFundsPageSchema,
  adminFundsQuerySchema,
  fundDeleteRequestSchema,
} from "../../shared/schemas/admin-funds.js";
import { fundUpdateRequestSchema } from "../../shared/schemas/fund-update.js";
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

    app.post(
      "/fund/update",
      { schema: { body: fundUpdateRequestSchema, response: { 200: z.object({ fund: adminFundSchema }) } } },
      async (request) => ({ fund: await funds.update(request.body.id, request.body.fund) }),
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
