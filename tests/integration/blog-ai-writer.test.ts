import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { allowListOf } from "../../src/server/blog/ai-writer/address-policy.js";
import { DEMO_WARNING } from "../../src/server/blog/ai-writer/demo-draft.js";
import { fetchPage, PAGE_LIMITS, requestPinned } from "../../src/server/blog/ai-writer/fetch-page.js";
import { MAX_NESTING_DEPTH } from "../../src/server/blog/ai-writer/nesting-depth.js";
import { loadConfig } from "../../src/server/config.js";
import { draftFromMarkdown } from "../../src/shared/blog.js";
import {
  ARTICLE_SENTENCE,
  ARTICLE_TITLE,
  type ArticlePeer,
  LATIN1_SENTENCE,
  SCRIPT_MARKER,
  SECOND_SENTENCE,
  startArticlePeer,
} from "../peers/article-server.js";
import { LLM_PEER_KEY, type LlmPeer, startLlmPeer } from "../peers/openai-compatible.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";

const ADMIN = { email: "writer-admin@example.com", password: "Admin-pass-1" };
const MEMBER = { email: "writer-member@example.com", password: "Member-pass-1", displayName: "Mo Member" };
const LLM_POST =
  "# Seed rounds in 2026\n\nFounders raised more.\n\n## What happened\n\nA record.\n\n## Sources\n\n- [x](y)";
const PRIVATE = "the address is private or local";

const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
  response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";

async function signIn(t: TestApp): Promise<string> {
  const response = await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN });
  const token = cookieOf(response);
  if (!token) throw new Error(`the admin could not sign in: ${response.body}`);
  return token;
}

const generate = (t: TestApp, token: string | null, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/_api/admin/ai-blog-writer",
    payload: payload as Record<string, unknown>,
    cookies: token ? { fundmatch_session: token } : {},
  });

/** Enough of the per-route limit for a whole file of calls from one address. */
const BASE_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT_SENSITIVE_SCALE: "100" };

describe.each(TEST_DRIVERS)("the AI blog writer on %s", (driver) => {
  let articles: ArticlePeer;
  /** Another loopback server that is not on any allow list. */
  let elsewhere: ArticlePeer;
  let ipv6: ArticlePeer;
  let llm: LlmPeer;
  /** LLM mode, allowed to read the article peer. */
  let withLlm: TestApp;
  /** Demo mode, allowed to read the article peer. */
  let demo: TestApp;
  /** LLM mode without an allow list: only public addresses may be read. */
  let strict: TestApp;
  let llmToken = "";
  let demoToken = "";
  let strictToken = "";

  beforeAll(async () => {
    [articles, elsewhere, ipv6, llm] = await Promise.all([
      startArticlePeer(),
      startArticlePeer(),
      startArticlePeer("::1"),
      startLlmPeer(),
    ]);
    const llmEnv = {
      ...BASE_ENV,
      AI_WRITER_MODE: "llm",
      LLM_API_KEY: LLM_PEER_KEY,
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: "peer-model-1",
      LLM_TIMEOUT_SECONDS: "1",
    };
    withLlm = await createTestApp(driver, { ...llmEnv, AI_WRITER_ALLOW_HOSTS: articles.hostPort });
    demo = await createTestApp(driver, {
      ...BASE_ENV,
      AI_WRITER_MODE: "demo",
      AI_WRITER_ALLOW_HOSTS: articles.hostPort,
    });
    strict = await createTestApp(driver, llmEnv);
    [llmToken, demoToken, strictToken] = await Promise.all([signIn(withLlm), signIn(demo), signIn(strict)]);
  });
  afterAll(async () => {
    await Promise.all([withLlm?.close(), demo?.close(), strict?.close()]);
    await Promise.all([articles?.close(), elsewhere?.close(), ipv6?.close(), llm?.close()]);
  });
  beforeEach(() => {
    llm.behaviour = { kind: "answer", content: LLM_POST };
  });

  /** The user message of the LLM's latest request. */
  const lastPrompt = () => llm.requests.at(-1)?.body.messages.find((message) => message.role === "user")?.content ?? "";

  it("reads the article itself and has the LLM write the post from its text, without the page's scripts", async () => {
    const before = llm.requests.length;
    const response = await generate(withLlm, llmToken, { urls: [articles.url("/article")] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ markdownContent: LLM_POST, warnings: [], failures: [] });

    expect(llm.requests).toHaveLength(before + 1);
    const request = llm.requests.at(-1);
    expect(request?.headers.authorization).toBe(`Bearer ${LLM_PEER_KEY}`);
    expect(request?.body.model).toBe("peer-model-1");
    const [system, user] = request?.body.messages ?? [];
    expect(system?.role).toBe("system");
    expect(system?.content).toMatch(/startup founders/);
    expect(system?.content).toContain("# Title");
    expect(system?.content).toContain("## Sources");
    expect(user?.content).toContain(ARTICLE_SENTENCE);
    expect(user?.content).toContain(`Title: ${ARTICLE_TITLE}`);
    expect(user?.content).toContain("Site: Example News");
    expect(user?.content).toContain(`URL: ${articles.url("/article")}`);
    expect(user?.content).not.toContain(SCRIPT_MARKER);
    expect(user?.content).not.toMatch(/All rights reserved|About Example News|We use cookies/);

    const fetched = articles.requests.filter((item) => item.path === "/article").at(-1);
    expect(fetched?.headers["user-agent"]).toMatch(/^Mozilla\/5\.0 .*FundMatch/);
    expect(fetched?.headers.accept).toContain("text/html");
  });

  it("turns a dead link into a warning naming it while the other articles are used", async () => {
    const dead = articles.url("/missing");
    const response = await generate(withLlm, llmToken, { urls: [dead, articles.url("/second")] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      markdownContent: LLM_POST,
      warnings: [`Could not read ${dead}: the page answered with status 404.`],
      failures: [{ url: dead, reason: "the page answered with status 404" }],
    });
    expect(lastPrompt()).toContain(SECOND_SENTENCE);
  });

  it("follows a redirect on an allowed host, decodes by the declared charset, and warns about each unusable page", async () => {
    const urls = ["/huge", "/report.pdf", "/empty", "/moved", "/latin1"].map((path) => articles.url(path));
    const response = await generate(withLlm, llmToken, { urls });
    expect(response.statusCode).toBe(200);
    expect(response.json().warnings).toEqual([
      `Could not read ${urls[0]}: the page is larger than 2 MB.`,
      `Could not read ${urls[1]}: it is not a web page or text (its type is application/pdf).`,
      `Could not read ${urls[2]}: no article text was found on the page.`,
    ]);
    const prompt = lastPrompt();
    expect(prompt).toContain(ARTICLE_SENTENCE);
    expect(prompt).toContain(LATIN1_SENTENCE);
    // The articles keep the order they were given in.
    expect(prompt.indexOf(ARTICLE_SENTENCE)).toBeLessThan(prompt.indexOf(LATIN1_SENTENCE));
  });

  it("reads a page pasted twice only once", async () => {
    const before = articles.requests.filter((item) => item.path === "/second").length;
    const url = articles.url("/second");
    const response = await generate(withLlm, llmToken, { urls: [url, url, `${url}#comments`] });
    expect(response.statusCode).toBe(200);
    expect(articles.requests.filter((item) => item.path === "/second")).toHaveLength(before + 1);
    expect(lastPrompt().split(SECOND_SENTENCE)).toHaveLength(2);
  });

  it("answers 422 without asking the LLM when no article could be read", async () => {
    const before = llm.requests.length;
    const urls = [articles.url("/missing"), articles.url("/report.pdf")];
    const response = await generate(withLlm, llmToken, { urls });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe(
      `None of the articles could be read. Could not read ${urls[0]}: the page answered with status 404. ` +
        `Could not read ${urls[1]}: it is not a web page or text (its type is application/pdf).`,
    );
    // Each source and its reason, for the editor to show beside the URL list.
    expect(response.json().failures).toEqual([
      { url: urls[0], reason: "the page answered with status 404" },
      { url: urls[1], reason: "it is not a web page or text (its type is application/pdf)" },
    ]);
    expect(llm.requests).toHaveLength(before);
  });

  it("refuses a page nested too deep at once, as a warning, while the server answers others", async () => {
    const deep = articles.url("/deep");
    const started = Date.now();
    const [response, ping] = await Promise.all([
      generate(demo, demoToken, { urls: [deep, articles.url("/article")] }),
      demo.app.inject({ method: "GET", url: "/_api/ping" }),
    ]);
    expect(ping.statusCode).toBe(200);
    expect(response.statusCode).toBe(200);
    expect(response.json().failures).toEqual([
      { url: deep, reason: `its HTML nests elements more than ${MAX_NESTING_DEPTH} levels deep` },
    ]);
    expect(response.json().warnings[0]).toBe(
      `Could not read ${deep}: its HTML nests elements more than ${MAX_NESTING_DEPTH} levels deep.`,
    );
    // Reading it on the server's thread took 13 minutes.
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("reads a slow page off the server's thread: the server keeps answering meanwhile", async () => {
    // Seconds of Readability in this process would stall its event loop: a ticker measures the longest gap.
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 20);
    try {
      const response = await generate(demo, demoToken, { urls: [articles.url("/heavy"), articles.url("/article")] });
      // The gap up to the answer counts as well: the loop may have been stalled until the very end.
      longestGap = Math.max(longestGap, performance.now() - last);
      expect(response.statusCode).toBe(200);
      // Read whole it has no article text; on a machine busy enough (other test files beside this one),
      // the reader's 10-second limit comes first. Either way it is a failure of that page alone.
      expect(response.json().failures).toEqual([
        {
          url: articles.url("/heavy"),
          reason: expect.stringMatching(
            /^(no article text was found on the page|the page took more than 10 seconds to read)$/,
          ),
        },
      ]);
    } finally {
      clearInterval(ticker);
    }
    expect(longestGap).toBeLessThan(1_000);
  });

  it("answers 502 when the LLM fails, without its key or its own message", async () => {
    llm.behaviour = { kind: "fail", status: 500 };
    const response = await generate(withLlm, llmToken, { urls: [articles.url("/article")] });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: "The AI model answered with an error (status 500). Please try again." });
    expect(response.body).not.toContain(LLM_PEER_KEY);
    expect(response.body).not.toContain("told to fail");

    llm.behaviour = { kind: "fail", status: 401 };
    const refused = await generate(withLlm, llmToken, { urls: [articles.url("/article")] });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toBe(
      "The AI model refused the request (status 401). Check LLM_API_KEY and LLM_MODEL.",
    );

    llm.behaviour = { kind: "answer", content: "  \n" };
    const empty = await generate(withLlm, llmToken, { urls: [articles.url("/article")] });
    expect(empty.statusCode).toBe(502);
    expect(empty.json().error).toBe("The AI model returned an empty answer. Please try again.");
  });

  it("answers 504 when the LLM does not answer within LLM_TIMEOUT_SECONDS, and hangs up on it", async () => {
    llm.behaviour = { kind: "hang" };
    const response = await generate(withLlm, llmToken, { urls: [articles.url("/article")] });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({ error: "The AI model did not answer in time. Please try again." });
    await llm.abandoned(1);
  });

  it("writes a labelled extractive draft in demo mode, and says so in a warning", async () => {
    const before = llm.requests.length;
    const url = articles.url("/article");
    const response = await generate(demo, demoToken, { urls: [url] });
    expect(response.statusCode).toBe(200);
    const { markdownContent, warnings } = response.json();
    expect(warnings).toEqual([DEMO_WARNING]);
    const lines: string[] = markdownContent.split("\n");
    expect(lines[0]).toBe(`# ${ARTICLE_TITLE}`);
    expect(markdownContent).toMatch(/\n\*Demo draft[^\n]*without an AI model[^\n]*LLM_API_KEY[^\n]*\*\n\n## Sources/);
    // The note is not the first paragraph, which the editor takes as the excerpt.
    expect(draftFromMarkdown(markdownContent).excerpt).not.toMatch(/demo/i);
    expect(markdownContent).toContain(`## ${ARTICLE_TITLE}\n\n${ARTICLE_SENTENCE}`);
    expect(markdownContent).toContain(`## Sources\n\n- [${ARTICLE_TITLE}](${url}) (Example News)`);
    expect(markdownContent).not.toContain(SCRIPT_MARKER);
    expect(llm.requests).toHaveLength(before);
  });

  describe("refuses private and local addresses without sending them anything", () => {
    const cases: Array<[string, () => string]> = [
      ["a loopback address", () => elsewhere.url("/article")],
      ["a name that resolves to loopback", () => `http://localhost:${elsewhere.port}/article`],
      ["an IPv6 loopback address", () => ipv6.url("/article")],
      ["the cloud metadata address", () => "http://169.254.169.254/latest/meta-data/"],
      ["a private network address", () => "http://10.0.0.1/"],
      ["an IPv4-compatible IPv6 loopback address", () => `http://[::127.0.0.1]:${elsewhere.port}/article`],
      ["the cloud metadata address inside IPv6", () => "http://[::169.254.169.254]/latest/meta-data/"],
      ["an IPv4-mapped IPv6 loopback address", () => `http://[::ffff:127.0.0.1]:${elsewhere.port}/mapped`],
      ["a NAT64 address of a loopback one", () => `http://[64:ff9b::127.0.0.1]:${elsewhere.port}/nat64`],
      ["a 6to4 address of a loopback one", () => `http://[2002:7f00:1::1]:${elsewhere.port}/6to4`],
      ["a Teredo address", () => `http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:${elsewhere.port}/teredo`],
      ["a loopback address written as a number", () => `http://2130706433:${elsewhere.port}/article`],
    ];

    it.each(cases)("%s", async (_name, urlOf) => {
      const url = urlOf();
      const before = llm.requests.length;
      const response = await generate(strict, strictToken, { urls: [url] });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toBe(`None of the articles could be read. Could not read ${url}: ${PRIVATE}.`);
      expect(elsewhere.requests).toEqual([]);
      expect(ipv6.requests).toEqual([]);
      expect(llm.requests).toHaveLength(before);
    });

    it("names each refused address in one answer", async () => {
      // Without the last case: written as a number, it is the same page as the first and is read once.
      // At most ten: the most one request takes.
      const urls = cases
        .slice(0, -1)
        .slice(0, 10)
        .map(([, urlOf]) => urlOf());
      const response = await generate(strict, strictToken, { urls });
      expect(response.statusCode).toBe(422);
      for (const url of urls) expect(response.json().error).toContain(`Could not read ${url}: ${PRIVATE}.`);
      expect(elsewhere.requests).toEqual([]);
      expect(ipv6.requests).toEqual([]);
    });

    it("checks every redirect hop: an allowed host cannot send the reader to a private address", async () => {
      articles.redirects.set("/to-elsewhere", elsewhere.url("/article"));
      articles.redirects.set("/to-metadata", "http://169.254.169.254/latest/meta-data/");
      const urls = [articles.url("/to-elsewhere"), articles.url("/to-metadata")];
      const response = await generate(withLlm, llmToken, { urls });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toBe(
        "None of the articles could be read. " +
          urls.map((url) => `Could not read ${url}: it redirected to an address that is private or local.`).join(" "),
      );
      expect(articles.requests.map((item) => item.path)).toEqual(
        expect.arrayContaining(["/to-elsewhere", "/to-metadata"]),
      );
      expect(elsewhere.requests).toEqual([]);
    });
  });

  it.each([
    [{ urls: [] }, "At least one URL is required."],
    [
      { urls: Array.from({ length: 11 }, (_, index) => `https://news.example/${index}`) },
      "At most 10 URLs can be summarised at once.",
    ],
    [{ urls: ["https://news.example/a", "not a url"] }, "Each item in the list must be a valid URL."],
    [{ urls: ["ftp://news.example/a"] }, "Each item in the list must be a valid URL."],
  ])("validates %j", async (payload, message) => {
    const response = await generate(withLlm, llmToken, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  it("is documented in the OpenAPI document with its failures, in the answer and in the 422", async () => {
    const response = await withLlm.app.inject({
      method: "GET",
      url: "/_api/openapi.json",
      cookies: { fundmatch_session: llmToken },
    });
    const document = response.json();
    const responses = document.paths["/_api/admin/ai-blog-writer"].post.responses;
    const schemaOf = (status: string) => {
      const schema = responses[status].content["application/json"].schema;
      const ref: string | undefined = schema.$ref;
      return ref ? document.components.schemas[ref.split("/").at(-1) ?? ""] : schema;
    };
    expect(Object.keys(schemaOf("200").properties)).toEqual(["markdownContent", "warnings", "failures"]);
    expect(Object.keys(schemaOf("422").properties)).toEqual(["error", "failures"]);
    expect(responses["422"].description).toMatch(/None of the sources could be used/);
  });

  it("is for admins only: 401 for a visitor, 403 for a member", async () => {
    const before = articles.requests.length;
    const payload = { urls: [articles.url("/article")] };
    const visitor = await generate(withLlm, null, payload);
    expect(visitor.statusCode).toBe(401);
    const registered = await withLlm.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: MEMBER,
    });
    const member = await generate(withLlm, cookieOf(registered), payload);
    expect(member.statusCode).toBe(403);
    expect(articles.requests).toHaveLength(before);
  });
});

describe("fetching one page", () => {
  let articles: ArticlePeer;
  beforeAll(async () => {
    articles = await startArticlePeer();
  });
  afterAll(async () => articles?.close());

  it("connects to the checked address, and names the host in the request", async () => {
    const page = await fetchPage(
      `http://localhost:${articles.port}/moved`,
      allowListOf([`localhost:${articles.port}`]),
    );
    expect(page).toMatchObject({ url: `http://localhost:${articles.port}/article`, kind: "html" });
    expect(page.body).toContain(ARTICLE_SENTENCE);
    expect(articles.requests.at(-1)?.headers.host).toBe(`localhost:${articles.port}`);
  });

  it("never asks DNS again after the check: the connection goes to the checked address", async () => {
    // A name that DNS cannot resolve at all still reaches the peer, because only the checked address is used.
    const url = new URL(`http://rebinding.invalid:${articles.port}/article`);
    const response = await requestPinned(url, { address: "127.0.0.1", family: 4 }, new AbortController().signal);
    response.resume();
    expect(response.statusCode).toBe(200);
    expect(articles.requests.at(-1)).toMatchObject({
      path: "/article",
      headers: { host: `rebinding.invalid:${articles.port}` },
    });
  });

  it("is given up at the page's time limit, and the connection is closed", async () => {
    const limits = { ...PAGE_LIMITS, timeoutMs: 1_000 };
    await expect(fetchPage(articles.url("/slow"), allowListOf([articles.hostPort]), limits)).rejects.toThrow(
      "the page did not load within 1 second",
    );
    await articles.abandoned("/slow");
  });
});

describe("the AI writer's configuration", () => {
  it("drafts with the LLM when a key is set, else in demo mode, which production refuses unless asked for", () => {
    expect(loadConfig({ NODE_ENV: "development" }).AI_WRITER_MODE).toBe("demo");
    expect(loadConfig({ LLM_API_KEY: "sk-test" }).AI_WRITER_MODE).toBe("llm");
    expect(() => loadConfig({ NODE_ENV: "production", PAYMENTS_MODE: "demo" })).toThrow(
      /AI_WRITER_MODE: no LLM is configured \(LLM_API_KEY is unset\)/,
    );
    expect(
      loadConfig({
        NODE_ENV: "production",
        PUBLIC_ORIGIN: "https://fundmatch.example",
        PAYMENTS_MODE: "demo",
        OIDC_MODE: "off",
        AI_WRITER_MODE: "demo",
      }).AI_WRITER_MODE,
    ).toBe("demo");
    expect(() => loadConfig({ AI_WRITER_MODE: "llm" })).toThrow(/LLM_API_KEY: required when AI_WRITER_MODE=llm/);
    expect(() => loadConfig({ AI_WRITER_ALLOW_HOSTS: "localhost" })).toThrow(/AI_WRITER_ALLOW_HOSTS: must be/);
    expect(() => loadConfig({ LLM_BASE_URL: "ftp://llm.example" })).toThrow(/LLM_BASE_URL/);
    expect(loadConfig({ AI_WRITER_ALLOW_HOSTS: " News.Intranet:8080, [::1]:4010 " }).AI_WRITER_ALLOW_HOSTS).toEqual([
      "news.intranet:8080",
      "[::1]:4010",
    ]);
  });
});
