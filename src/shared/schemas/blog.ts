import { z } from "zod";
import { AI_WRITER_TEXTS } from "../admin-texts.js";
import { AI_WRITER_MAX_URLS, BLOG_LIMITS, BLOG_POST_STATUSES } from "../blog.js";
import { idResponseSchema, idSchema, noControlCharacters, type TextKind } from "./fields.js";

const unknownFields = (what: string) => (issue: { code: string; keys?: string[] }) =>
  issue.code === "unrecognized_keys" && issue.keys
    ? `Unknown field(s) in the ${what}: ${issue.keys.join(", ")}.`
    : `The ${what} must be a JSON object.`;

/** GET /_api/blog/posts?limit=: an optional positive whole number (a larger one than there are posts is fine). */
export const blogListQuerySchema = z.strictObject(
  {
    limit: z
      .string({ error: "limit must be a positive whole number." })
      .regex(/^\d+$/, "limit must be a positive whole number.")
      .transform((value) => Math.min(Number(value), BLOG_LIMITS.listMax))
      .refine((value) => value > 0, "limit must be a positive whole number.")
      .optional(),
  },
  { error: unknownFields("blog list query") },
);

/** GET /_api/blog/post?slug=: the slug is required. */
export const blogPostQuerySchema = z.strictObject(
  {
    // No control-character rule: the lookup is in memory, and a slug no post has is a 404 like any other.
    slug: z.string({ error: "Slug is required" }).trim().min(1, "Slug is required"),
  },
  { error: unknownFields("blog post query") },
);

/** An optional text field: blank or null is stored as null. */
const optionalText = (field: string, max: number, kind: TextKind = "single-line") =>
  z
    .string({ error: `${field} must be a string.` })
    .trim()
    .max(max, `${field} must be at most ${max} characters.`)
    .refine(...noControlCharacters(field, kind))
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** Featured image: optional, nullable, a valid http(s) URL (a blank field counts as none). */
const featuredImageUrlSchema = z
  .string({ error: "Featured image URL must be a valid URL." })
  .trim()
  .max(BLOG_LIMITS.urlMax, `Featured image URL must be at most ${BLOG_LIMITS.urlMax} characters.`)
  .refine(...noControlCharacters("Featured image URL"))
  .nullable()
  .optional()
  .transform((value) => (value ? value : null))
  .pipe(z.url({ protocol: /^https?$/, error: "Featured image URL must be a valid URL." }).nullable());

const blogPostFields = {
  title: z
    .string({ error: "Title must be at least 3 characters long" })
    .trim()
    .min(BLOG_LIMITS.titleMin, "Title must be at least 3 characters long")
    .max(BLOG_LIMITS.titleMax, `Title must be at most ${BLOG_LIMITS.titleMax} characters long`)
    .refine(...noControlCharacters("Title")),
  /** Optional: blank gives the title's slug; whatever is given is put through the slug rule. */
  slug: optionalText("Slug", BLOG_LIMITS.slugMax),
  content: z
    .string({ error: "Content cannot be empty" })
    .min(1, "Content cannot be empty")
    .max(BLOG_LIMITS.contentMax, `Content must be at most ${BLOG_LIMITS.contentMax.toLocaleString("en-US")} characters`)
    .refine(...noControlCharacters("Content", "multi-line")),
  status: z.enum(BLOG_POST_STATUSES, { error: "Status must be draft or published." }).optional().default("draft"),
  excerpt: optionalText("Excerpt", BLOG_LIMITS.excerptMax, "multi-line"),
  featuredImageUrl: featuredImageUrlSchema,
  seoTitle: optionalText("SEO title", BLOG_LIMITS.seoTitleMax),
  seoDescription: optionalText("SEO description", BLOG_LIMITS.seoDescriptionMax, "multi-line"),
  seoKeywords: optionalText("SEO keywords", BLOG_LIMITS.seoKeywordsMax),
};

/** POST /_api/admin/blog-post/create. A new post is a draft unless it says otherwise. */
export const blogPostCreateSchema = z.strictObject(blogPostFields, { error: unknownFields("blog post") });
export type BlogPostCreateRequest = z.input<typeof blogPostCreateSchema>;
export type BlogPostInput = z.output<typeof blogPostCreateSchema>;

/** POST /_api/admin/blog-post/update: the same fields plus the post's id. */
export const blogPostUpdateSchema = z.strictObject(
  { id: idSchema("id"), ...blogPostFields },
  { error: unknownFields("blog post") },
);
export type BlogPostUpdateRequest = z.input<typeof blogPostUpdateSchema>;

/** POST /_api/admin/blog-post/delete. */
export const blogPostDeleteSchema = z.strictObject({ id: idSchema("id") }, { error: unknownFields("request") });

/**
 * A post as the blog calls answer it (superjson keeps the dates as dates). Public calls only ever
 * carry published posts; the admin list has drafts too, whose publishedAt is null until published.
 */
export const blogPostSchema = z.object({
  id: idResponseSchema,
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  content: z.string(),
  status: z.enum(BLOG_POST_STATUSES),
  featuredImageUrl: z.string().nullable(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  seoKeywords: z.string().nullable(),
  authorName: z.string(),
  publishedAt: z.date().nullable(),
  updatedAt: z.date(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/**
 * A post in the public lists: everything but the body. The lists only show cards, and the home
 * page carries its three in its HTML, so the bodies would only weigh on every page load.
 */
export const blogPostSummarySchema = blogPostSchema.omit({ content: true });
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogPostsResponseSchema = z.object({ posts: z.array(blogPostSummarySchema) });
export type BlogPostsResponse = z.infer<typeof blogPostsResponseSchema>;
export const blogPostResponseSchema = z.object({ post: blogPostSchema });
export type BlogPostResponse = z.infer<typeof blogPostResponseSchema>;

/**
 * The blog calls' answers as they travel: superjson text, `{json, meta}`, where `json` is the answer
 * with its dates as ISO strings and `meta` tells superjson.parse which values to turn back into
 * dates (absent when there are none). These describe the wire; the client reads them with superjson.
 */
const superjsonText = <T extends z.ZodType>(answer: T) =>
  z
    .object({ json: answer, meta: z.looseObject({}).optional() })
    .describe("superjson text: read it with superjson.parse to get the answer with its dates as dates.");
export const blogPostsAnswerSchema = superjsonText(blogPostsResponseSchema);
export const blogPostAnswerSchema = superjsonText(blogPostResponseSchema);
export const blogMessageAnswerSchema = superjsonText(z.object({ message: z.string() }));

/** POST /_api/admin/ai-blog-writer: 1 to 10 http(s) URLs. */
export const aiWriterRequestSchema = z.strictObject(
  {
    urls: z
      .array(
        z
          .string({ error: AI_WRITER_TEXTS.invalidUrlItem })
          .trim()
          .max(BLOG_LIMITS.urlMax, AI_WRITER_TEXTS.invalidUrlItem)
          .refine(...noControlCharacters("Each URL"))
          .pipe(z.url({ protocol: /^https?$/, error: AI_WRITER_TEXTS.invalidUrlItem })),
        { error: AI_WRITER_TEXTS.noUrls },
      )
      .min(1, AI_WRITER_TEXTS.noUrls)
      .max(AI_WRITER_MAX_URLS, AI_WRITER_TEXTS.tooManyUrls),
  },
  { error: unknownFields("request") },
);
export type AiWriterRequest = z.infer<typeof aiWriterRequestSchema>;

/** One source article that could not be used, and why, in words for the admin. */
export const aiWriterFailureSchema = z.object({
  url: z.string().describe("The URL as it was given."),
  reason: z.string().describe('Why it could not be used, e.g. "the page answered with status 404".'),
});
export type AiWriterFailure = z.infer<typeof aiWriterFailureSchema>;

export const aiWriterResponseSchema = z.object({
  markdownContent: z.string(),
  warnings: z
    .array(z.string())
    .describe("Every warning as a sentence: one per source in `failures`, then the demo-mode note if any."),
  failures: z.array(aiWriterFailureSchema).describe("The sources that could not be used, in the order given."),
});
export type AiWriterResponse = z.infer<typeof aiWriterResponseSchema>;

/** The 422 answer when none of the sources could be used: each one's reason, besides the message. */
export const aiWriterRefusalSchema = z.object({
  error: z.string(),
  failures: z.array(aiWriterFailureSchema),
});
export type AiWriterRefusal = z.infer<typeof aiWriterRefusalSchema>;
