import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageResponseSchema } from "../../shared/schemas/account.js";
import {
  adminFundClaimsResponseSchema,
  fundClaimActionRequestSchema,
  fundClaimRequestSchema,
  fundClaimResponseSchema,
  fundClaimVerifyRequestSchema,
  fundClaimVerifyResponseSchema,
  fundMemberRemovalRequestSchema,
  fundMembershipsResponseSchema,
} from "../../shared/schemas/fund-claims.js";
import { fundParamsSchema } from "../../shared/schemas/funds.js";
import { requireUser } from "../http/guards.js";
import { ROUTE_LIMITS } from "../http/rate-limits.js";
import type { InvestorsService } from "./service.js";

/**
 * A fund's team, for signed-in accounts: claiming a fund (limited per address here, per account and
 * per fund in the service), following the e-mailed link, and the account's own memberships.
 */
export const investorRoutes =
  (service: InvestorsService, appOrigin: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("onRequest", requireUser);

    app.post(
      "/funds/:id/claim",
      {
        schema: { params: fundParamsSchema, body: fundClaimRequestSchema, response: { 200: fundClaimResponseSchema } },
        config: { rateLimit: ROUTE_LIMITS.fundClaim },
      },
      async (request) => service.claim(requireUser.user(request).id, request.params.id, request.body, appOrigin),
    );

    // The e-mailed link's page posts its token (kept out of URLs the server logs).
    app.post(
      "/funds/claims/verify",
      {
        schema: { body: fundClaimVerifyRequestSchema, response: { 200: fundClaimVerifyResponseSchema } },
        config: { rateLimit: ROUTE_LIMITS.fundClaimVerify },
      },
      async (request) => service.verify(requireUser.user(request).id, request.body.token),
    );

    app.get(
      "/user/fund-memberships",
      { schema: { response: { 200: fundMembershipsResponseSchema } } },
      async (request) => ({
        funds: await service.memberFunds(requireUser.user(request).id),
      }),
    );
  };

/** Registered inside the admin scope (its guard answers 401/403 first). */
export const adminInvestorRoutes =
  (service: InvestorsService, appOrigin: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/fund-claims", { schema: { response: { 200: adminFundClaimsResponseSchema } } }, async () =>
      service.adminList(),
    );
    app.post(
      "/fund-claim-action",
      { schema: { body: fundClaimActionRequestSchema, response: { 200: messageResponseSchema } } },
      async (request) =>
        service.decide(
          requireUser.user(request).id,
          request.body.claimId,
          request.body.action,
          request.body.reason,
          appOrigin,
        ),
    );
    app.post(
      "/fund-member-removal",
      { schema: { body: fundMemberRemovalRequestSchema, response: { 200: messageResponseSchema } } },
      async (request) => service.removeMember(request.body.fundId, request.body.userId),
    );
  };
