import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminJobsResponseSchema, runJobRequestSchema, runJobResponseSchema } from "../../shared/schemas/jobs.js";
import type { JobQueue } from "./service.js";

/** The admin's view of the job queue; registered inside the admin scope, whose hook is the guard. */
export const adminJobRoutes =
  (queue: JobQueue): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/jobs", { schema: { response: { 200: adminJobsResponseSchema } } }, async () => queue.overview());

    app.post(
      "/jobs/run",
      { schema: { body: runJobRequestSchema, response: { 200: runJobResponseSchema } } },
      async (request) => queue.runNow(request.body.name),
    );
  };
