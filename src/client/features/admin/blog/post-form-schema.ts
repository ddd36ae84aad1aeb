import { z } from "zod/mini";
import { BLOG_LIMITS, type BlogPostStatus, isBlogPostStatus, isHttpUrl } from "../../../../shared/blog.js";

/**
 * The manual editor's rules, in zod/mini (docs/decisions/0006); the server's own schema in
 * src/shared/schemas/blog.ts decides, with the same messages (post-form-schema.test.ts).
 */
const optionalText = (field: string, max: number) =>
  z.string().check(z.maxLength(max, `${field} must be at most ${max} characters.`));

export const postFormSchema = z.strictObject({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(BLOG_LIMITS.titleMin, "Title must be at least 3 characters long"),
      z.maxLength(BLOG_LIMITS.titleMax, `Title must be at most ${BLOG_LIMITS.titleMax} characters long`),
    ),
  slug: optionalText("Slug", BLOG_LIMITS.slugMax),
  content: z.string().check(z.minLength(1, "Content cannot be empty")),
  // A custom check rather than z.enum: enum's code would land in the zod chunk the home page preloads.
  status: z.custom<BlogPostStatus>((value) => typeof value === "string" && isBlogPostStatus(value)),
  excerpt: optionalText("Excerpt", BLOG_LIMITS.excerptMax),
  featuredImageUrl: z.string().check(
    z.trim(),
    z.refine((value) => value === "" || isHttpUrl(value), "Featured image URL must be a valid URL."),
    z.maxLength(BLOG_LIMITS.urlMax, "Featured image URL must be a valid URL."),
  ),
  seoTitle: optionalText("SEO title", BLOG_LIMITS.seoTitleMax),
  seoDescription: optionalText("SEO description", BLOG_LIMITS.seoDescriptionMax),
  seoKeywords: optionalText("SEO keywords", BLOG_LIMITS.seoKeywordsMax),
});

export type PostFormValues = z.infer<typeof postFormSchema>;

export const EMPTY_POST: PostFormValues = {
  title: "",
  slug: "",
  content: "",
  status: "draft",
  excerpt: "",
  featuredImageUrl: "",
  seoTitle: "",
  seoDescription: "",
  seoKeywords: "",
};
