import { describe, expect, it } from "vitest";
import { blogPostCreateSchema } from "../../../../shared/schemas/blog.js";
import { EMPTY_POST, postFormSchema } from "./post-form-schema.js";

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

/** The editor's own checks say what the server will say, so an admin never meets two wordings. */
describe("the manual editor's rules against the server's", () => {
  const valid = { ...EMPTY_POST, title: "A fine title", content: "<p>Body</p>" };
  it.each([
    ["a valid post", {}],
    ["a short title", { title: "ab" }],
    ["a blank title", { title: "    " }],
    ["an empty editor", { content: "" }],
    ["a bad image address", { featuredImageUrl: "not a url" }],
    ["a javascript: image address", { featuredImageUrl: "javascript:alert(1)" }],
    ["a long SEO title", { seoTitle: "x".repeat(201) }],
    ["a long excerpt", { excerpt: "x".repeat(1001) }],
    ["a published post", { status: "published" }],
  ])("%s", (_, changes) => {
    const values = { ...valid, ...changes };
    expect(firstMessage(postFormSchema.safeParse(values))).toBe(firstMessage(blogPostCreateSchema.safeParse(values)));
  });

  it("refuses a status other than draft or published", () => {
    expect(postFormSchema.safeParse({ ...valid, status: "archived" }).success).toBe(false);
  });
});
