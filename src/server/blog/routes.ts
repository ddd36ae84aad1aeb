import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  aiWriterRefusalSchema,
  aiWriterRequestSchema,
  aiWriterResponseSchema,
  blogListQuerySchema,
  blogMessageAnswerSchema,
  blogPostAnswerSchema,
  blogPostCreateSchema,
  blogPostDeleteSchema,
  blogPostQuerySchema,
  blogPostsAnswerSchema,
  blogPostUpdateSchema,
} from "../../shared/schemas/blog.js";
import { whenReady } from "../db/versioned-snapshot.js";
import { sendKeptJson } from "../http/compressed-answers.js";
import { requireUser } from "../http/guards.js";
import { ROUTE_LIMITS } from "../http/rate-limits.js";
import { sendJsonText } from "../http/responses.js";
import { type AiWriterService, NoReadableSource } from "./ai-writer/service.js";
import { type BlogService, blogAnswer } from "./service.js";

/**
 * Blog answers are superjson text (dates stay dates), made ahead for the public calls: sent as they
 * are, their response schemas describe the superjson envelope; errors still leave through the
 * error handler as {error}.
 */
const sendSuperjson = sendJsonText;

/** The public blog calls, in the API scope. */
export const blogRoutes =
  (service: BlogService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/blog/posts",
      { schema: { querystring: blogListQuerySchema, response: { 200: blogPostsAnswerSchema } } },
      // Not async: the answer is made ahead, and a promise per call was a visible part of its cost.
      (request, reply) => {
        const sent = whenReady(service.listJson(request.query.limit), (bytes) => sendKeptJson(reply, bytes));
        // A promise only while the list or its compressed copy is being made; it settles once the
        // answer is sent (a reply is a thenable that resolves when its response finishes).
        return sent instanceof Promise ? sent.then(() => undefined) : undefined;
      },
    );

    app.get(
      "/blog/post",
      { schema: { querystring: blogPostQuerySchema, response: { 200: blogPostAnswerSchema } } },
      async (request, reply) => sendKeptJson(reply, await service.postJson(request.query.slug)),
    );
  };

/** The admin's blog calls, registered inside the admin scope (behind its guard). */
export const adminBlogRoutes =
  (service: BlogService, aiWriter: AiWriterService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/blog-posts", { schema: { response: { 200: blogPostsAnswerSchema } } }, async (_request, reply) =>
      sendSuperjson(reply, blogAnswer({ posts: await service.adminList() })),
    );

    app.post(
      "/blog-post/create",
      { schema: { body: blogPostCreateSchema, response: { 201: blogPostAnswerSchema } } },
      async (request, reply) => {
        const post = await service.create(request.body, requireUser.user(request));
        return sendSuperjson(reply.status(201), blogAnswer({ post }));
      },
    );

    app.post(
      "/blog-post/update",
      { schema: { body: blogPostUpdateSchema, response: { 200: blogPostAnswerSchema } } },
      async (request, reply) => {
        const { id, ...input } = request.body;
        return sendSuperjson(reply, blogAnswer({ post: await service.update(id, input) }));
      },
    );

    app.post(
      "/blog-post/delete",
      { schema: { body: blogPostDeleteSchema, response: { 200: blogMessageAnswerSchema } } },
      async (request, reply) => sendSuperjson(reply, blogAnswer(await service.delete(request.body.id))),
    );

    // Each draft fetches up to ten pages and asks the LLM: its own tight limit.
    app.post(
      "/ai-blog-writer",
      {
        schema: {
          body: aiWriterRequestSchema,
          response: {
            200: aiWriterResponseSchema,
            422: aiWriterRefusalSchema.describe(
              "None of the sources could be used: `{error, failures}`, each failure naming its URL and why.",
            ),
          },
        },
        config: { rateLimit: ROUTE_LIMITS.aiWriter },
      },
      async (request, reply) => {
        try {
          return await aiWriter.generate(request.body.urls);
        } catch (error) {
          // The editor shows each source's reason beside the URL list, so the 422 carries them one by one.
          if (!(error instanceof NoReadableSource)) throw error;
          return reply.status(422).send({ error: error.message, failures: [...error.failures] });
        }
      },
    );
  };
