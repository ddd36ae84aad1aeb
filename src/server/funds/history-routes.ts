import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { countOf } from "../../shared/inflect.js";
import { fundParamsSchema } from "../../shared/schemas/funds.js";
import {
  fundHistoryResponseSchema,
  revertChangeRequestSchema,
  revertMemberRequestSchema,
  revertResponseSchema,
} from "../../shared/schemas/investor.js";
import { requireUser } from "../http/guards.js";
import type { FundHistoryService } from "./history-service.js";

/** A fund's one history of changes, and the admin's reverts; inside the admin scope, behind its guard. */
export const fundHistoryAdminRoutes =
  (history: FundHistoryService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/funds/:id/history",
      { schema: { params: fundParamsSchema, response: { 200: fundHistoryResponseSchema } } },
      async (request) => history.history(request.params.id),
    );

    app.post(
      "/fund-history/revert",
      { schema: { body: revertChangeRequestSchema, response: { 200: revertResponseSchema } } },
      async (request) => {
        const admin = requireUser.user(request);
        const reverted = await history.revert(request.body.changeId, { id: admin.id, email: admin.email });
        return {
          reverted,
          message: reverted === 1 ? "Change reverted." : `${countOf(reverted, "change", "changes")} reverted together.`,
        };
      },
    );

    app.post(
      "/fund-history/revert-member",
      { schema: { body: revertMemberRequestSchema, response: { 200: revertResponseSchema } } },
      async (request) => {
        const admin = requireUser.user(request);
        const reverted = await history.revertAllBy(request.body.fundId, request.body.userId, {
          id: admin.id,
          email: admin.email,
        });
        return {
          reverted,
          message: reverted === 0 ? "Nothing to revert." : `${countOf(reverted, "change", "changes")} reverted.`,
        };
      },
    );
  };
