import { z } from "zod";
import { noControlCharacters } from "./fields.js";

/** `POST /_api/admin/jobs/run`: the job's name as the jobs list gives it; an unknown one is a 404. */
export const runJobRequestSchema = z.strictObject({
  name: z
    .string({ error: "name is required." })
    .max(64, { error: "No such job." })
    .refine(...noControlCharacters("Name")),
});

export const JOB_RUN_STATUSES = ["queued", "running", "succeeded", "failed", "retrying"] as const;

/** The answer once the run has finished: retrying = this attempt failed and the next one is queued. */
export const runJobResponseSchema = z.object({
  name: z.string(),
  status: z.enum(["succeeded", "failed", "retrying"]),
  handled: z.number().int().nonnegative(),
});

export const jobRunSchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(JOB_RUN_STATUSES),
  /** schedule, manual (Run now) or retry. */
  trigger: z.enum(["schedule", "manual", "retry"]),
  attempt: z.number().int().positive(),
  startedAt: z.string().nullable(),
  durationMs: z.number().int().nonnegative().nullable(),
  handled: z.number().int().nonnegative().nullable(),
  error: z.string().nullable(),
});

export const adminJobsResponseSchema = z.object({
  jobs: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      /** Five-field cron, UTC. */
      schedule: z.string(),
      nextRunAt: z.string(),
      /** The newest runs, newest first. */
      runs: z.array(jobRunSchema),
      /** The failed attempts among the runs kept. */
      failures: z.array(jobRunSchema),
    }),
  ),
});

export type RunJobResponse = z.infer<typeof runJobResponseSchema>;
export type AdminJobsResponse = z.infer<typeof adminJobsResponseSchema>;
export type JobRun = z.infer<typeof jobRunSchema>;
