import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fundIdRequestSchema } from "../../shared/schemas/account.js";
import { toSessionUser } from "../auth/service.js";
import { requireUser } from "../http/guards.js";
import type { AccountService } from "./service.js";

export const accountRoutes =
  (account: AccountService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("onRequest", requireUser);

    app.get("/user/saved-funds", async (request, reply) =>
      reply
        .type("application/json; charset=utf-8")
        .send(await account.savedFundsJson(requireUser.user(request).id, request.viewer)),
    );

    app.post("/user/save-fund", { schema: { body: fundIdRequestSchema } }, async (request) => {
      await account.save(requireUser.user(request).id, request.viewer, request.body.fundId);
      return { saved: true, fundId: request.body.fundId };
    });

    app.post("/user/unsave-fund", { schema: { body: fundIdRequestSchema } }, async (request) => {
      await account.unsave(requireUser.user(request).id, request.body.fundId);
      return { saved: false, fundId: request.body.fundId };
    });

    app.get("/user/account-status", async (request) => {
      const user = toSessionUser(requireUser.user(request));
      return { subscriptionStatus: user.subscriptionStatus, subscriptionType: user.subscriptionType };
    });

    app.get("/user/profile", async (request) => {
      const user = toSessionUser(requireUser.user(request));
      return {
        displayName: user.displayName,
        email: user.email,
        role: user.role,
        subscriptionStatus: user.subscriptionStatus,
      };
    });
  };
