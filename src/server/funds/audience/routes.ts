import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { audienceResponseSchema } from "../../../shared/schemas/fund-audience.js";
import { fundParamsSchema } from "../../../shared/schemas/funds.js";
import { requireUser } from "../../http/guards.js";
import type { FundAudienceService } from "./service.js";

/**
 * The fund team's counts (issue 24): signed in (401 otherwise), on this fund's team (403 for any
 * other fund, admins included: they have no team page of their own).
 */
export const fundAudienceRoutes =
  (audience: FundAudienceService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/investor/funds/:id/audience",
      {
        onRequest: requireUser,
        schema: {
          params: fundParamsSchema,
          response: { 200: audienceResponseSchema },
          security: [{ session: [] }],
          description:
            "The fund's last 12 months of founders' interest: page views, saves and shortlists, counts only. 401 signed out, 403 for anyone not on the fund's team.",
        },
      },
      async (request) => ({ months: await audience.months(requireUser.user(request).id, request.params.id) }),
    );
  };
