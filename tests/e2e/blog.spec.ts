import { rssXml } from "../../src/server/blog/feed.js";
import { BLOG_ADMIN_TEXTS, deletePostConfirmText, sourceLineText } from "../../src/shared/admin-texts.js";
import { BLOG_TEXTS } from "../../src/shared/blog-texts.js";
import type { BlogPost } from "../../src/shared/schemas/blog.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { expect, type Page, test, waitForAppOnNavigation } from "./support/test.js";

/**
 * The blog as its admin and its readers use it, against the built server: the shipped articles
 * are seeded on its first start; the admin (created from ADMIN_EMAIL) writes in the Quill editor;
 * the AI writer runs in demo mode and reads the local article server (tests/peers/article-server.ts).
 */
test.describe.configure({ mode: "serial" });

const ADMIN = { email: "admin@example.com", password: "Admin-pass-1" };
const RUN = Date.now().toString(36);
const TITLE = `Term Sheets Décodées ${RUN}`;
const SLUG = `term-sheets-decodees-${RUN}`;
const articlePort = Number(process.env.ARTICLE_PEER_PORT ?? 3220);

async function logInAsAdmin(page: Page) {
  const response = await page.request.post("/_api/auth/login_with_password", { data: ADMIN });
  expect(response.ok(), await response.text()).toBe(true);
}

test("the shipped articles are on /blog, and the list and a post pass axe", async ({ page }) => {
  await page.goto("/blog");
  await expect(page).toHaveTitle("Blog | Venture Capital Fund Matching");
  await expect(page.getByRole("heading", { level: 1, name: BLOG_TEXTS.listHeading })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(4);
  await expect(page.getByText("November 17, 2026")).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole("link", { name: /Lead vs Follow Investors/ }).click();
  await expect(page).toHaveURL(/\/blog\/lead-vs-follow-investors$/);
  await expect(page.getByRole("heading", { level: 1, name: /Lead vs Follow Investors/ })).toBeVisible();
  await expect(page.getByText("October 6, 2026")).toBeVisible();
  await expect(page.getByText("FundMatch Editorial Team")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "What a lead investor does" })).toBeVisible();
  await expect(page).toHaveTitle("Lead vs Follow Investors in a Venture Round | Venture Capital Fund Matching");
  await expectNoSeriousViolations(page);
  await page.getByRole("link", { name: BLOG_TEXTS.backToAll }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("the RSS feed is well-formed XML to a browser's XML parser, control characters in a stored post included", async ({
  page,
}) => {
  const served = await (await page.request.get("/blog/rss.xml")).text();
  // A post as one saved before the fields refused control characters could be stored.
  const stored: BlogPost = {
    id: 1,
    title: "Bell\u0007 and\u001b title",
    slug: "bell-and-title",
    excerpt: "Form\u000cfeed\uFFFE here",
    content: "<p>Vertical\u000btab</p>",
    status: "published",
    featuredImageUrl: null,
    seoTitle: null,
    seoDescription: null,
    seoKeywords: null,
    authorName: "Nul\u0001l",
    publishedAt: new Date("2026-11-20T10:00:00Z"),
    updatedAt: new Date("2026-11-20T10:00:00Z"),
  };
  const built = rssXml([stored], "https://fundmatch.example");
  await page.goto("/blog");
  const parsed = await page.evaluate(
    (feeds) => {
      return feeds.map((xml) => {
        const document = new DOMParser().parseFromString(xml, "application/xml");
        if (document.getElementsByTagName("parsererror").length > 0) return { error: true, titles: [] };
        return {
          error: false,
          titles: Array.from(document.querySelectorAll("item > title"), (node) => node.textContent),
        };
      });
    },
    [served, built],
  );
  expect(parsed[0]?.error).toBe(false);
  expect(parsed[0]?.titles.length).toBeGreaterThan(0);
  expect(parsed[1]).toEqual({ error: false, titles: ["Bell and title"] });
});

test("an unknown post shows Post Not Found with a way back", async ({ page }) => {
  const response = await page.goto("/blog/no-such-post");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: BLOG_TEXTS.notFoundTitle })).toBeVisible();
  await expect(page.getByText(BLOG_TEXTS.notFoundText)).toBeVisible();
  await page.getByRole("link", { name: BLOG_TEXTS.returnToBlog }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("the admin writes and publishes a post; a visitor reads it and sees it in the home teaser", async ({
  page,
  browser,
}) => {
  await logInAsAdmin(page);
  await page.goto("/admin/blog");
  await expect(page.getByRole("heading", { level: 1, name: BLOG_ADMIN_TEXTS.title })).toBeVisible();
  await expect(page.getByRole("columnheader")).toHaveText([...BLOG_ADMIN_TEXTS.columns]);
  await page.getByRole("button", { name: BLOG_ADMIN_TEXTS.createNew }).click();
  await expect(page.getByRole("heading", { level: 1, name: BLOG_ADMIN_TEXTS.createTitle })).toBeVisible();
  await expect(page.getByRole("tab", { name: BLOG_ADMIN_TEXTS.manualTab })).toHaveAttribute("aria-selected", "true");

  // The slug follows the title by the slug rule.
  await page.getByLabel(BLOG_ADMIN_TEXTS.fields.title, { exact: true }).fill(`  ${TITLE}!`);
  await expect(page.getByLabel(BLOG_ADMIN_TEXTS.fields.slug, { exact: true })).toHaveValue(SLUG);

  // Saving an empty editor is refused with the editor's own message.
  await page.getByRole("button", { name: BLOG_ADMIN_TEXTS.createPost }).click();
  await expect(page.getByText("Content cannot be empty")).toBeVisible();

  const editor = page.getByRole("textbox", { name: BLOG_ADMIN_TEXTS.fields.content });
  await editor.click();
  await page.keyboard.type("A term sheet sets the price and the terms. ");
  await page.keyboard.press("Control+b");
  await page.keyboard.type("Read it twice.");
  await page.keyboard.press("Control+b");
  await page.getByLabel(BLOG_ADMIN_TEXTS.fields.excerpt).fill("What a term sheet fixes, and what it leaves open.");
  await page.getByRole("switch").click();
  await expect(page.getByText("Status: Published")).toBeVisible();
  await page.getByRole("button", { name: BLOG_ADMIN_TEXTS.createPost }).click();

  // Back on the list, published.
  await expect(page.getByRole("heading", { level: 1, name: BLOG_ADMIN_TEXTS.title })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: TITLE });
  await expect(row.getByText(BLOG_ADMIN_TEXTS.published, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: BLOG_ADMIN_TEXTS.filters.draft, exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: TITLE })).toHaveCount(0);
  await page.getByRole("button", { name: BLOG_ADMIN_TEXTS.filters.all, exact: true }).click();

  // A visitor in another browser reads it.
  const visitor = waitForAppOnNavigation(await browser.newPage());
  await visitor.goto("/blog");
  await visitor.getByRole("link", { name: TITLE }).click();
  await expect(visitor).toHaveURL(new RegExp(`/blog/${SLUG}$`));
  await expect(visitor.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await expect(visitor.locator(".blog-prose strong")).toHaveText("Read it twice.");
  await visitor.goto("/");
  const teaser = visitor.getByRole("region", { name: BLOG_TEXTS.teaserHeading });
  await expect(teaser.getByRole("link", { name: new RegExp(TITLE) })).toBeVisible();
  await expect(teaser.getByRole("listitem")).toHaveCount(3);
  await teaser.getByRole("link", { name: BLOG_TEXTS.viewAll }).click();
  await expect(visitor).toHaveURL(/\/blog$/);
  await visitor.close();
});

test("the admin edits the post, then deletes it after confirming", async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto("/admin/blog");
  const row = page.getByRole("row").filter({ hasText: TITLE });
  await row.getByRole("button", { name: new RegExp(BLOG_ADMIN_TEXTS.editPost) }).click();
  await expect(page.getByRole("heading", { level: 1, name: BLOG_ADMIN_TEXTS.editTitle })).toBeVisible();
  await expect(page.getByRole("tab")).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: BLOG_ADMIN_TEXTS.fields.content })).toContainText("Read it twice.");
  await page.getByLabel(BLOG_ADMIN_TEXTS.fields.seoTitle).fill("Term sheets, decoded");
  await page.getByRole("button", { name: BLOG_ADMIN_TEXTS.updatePost }).click();
  await expect(page.getByRole("heading", { level: 1, name: BLOG_ADMIN_TEXTS.title })).toBeVisible();

  await row.getByRole("button", { name: new RegExp(BLOG_ADMIN_TEXTS.deletePost) }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(deletePostConfirmText(`${TITLE}!`))).toBeVisible();
  await dialog.getByRole("button", { name: BLOG_ADMIN_TEXTS.cancel }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: new RegExp(BLOG_ADMIN_TEXTS.deletePost) }).click();
  await page.getByRole("dialog").getByRole("button", { name: BLOG_ADMIN_TEXTS.delete, exact: true }).click();
  await expect(row).toHaveCount(0);
  expect((await page.request.get(`/_api/blog/post?slug=${SLUG}`)).status()).toBe(404);
});

test("no dialog of the editor saves the post: image, link and video, with Insert, Save or Enter", async ({ page }) => {
  const title = `Dialogs stay in the editor ${RUN}`;
  const saves: string[] = [];
  page.on("request", (request) => {
    if (/\/_api\/admin\/blog-post\/(create|update)$/.test(request.url())) saves.push(request.url());
  });
  await logInAsAdmin(page);
  await page.goto("/admin/blog");
  await page.getByRole("button", { name: BLOG_ADMIN_TEXTS.createNew }).click();
  const heading = page.getByRole("heading", { level: 1, name: BLOG_ADMIN_TEXTS.createTitle });
  await expect(heading).toBeVisible();
  await page.getByLabel(BLOG_ADMIN_TEXTS.fields.title, { exact: true }).fill(title);
  // Published, as in the report: a stray submit would have put a half-written post live.
  await page.getByRole("switch").click();
  await expect(page.getByText("Status: Published")).toBeVisible();
  const editor = page.getByRole("textbox", { name: BLOG_ADMIN_TEXTS.fields.content });
  await editor.click();
  await page.keyboard.type("Half a sentence");
  const toolbar = page.locator(".ql-toolbar");
  const imageDialog = page.getByRole("dialog", { name: BLOG_ADMIN_TEXTS.insertImage });

  const insertImage = async (src: string, confirm: "enter in url" | "enter in alt" | "insert button") => {
    await toolbar.locator("button.ql-image").click();
    await expect(imageDialog).toBeVisible();
    await imageDialog.getByLabel(BLOG_ADMIN_TEXTS.imageUrl).fill(src);
    await imageDialog.getByLabel(BLOG_ADMIN_TEXTS.imageAlt).fill("A chart");
    if (confirm === "enter in url") await imageDialog.getByLabel(BLOG_ADMIN_TEXTS.imageUrl).press("Enter");
    else if (confirm === "enter in alt") await imageDialog.getByLabel(BLOG_ADMIN_TEXTS.imageAlt).press("Enter");
    else await imageDialog.getByRole("button", { name: BLOG_ADMIN_TEXTS.insert, exact: true }).click();
    await expect(imageDialog).toBeHidden();
    await expect(editor.locator(`img[src="${src}"]`)).toHaveCount(1);
  };
  await insertImage("https://images.example/one.png", "enter in url");
  await insertImage("https://images.example/two.png", "enter in alt");
  await insertImage("https://images.example/three.png", "insert button");
  await expect(heading).toBeVisible();

  // An address that is not one keeps the dialog open with its message, Enter or not.
  await toolbar.locator("button.ql-image").click();
  await imageDialog.getByLabel(BLOG_ADMIN_TEXTS.imageUrl).fill("not an address");
  await imageDialog.getByLabel(BLOG_ADMIN_TEXTS.imageUrl).press("Enter");
  await expect(imageDialog.getByText("Enter the image's full address, starting with https://")).toBeVisible();
  await imageDialog.getByRole("button", { name: BLOG_ADMIN_TEXTS.insert, exact: true }).click();
  await expect(imageDialog.getByText("Enter the image's full address, starting with https://")).toBeVisible();
  await imageDialog.getByRole("button", { name: BLOG_ADMIN_TEXTS.cancel }).click();
  await expect(imageDialog).toBeHidden();
  // Cancel gives the editor its caret back too.
  await expect(editor).toBeFocused();

  // The link tooltip: a link with Enter, another with its Save, a video page's address with Enter.
  const tooltip = page.locator(".ql-tooltip.ql-editing");
  const link = async (text: string, address: string, confirm: "enter" | "save") => {
    // A new last line with the words, selected backwards, as a person would with the keyboard.
    await editor.focus();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type(text);
    for (let step = 0; step < text.length; step++) await page.keyboard.press("Shift+ArrowLeft");
    await toolbar.locator("button.ql-link").click();
    await expect(tooltip).toBeVisible();
    await tooltip.locator('input[type="text"]').fill(address);
    if (confirm === "enter") await tooltip.locator('input[type="text"]').press("Enter");
    else await tooltip.locator("a.ql-action").click();
    await expect(tooltip).toBeHidden();
  };
  await link("first link", "https://example.com/first", "enter");
  await expect(editor.locator('a[href="https://example.com/first"]')).toHaveCount(1);
  await link("second link", "https://example.com/second", "save");
  await expect(editor.locator('a[href="https://example.com/second"]')).toHaveCount(1);
  await link("a video", "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "enter");
  await expect(editor.locator('iframe[src="https://www.youtube.com/embed/dQw4w9WgXcQ"]')).toHaveCount(1);
  await link("another video", "https://vimeo.com/76979871", "save");
  await expect(editor.locator('iframe[src="https://player.vimeo.com/video/76979871"]')).toHaveCount(1);

  // Still the editor, nothing sent; the post is saved only by its own button, once.
  await expect(heading).toBeVisible();
  expect(saves).toEqual([]);
  await page.getByRole("button", { name: BLOG_ADMIN_TEXTS.createPost }).click();
  await expect(page.getByRole("heading", { level: 1, name: BLOG_ADMIN_TEXTS.title })).toBeVisible();
  expect(saves).toHaveLength(1);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: new RegExp(BLOG_ADMIN_TEXTS.deletePost) }).click();
  await page.getByRole("dialog").getByRole("button", { name: BLOG_ADMIN_TEXTS.delete, exact: true }).click();
  await expect(row).toHaveCount(0);
});

test("after an image is inserted, or its dialog cancelled, typing goes on in the editor", async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto("/admin/blog");
  await page.getByRole("button", { name: BLOG_ADMIN_TEXTS.createNew }).click();
  await expect(page.getByRole("heading", { level: 1, name: BLOG_ADMIN_TEXTS.createTitle })).toBeVisible();
  const editor = page.getByRole("textbox", { name: BLOG_ADMIN_TEXTS.fields.content });
  await editor.click();
  await page.keyboard.type("Before the picture.");
  const imageDialog = page.getByRole("dialog", { name: BLOG_ADMIN_TEXTS.insertImage });

  for (const confirm of ["insert button", "enter"] as const) {
    const src = `https://images.example/${confirm.replace(" ", "-")}.png`;
    await page.locator(".ql-toolbar button.ql-image").click();
    await imageDialog.getByLabel(BLOG_ADMIN_TEXTS.imageUrl).fill(src);
    if (confirm === "enter") await imageDialog.getByLabel(BLOG_ADMIN_TEXTS.imageUrl).press("Enter");
    else await imageDialog.getByRole("button", { name: BLOG_ADMIN_TEXTS.insert, exact: true }).click();
    await expect(imageDialog).toBeHidden();
    // The caret is back in the editor, right after the picture (issue 35: the focus went to the
    // page's body and what was typed next was lost).
    await expect(editor).toBeFocused();
    const word = `After-${confirm.replace(" ", "-")}`;
    await page.keyboard.type(word);
    const next = await editor.evaluate(
      (root, source) => root.querySelector(`img[src="${source}"]`)?.nextSibling?.textContent ?? "",
      src,
    );
    expect(next, "the typed word follows the inserted picture").toBe(word);
  }

  // Cancel puts the caret back where it was.
  await page.locator(".ql-toolbar button.ql-image").click();
  await imageDialog.getByRole("button", { name: BLOG_ADMIN_TEXTS.cancel }).click();
  await expect(imageDialog).toBeHidden();
  await expect(editor).toBeFocused();
  await page.keyboard.type(" The end.");
  await expect(editor).toContainText("After-enter The end.");
});

test("the AI writer in demo mode drafts from a news page and fills the manual editor", async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto("/admin/blog");
  await page.getByRole("button", { name: BLOG_ADMIN_TEXTS.createNew }).click();
  await page.getByRole("tab", { name: BLOG_ADMIN_TEXTS.aiWriterTab }).click();
  await expect(page.getByRole("heading", { name: BLOG_ADMIN_TEXTS.ai.heading })).toBeVisible();
  await expect(page.getByText("Demo mode", { exact: true })).toBeVisible();
  const generate = page.getByRole("button", { name: BLOG_ADMIN_TEXTS.ai.generate });
  await expect(generate).toBeDisabled();

  const urls = page.getByLabel(BLOG_ADMIN_TEXTS.ai.label);
  await urls.fill("not a url");
  await generate.click();
  await expect(page.getByText("Please ensure all lines contain valid URLs.")).toBeVisible();

  await urls.fill(`  http://127.0.0.1:${articlePort}/article  \n\n`);
  await generate.click();
  await expect(page.getByText("Blog post generated successfully!")).toBeVisible();
  await expect(page.getByText(/^Demo mode: this draft was assembled/)).toBeVisible();
  await expect(page.getByRole("heading", { name: BLOG_ADMIN_TEXTS.ai.result })).toBeVisible();
  await page.getByRole("button", { name: BLOG_ADMIN_TEXTS.ai.use }).click();

  await expect(page.getByText(BLOG_ADMIN_TEXTS.ai.added)).toBeVisible();
  await expect(page.getByRole("tab", { name: BLOG_ADMIN_TEXTS.manualTab })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel(BLOG_ADMIN_TEXTS.fields.title, { exact: true })).toHaveValue(
    "Seed rounds reach a record in Europe",
  );
  await expect(page.getByLabel(BLOG_ADMIN_TEXTS.fields.slug, { exact: true })).toHaveValue(
    "seed-rounds-reach-a-record-in-europe",
  );
  await expect(page.getByLabel(BLOG_ADMIN_TEXTS.fields.excerpt)).toHaveValue(/^European startups raised 4\.2 billion/);
  const editor = page.getByRole("textbox", { name: BLOG_ADMIN_TEXTS.fields.content });
  await expect(editor.getByRole("heading", { level: 2, name: "Sources" })).toBeVisible();
  await expect(editor).not.toContainText("SCRIPT_MARKER");
});

test("the AI writer names each unreadable line beside the URL list, and shows the draft rendered with its markdown a click away", async ({
  page,
}, testInfo) => {
  await logInAsAdmin(page);
  await page.goto("/admin/blog");
  await page.getByRole("button", { name: BLOG_ADMIN_TEXTS.createNew }).click();
  await page.getByRole("tab", { name: BLOG_ADMIN_TEXTS.aiWriterTab }).click();
  const urls = page.getByLabel(BLOG_ADMIN_TEXTS.ai.label);
  const generate = page.getByRole("button", { name: BLOG_ADMIN_TEXTS.ai.generate });
  const origin = `http://127.0.0.1:${articlePort}`;
  const shoot = async (name: string) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
    }
  };

  // Nothing readable: a 422, each line with its reason, in the page rather than a passing toast.
  await urls.fill(`${origin}/missing\n\n${origin}/report.pdf`);
  await generate.click();
  const notice = page.getByRole("alert").filter({ hasText: BLOG_ADMIN_TEXTS.ai.noneReadable });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("listitem")).toHaveText([
    `${sourceLineText(1)}: ${origin}/missing — the page answered with status 404.`,
    `${sourceLineText(3)}: ${origin}/report.pdf — it is not a web page or text (its type is application/pdf).`,
  ]);
  await expect(urls).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("heading", { name: BLOG_ADMIN_TEXTS.ai.result })).toHaveCount(0);
  await shoot("ai-writer-error");

  // One line fails, one is read: the draft, rendered, and the failed line named beside the list.
  await page.setViewportSize({ width: 1280, height: 900 });
  await urls.fill(`${origin}/missing\n${origin}/article`);
  await generate.click();
  const partial = page.getByRole("alert").filter({ hasText: BLOG_ADMIN_TEXTS.ai.someUnreadable });
  await expect(partial.getByRole("listitem")).toHaveText([
    `${sourceLineText(1)}: ${origin}/missing — the page answered with status 404.`,
  ]);
  await expect(notice).toHaveCount(0);
  const preview = page.getByRole("tabpanel", { name: BLOG_ADMIN_TEXTS.ai.preview });
  await expect(preview.getByRole("heading", { level: 1, name: "Seed rounds reach a record in Europe" })).toBeVisible();
  await expect(preview.getByRole("heading", { level: 2, name: "Sources" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "Seed rounds reach a record in Europe" })).toHaveAttribute(
    "href",
    `${origin}/article`,
  );
  await expect(preview).not.toContainText("## Sources");
  await shoot("ai-writer-draft");

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("tab", { name: BLOG_ADMIN_TEXTS.ai.markdown }).click();
  const source = page.getByRole("tabpanel", { name: BLOG_ADMIN_TEXTS.ai.markdown });
  await expect(source).toContainText("## Sources");
  await expect(source).toContainText("# Seed rounds reach a record in Europe");
  await expectNoSeriousViolations(page);
});
