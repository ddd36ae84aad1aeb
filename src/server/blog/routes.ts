import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  aiWriterRequestSchema,
  aiWriterResponseSchema,
  blogListQuerySchema,
  blogPostCreateSchema,
  blogPostDeleteSchema,
  blogPostQuerySchema,
  blogPostUpdateSchema,
} from "../../shared/schemas/blog.js";
import { requireUser } from "../http/guards.js";
import { ROUTE_LIMITS } from "../http/rate-limits.js";
import type { AiWriterService } from "./ai-writer/service.js";
import { type BlogService, blogAnswer } from "./service.js";

/**
 * Blog answers are superjson text (dates stay dates), made ahead for the public calls. They have no
 * response schema for that reason, as the search's pre-serialised answer; errors still leave
 * through the error handler as {error}.
 */
const sendSuperjson = (reply: FastifyReply, text: string) => reply.type("application/json; charset=utf-8").send(text);

/** The public blog calls, in the API scope. */
export const blogRoutes =
  (service: BlogService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/blog/posts", { schema: { querystring: blogListQuerySchema } }, async (request, reply) =>
      sendSuperjson(reply, await service.listJson(request.query.limit)),
    );

    app.get("/blog/post", { schema: { querystring: blogPostQuerySchema } }, async (request, reply) =>
      sendSuperjson(reply, await service.postJson(request.query.slug)),
    );
  };

/** The admin's blog calls, registered inside the admin scope (behind its guard). */
export const adminBlogRoutes =
  (service: BlogService, aiWriter: AiWriterService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/blog-posts", async (_request, reply) =>
      sendSuperjson(reply, blogAnswer({ posts: await service.adminList() })),
    );

    app.post("/blog-post/create", { schema: { body: blogPostCreateSchema } }, async (request, reply) => {
      const post = await service.create(request.body, requireUser.user(request));
      return sendSuperjson(reply.status(201), blogAnswer({ post }));
    });

    app.post("/blog-post/update", { schema: { body: blogPostUpdateSchema } }, async (request, reply) => {
      const { id, ...input } = request.body;
      return sendSuperjson(reply, blogAnswer({ post: await service.update(id, input) }));
    });

    app.post("/blog-post/delete", { schema: { body: blogPostDeleteSchema } }, async (request, reply) =>
      sendSuperjson(reply, blogAnswer(await service.delete(request.body.id))),
    );

    // Each draft fetches up to ten pages and asks the LLM: its own tight limit.
    app.post(
      "/ai-blog-writer",
      {
        schema: { body: aiWriterRequestSchema, response: { 200: aiWriterResponseSchema } },
        config: { rateLimit: ROUTE_LIMITS.aiWriter },
      },
      async (request) => aiWriter.generate(request.body.urls),
    );
  };
