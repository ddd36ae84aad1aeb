import { z } from "zod";
import { SAVED_SEARCH_NAME_MAX } from "../saved-searches.js";
import { idResponseSchema, idSchema, noControlCharacters } from "./fields.js";
import { fundSearchRequestSchema } from "./funds.js";

/** A saved search's name: trimmed, 1–80 characters, one line. */
const savedSearchNameSchema = z
  .string({ error: "name must be a string." })
  .trim()
  .min(1, "name must not be empty.")
  .max(SAVED_SEARCH_NAME_MAX, `name must be at most ${SAVED_SEARCH_NAME_MAX} characters.`)
  .refine(...noControlCharacters("name"));

const alertsSchema = z.boolean({ error: "alerts must be true or false." });

/**
 * The search a saved search keeps: the body POST /_api/funds/search takes, held to its own rules
 * (its own messages), without `limit` and `offset`. Those are refused rather than stripped: a page of
 * results is where someone was in a list, not part of what they searched for, and the strict contract
 * never drops a field silently.
 */
export const savedSearchSearchSchema = fundSearchRequestSchema.refine(
  (search) => search.limit === undefined && search.offset === undefined,
  { message: "A saved search keeps the filters only: leave out limit and offset." },
);

/** POST /_api/user/saved-searches. */
export const savedSearchCreateRequestSchema = z.strictObject(
  { name: savedSearchNameSchema, search: savedSearchSearchSchema, alerts: alertsSchema },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown field(s): ${issue.keys.join(", ")}. Send name, search and alerts.`
        : "Send a JSON object with name, search and alerts.",
  },
);
export type SavedSearchCreateRequest = z.input<typeof savedSearchCreateRequestSchema>;

/** PATCH /_api/user/saved-searches/:id: a rename, the alerts switch, or both; something must change. */
export const savedSearchUpdateRequestSchema = z
  .strictObject(
    { name: savedSearchNameSchema.optional(), alerts: alertsSchema.optional() },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Unknown field(s): ${issue.keys.join(", ")}. Send name, alerts or both.`
          : "Send a JSON object with name, alerts or both.",
    },
  )
  .refine((body) => body.name !== undefined || body.alerts !== undefined, {
    message: "Send name, alerts or both.",
  });
export type SavedSearchUpdateRequest = z.input<typeof savedSearchUpdateRequestSchema>;

export const savedSearchParamsSchema = z.strictObject({
  id: z
    .string({ error: "The saved search id must be a positive integer." })
    .regex(/^\d{1,10}$/, "The saved search id must be a positive integer.")
    .transform(Number)
    .pipe(idSchema("The saved search id")),
});

export const savedSearchSchema = z.object({
  id: idResponseSchema,
  name: z.string(),
  /** The search request body, as POST /_api/funds/search takes it. */
  search: z.record(z.string(), z.unknown()),
  alerts: z.boolean(),
  createdAt: z.string(),
  /** When the weekly alert last e-mailed this search; null until the first one. */
  lastAlertAt: z.string().nullable(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchResponseSchema = z.object({ savedSearch: savedSearchSchema });
export const savedSearchesResponseSchema = z.object({ savedSearches: z.array(savedSearchSchema) });
export const savedSearchDeletedResponseSchema = z.object({ deleted: z.literal(true), id: idResponseSchema });
