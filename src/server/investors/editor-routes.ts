import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fundParamsSchema } from "../../shared/schemas/funds.js";
import { fundEditorResponseSchema, fundEditPatchSchema, myFundsResponseSchema } from "../../shared/schemas/investor.js";
import type { FundTeamService } from "../funds/team-service.js";
import { requireUser } from "../http/guards.js";
import type { InvestorsService } from "./service.js";

/**
 * The fund's own editor (issue 24), for members of the fund's team: 401 signed out; for an id,
 * 404 when no fund has it, then 403 unless the account is on that fund's team (checked here, on the
 * matched route, for every call).
 */
export const fundEditorRoutes =
  (investors: InvestorsService, fundTeam: FundTeamService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("onRequest", requireUser);

    const checkMember = async (userId: number, fundId: number) => {
      await fundTeam.assertExists(fundId);
      await investors.assertCanEditFund(userId, fundId);
    };

    app.get("/investor/funds", { schema: { response: { 200: myFundsResponseSchema } } }, async (request) => ({
      funds: await fundTeam.fundsByIds(await investors.memberFundIds(requireUser.user(request).id)),
    }));

    app.get(
      "/investor/funds/:id",
      { schema: { params: fundParamsSchema, response: { 200: fundEditorResponseSchema } } },
      async (request) => {
        const user = requireUser.user(request);
        const fundId = request.params.id;
        await checkMember(user.id, fundId);
        return { fund: await fundTeam.editorData(fundId, await investors.listing(fundId, user.id)) };
      },
    );

    // Changes take effect at once: the fund page and search see them on the next call.
    app.patch(
      "/investor/funds/:id",
      { schema: { params: fundParamsSchema, body: fundEditPatchSchema, response: { 200: fundEditorResponseSchema } } },
      async (request) => {
        const user = requireUser.user(request);
        const fundId = request.params.id;
        await checkMember(user.id, fundId);
        const { listing, ...facts } = request.body;
        await fundTeam.update(fundId, { id: user.id, email: user.email }, facts);
        if (listing) await investors.updateListing(fundId, user.id, listing);
        return { fund: await fundTeam.editorData(fundId, await investors.listing(fundId, user.id)) };
      },
    );
  };
