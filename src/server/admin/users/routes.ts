import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageResponseSchema } from "../../../shared/schemas/account.js";
import { adminUsersResponseSchema, userActionRequestSchema } from "../../../shared/schemas/admin.js";
import { requireUser } from "../../http/guards.js";
import type { AdminUsersService } from "./service.js";

export const adminUsersRoutes =
  (service: AdminUsersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/users", { schema: { response: { 200: adminUsersResponseSchema } } }, async (request) => ({
      users: await service.list(requireUser.user(request).id),
    }));

    app.post(
      "/user-action",
      { schema: { body: userActionRequestSchema, response: { 200: messageResponseSchema } } },
      async (request) => service.act(requireUser.user(request).id, request.body),
    );
  };
