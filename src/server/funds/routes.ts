import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  countriesResponseSchema,
  errorResponseSchema,
  fundSearchRequestSchema,
  fundSearchResponseSchema,
} from "../../shared/schemas/funds.js";
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
          response: { 200: fundSearchResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => service.search(request.body, request.viewer),
    );
  };
