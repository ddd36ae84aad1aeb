import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funds } from "../../src/server/db/schema/index.js";
import type { FundRow } from "../../src/server/db/types.js";
import { inlineStylesheets } from "../../src/server/site/client-app.js";
import { fundPath } from "../../src/shared/fund-page.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";

/**
 * The server's side of server rendering, with a stand-in for the client's server bundle: which
 * pages are rendered, the API answers asked with the visitor's own cookie and sent in the page,
 * the preloads, the cache for visitors, and a render that fails or hangs (the page is still served).
 * The real bundle is exercised end to end by tests/e2e/server-rendering.spec.ts.
 */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Build title</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

const MANIFEST = {
  "index.html": { file: "assets/index-abc.js", isEntry: true, imports: ["_react.js"] },
  "_react.js": { file: "assets/react-abc.js" },
  "_shared.js": { file: "assets/shared-abc.js", imports: ["_react.js"] },
  "features/blog/blog-list-page.tsx": { file: "assets/blog-list-abc.js", imports: ["_shared.js", "_react.js"] },
};

/**
 * Counts its renders, echoes what it was given (the URL, the session's status, then the status of
 * each of the page's own calls in brackets), and fails or hangs on request. Its pages ask what the
 * real ones ask: the countries on /, the posts on the blog, the fund on a fund page; /privacy asks
 * a call that does not exist (a page whose data call fails).
 */
const ENTRY = `
let renders = 0;
let config = "";
const pageCalls = (url) => {
  const pathname = url.split("?")[0];
  if (pathname === "/") return ["/_api/countries"];
  if (pathname.startsWith("/blog")) return ["/_api/blog/posts"];
  const fund = /^\\/funds\\/(\\d+)-/.exec(pathname);
  if (fund) return ["/_api/funds/" + fund[1]];
  if (pathname === "/privacy") return ["/_api/no-such-call"];
  return [];
};
export default {
  configure(json) { config = json; },
  async answers(url, fetchApi) {
    const urls = ["/_api/auth/session", ...pageCalls(url)];
    const answers = [];
    const setCookie = [];
    for (const wanted of urls) {
      const answer = await fetchApi(wanted);
      answers.push({ url: wanted, status: answer.status, text: answer.text });
      setCookie.push(...answer.setCookie);
    }
    if (url.includes("inert")) answers.push({ url: "/_api/x", status: 200, text: "</script><script>alert(1)</script>\u2028" });
    return { answers, setCookie };
  },
  async render(url, answers, signal) {
    if (url.includes("boom")) throw new Error("render failed");
    if (url.includes("hang")) await new Promise((resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
    renders += 1;
    const session = answers[0];
    const calls = answers.slice(1).map((answer) => answer.status).join(",");
    return {
      html: "<p>render " + renders + " of " + url.replace(/[<>&"]/g, "") + " as " + session.status + " with " + JSON.parse(config).paymentsMode + " [" + calls + "]</p>",
      parts: url.startsWith("/blog") ? ["features/blog/blog-list-page.tsx"] : [],
    };
  },
};
`;

function buildDirs(): { clientDir: string; entry: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "fundmatch-ssr-"));
  const clientDir = path.join(dir, "client");
  mkdirSync(path.join(clientDir, ".vite"), { recursive: true });
  writeFileSync(path.join(clientDir, "index.html"), TEMPLATE);
  writeFileSync(path.join(clientDir, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  const entry = path.join(dir, "entry-server.mjs");
  writeFileSync(entry, ENTRY);
  return { clientDir, entry };
}

const pageData = (html: string) => {
  const match = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  return match?.[1]
    ? (JSON.parse(match[1]) as { answers: Array<{ url: string; status: number; text: string }>; parts: string[] })
        .answers
    : undefined;
};

describe.each(TEST_DRIVERS)("server-rendered pages (%s)", (driver) => {
  let t: TestApp;
  let ip = 0;
  const get = (url: string, cookie?: string) =>
    t.app.inject({
      method: "GET",
      url,
      remoteAddress: `10.7.0.${++ip % 250}`,
      ...(cookie ? { cookies: { fundmatch_session: cookie } } : {}),
    });

  beforeAll(async () => {
    const { clientDir, entry } = buildDirs();
    t = await createTestApp(driver, {}, { CLIENT_DIR: clientDir, SSR_ENTRY: entry });
  });
  afterAll(async () => t?.close());

  it("renders a public page into the root element with the answers it used, for the browser to replay", async () => {
    const response = await get("/blog");
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<div id="root"><p>render \d+ of \/blog as 401 with demo \[200\]<\/p><\/div>/);
    const answers = pageData(response.body);
    expect(answers?.map((answer) => [answer.url, answer.status])).toEqual([
      ["/_api/auth/session", 401],
      ["/_api/blog/posts", 200],
    ]);
    // The head still comes from the page's own metadata, once.
    expect(response.body.match(/<title>/g)).toHaveLength(1);
    expect(response.body).not.toContain("Build title");
  });

  it("lists the chunks of the lazy parts a page rendered, but none the page's own tags already load", async () => {
    const html = (await get("/blog")).body;
    // A list for the client to preload after the first paint, not modulepreload links fetched before it.
    const listed = /<script type="application\/json" id="part-preloads">(.*?)<\/script>/.exec(html)?.[1] ?? "[]";
    expect((JSON.parse(listed) as string[]).sort()).toEqual(["/assets/blog-list-abc.js", "/assets/shared-abc.js"]);
    expect(html).not.toContain('rel="modulepreload" crossorigin fetchpriority="low"');
    // The page names its parts too: the browser loads them all before taking the page over.
    const data = /id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "{}";
    expect(JSON.parse(data).parts).toEqual(["features/blog/blog-list-page.tsx"]);
    expect(html.indexOf("blog-list-abc.js")).toBeLessThan(html.indexOf("</head>"));
    expect((await get("/terms")).body).not.toContain("blog-list-abc.js");
  });

  it("renders a visitor's page once, whatever query keys the page does not read", async () => {
    const first = (await get("/terms?x=1")).body;
    expect(first).toMatch(/render \d+ of \/terms as 401/);
    for (const url of ["/terms?x=1", "/terms?x=2", "/terms", "/terms?"]) expect((await get(url)).body, url).toBe(first);
  });

  it("keeps the search page per search, without the keys it does not read", async () => {
    const first = (await get("/?search=1&q=fintech&utm_source=x")).body;
    // The stub drops "&" from the URL it echoes.
    expect(first).toMatch(/render \d+ of \/\?search=1q=fintech as 401/);
    expect((await get("/?search=1&utm_source=y&q=fintech")).body).toBe(first);
    const other = (await get("/?search=1&q=biotech")).body;
    expect(other).not.toBe(first);
    expect(other).toMatch(/of \/\?search=1q=biotech as 401/);
  });

  it("renders a signed-in visitor's page with their session, kept private and never shared", async () => {
    const registered = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: `ssr-${driver}@example.com`, password: "Password123", displayName: "Ada" },
      remoteAddress: "10.7.1.1",
    });
    expect(registered.statusCode).toBe(201);
    const token = registered.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value;
    expect(token).toBeTruthy();
    const first = await get("/terms?signed-in", token);
    expect(first.body).toMatch(/as 200 with demo/);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    expect(first.headers.vary).toContain("Cookie");
    const session = pageData(first.body)?.[0];
    expect(JSON.parse(session?.text ?? "{}").user.email).toBe(`ssr-${driver}@example.com`);
    // Not taken from the visitors' cache, and not put in it.
    const visitor = await get("/terms?signed-in");
    expect(visitor.body).toMatch(/as 401/);
    expect(visitor.headers["cache-control"]).toBe("no-cache");
    expect(visitor.body).not.toContain(`ssr-${driver}@example.com`);
  });

  it("compresses pages for clients that accept it", async () => {
    for (const encoding of ["br", "gzip"] as const) {
      const response = await t.app.inject({ method: "GET", url: "/blog", headers: { "accept-encoding": encoding } });
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(String(response.headers.vary)).toContain("Accept-Encoding");
      const raw = response.rawPayload;
      const html = (encoding === "br" ? brotliDecompressSync(raw) : gunzipSync(raw)).toString("utf8");
      expect(html).toContain('<div id="root"><p>render');
    }
    const plain = await t.app.inject({ method: "GET", url: "/blog", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });

  it("renders a member's own page with their session, and sends a visitor to log in and back", async () => {
    const registered = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: `ssr-profile-${driver}@example.com`, password: "Password123", displayName: "Bo" },
      remoteAddress: "10.7.1.2",
    });
    const token = registered.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value;
    expect(token).toBeTruthy();
    const renders = t.app.pageRenderer?.stats.renders ?? 0;
    const member = await get("/profile?view=board&status=contacted&utm_source=x", token);
    expect(member.statusCode).toBe(200);
    // Rendered with the keys the page reads (the layout, the filter), nothing else.
    expect(member.body).toMatch(/render \d+ of \/profile\?view=boardstatus=contacted as 200/);
    expect(member.headers["cache-control"]).toBe("private, no-cache");
    expect(JSON.parse(pageData(member.body)?.[0]?.text ?? "{}").user.email).toBe(`ssr-profile-${driver}@example.com`);
    // A made-up layout or status is not part of the render.
    expect((await get("/profile?view=<x>&status=nope", token)).body).toMatch(/render \d+ of \/profile as 200/);
    for (const [url, cookie] of [
      ["/profile", undefined],
      ["/profile?view=board", undefined],
      ["/PROFILE/", undefined],
      ["/profile", "not-a-session"],
    ] as const) {
      const visitor = await get(url, cookie);
      expect(visitor.statusCode, url).toBe(303);
      expect(visitor.headers.location, url).toBe(`/login?next=${encodeURIComponent(url)}`);
      expect(visitor.headers["cache-control"], url).toBe("no-store");
      expect(visitor.body, url).not.toContain("ssr-profile");
    }
    // The member's page is never kept: each visit renders afresh, with that member's data.
    await get("/profile", token);
    await get("/profile", token);
    expect((t.app.pageRenderer?.stats.renders ?? 0) - renders).toBeGreaterThanOrEqual(4);
  });

  it("leaves the signed-in areas to the browser", async () => {
    const urls = ["/admin/users", "/account-settings", "/set-password?token=x", "/reset-password?token=x", "/admin"];
    for (const url of urls) {
      const response = await get(url);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(pageData(response.body), url).toBeUndefined();
    }
  });

  it("still serves the page, for the browser to render, when rendering fails", async () => {
    const response = await get("/blog/boom");
    expect([200, 404]).toContain(response.statusCode);
    expect(response.body).toContain('<div id="root"></div>');
    expect(pageData(response.body)).toBeUndefined();
  });

  it("renders unknown paths with their 404 status", async () => {
    const response = await get("/no-such-page");
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatch(/<div id="root"><p>render \d+ of \/no-such-page as 401/);
  });

  it("keeps the page data inert: text that looks like markup cannot close its element", async () => {
    const response = await get("/inert");
    expect(response.body).not.toContain("<script>alert(1)");
    expect(pageData(response.body)?.[1]?.text).toBe("</script><script>alert(1)</script>\u2028");
  });
});

/**
 * The visitors' page cache against abuse (issue 20): a page is everyone's, so neither the address
 * that asked for it first nor the query it made up may decide what it is, and an error a data
 * call met is never kept.
 */
describe.each(TEST_DRIVERS)("the visitors' page cache (%s)", (driver) => {
  let t: TestApp;
  let fundPage: string;
  const LIMIT = 20;
  const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, remoteAddress, headers });
  const renders = () => t.app.pageRenderer?.stats.renders ?? Number.NaN;

  beforeAll(async () => {
    const { clientDir, entry } = buildDirs();
    t = await createTestApp(
      driver,
      { RATE_LIMIT_PER_MINUTE: String(LIMIT) },
      { CLIENT_DIR: clientDir, SSR_ENTRY: entry },
    );
    await insertFunds(t.testDatabase.database.db, [{ name: "Cache Test Ventures" }]);
    t.app.services.fundsIndex.invalidate();
    const [row] = await t.testDatabase.database.db.select().from(funds);
    fundPage = fundPath(row as FundRow);
  });
  afterAll(async () => t?.close());

  it("serves every visitor the page with its data after one address used up its rate limit", async () => {
    const attacker = "10.9.0.1";
    let limited = false;
    for (let sent = 0; sent <= LIMIT && !limited; sent += 1) {
      limited = (await get("/_api/ping", attacker)).statusCode === 429;
    }
    expect(limited).toBe(true);
    for (const url of ["/", "/blog", fundPage]) {
      // The first render of each page is asked for by the address over its limit.
      const theirs = await get(url, attacker);
      expect(theirs.statusCode, url).toBe(200);
      const other = await get(url, "10.9.0.2");
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).toMatch(/as 401 with demo \[200\]<\/p>/);
      expect(
        pageData(other.body)?.map((answer) => answer.status),
        url,
      ).toEqual([401, 200]);
    }
    // The address's own API calls are still limited, and no header it can send changes that.
    expect((await get("/_api/countries", attacker)).statusCode).toBe(429);
    expect((await get("/_api/countries", attacker, { "x-fundmatch-internal": "guess" })).statusCode).toBe(429);
  });

  it("renders a page once for any number of queries it does not read", async () => {
    const first = await get("/subscribe?r=first", "10.9.1.1");
    const before = renders();
    const bodies = new Set<string>();
    for (let request = 0; request < 50; request += 1) {
      const response = await get(`/subscribe?r=${Math.random().toString(36).slice(2)}`, `10.9.1.${request % 3}`);
      bodies.add(response.body);
    }
    expect(renders() - before).toBe(0);
    expect([...bodies]).toEqual([first.body]);
    // The home page reads the search keys only: a made-up key is served the kept page too.
    await get("/?r=first", "10.9.1.1");
    const home = renders();
    for (let request = 0; request < 50; request += 1) await get(`/?r=${request}-${Math.random()}`, "10.9.1.2");
    expect(renders() - home).toBe(0);
    // Nothing was kept under a query: the made-up ones are not part of any key.
    expect(t.app.pageRenderer?.keptBytes().queried).toBe(0);
    expect(t.app.pageRenderer?.keptBytes().pages).toBeGreaterThan(0);
  });

  it("keeps no page whose data call failed, and no Not Found page", async () => {
    const before = renders();
    const failed = await get("/privacy", "10.9.2.1");
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toMatch(/\[404\]<\/p>/);
    await get("/privacy", "10.9.2.2");
    expect(renders() - before).toBe(2);
    await get("/no-such-page-1", "10.9.2.1");
    await get("/no-such-page-1", "10.9.2.2");
    expect(renders() - before).toBe(4);
  });
});

describe("the build's stylesheet", () => {
  it("is written into the page, unless it could close its element or is missing", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "fundmatch-css-"));
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "assets", "index-abc.css"), "body{color:red}");
    writeFileSync(path.join(dir, "assets", "evil-abc.css"), "a{content:'</style><script>x</script>'}");
    const template = [
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
      '<link rel="stylesheet" crossorigin href="/assets/evil-abc.css">',
      '<link rel="stylesheet" crossorigin href="/assets/missing-abc.css">',
    ].join("\n");
    const html = await inlineStylesheets(template, dir);
    expect(html).toContain("<style>body{color:red}</style>");
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/evil-abc.css">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/missing-abc.css">');
  });
});
