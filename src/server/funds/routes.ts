import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { countriesResponseSchema, fundSearchRequestSchema } from "../../shared/schemas/funds.js";
import type { FundsService } from "./service.js";

export const fundsRoutes =
  (service: FundsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/countries", { schema: { response: { 200: countriesResponseSchema } } }, async () => ({
      countries: await service.countries(),
    }));

    app.post(
      "/funds/search",
      {
        schema: {
          body: fundSearchRequestSchema,
          // No response schema: the 200 body (fundSearchResponseSchema, asserted by the API tests) comes
          // pre-serialised, and errors leave through the error handler as {error}.
        },
      },
      async (request, reply) =>
        reply.type("application/json; charset=utf-8").send(await service.searchJson(request.body, request.viewer)),
    );
  };
