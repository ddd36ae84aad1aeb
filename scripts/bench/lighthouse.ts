/**
 * Lighthouse (mobile, the default form factor) on the public pages of a fresh server: scores,
 * largest contentful paint, total blocking time and layout shift per page, judged against the
 * budgets of lighthouse-budgets.ts. Run alone with `npm run lighthouse`, or at the end of `npm run bench`.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type LaunchedChrome, launch } from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { fillPipeline, subscriberCookie } from "./bench-accounts.js";
import { deferCleanup } from "./cleanup.js";
import {
  LIGHTHOUSE_BUDGETS,
  type MethodResult,
  median,
  medianSample,
  noindexSource,
  type PageResult,
  type PageSample,
  renderPageTable,
  robotsDirectives,
  scoreOutOf100,
  summariseLighthouse,
  THROTTLING_METHODS,
  type ThrottlingMethod,
} from "./lighthouse-budgets.js";
import { type RunningServer, startServer } from "./server-process.js";

/**
 * Both ways Lighthouse slows the page down to a mid-range phone on a slow 4G network, each page
 * measured with each:
 *
 * "simulate" (Lighthouse's default, Lantern, what PageSpeed Insights reports; the budgets are judged
 * on it) loads the page unthrottled and estimates the throttled timings from the requests' dependency
 * graph. Its LCP counts every request started before the largest paint of that unthrottled load as
 * blocking the paint, module scripts and preloaded chunks included, so what the HTML asks for before
 * the paint costs there even where a browser would paint first. It also takes layout shifts from the
 * unthrottled load, where late content shifts nothing.
 *
 * "devtools" loads the page with the slowdown applied for real: Chromium's CPU throttled 4× and every
 * request delayed by DevTools (562.5 ms per request, 1.4 Mbps down), and reports what it measured.
 * It sees the shifts a slow load really makes (its CLS is judged) but its timings swing with whatever
 * else the machine runs (printed, not judged). See docs/decisions/0020-lighthouse-bench.md.
 */
export type { ThrottlingMethod } from "./lighthouse-budgets.js";

export type LighthouseSettings = {
  root: string;
  runsPerPage: number;
  /** The methods each page is measured with, in this order. */
  methods: readonly ThrottlingMethod[];
  chromiumPath: string | undefined;
  reportsDir: string;
  /** Only the pages with these labels (LIGHTHOUSE_PAGES), or every page. */
  pageLabels?: readonly PageLabel[];
};

export type LighthouseReport =
  | {
      status: "ok";
      /** Per method measured, the throttling Lighthouse simulated or applied, as its result reports it. */
      throttling: Partial<Record<ThrottlingMethod, Partial<Result["configSettings"]["throttling"]>>>;
      lighthouseVersion: string;
      browser: string;
      /** Lighthouse's measure of this machine's speed (median over the runs); its CPU slowdown assumes about 1,000 or more. */
      benchmarkIndex: number | null;
      runsPerPage: number;
      pages: PageResult[];
      reportsDir: string;
    }
  | { status: "skipped" | "failed"; note: string };

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** The pages measured: the fixed ones, and one blog post and one fund page found on the fresh server. */
const PAGE_LABELS = [
  "home",
  "blog",
  "blog post",
  "fund page",
  "terms",
  "subscribe",
  "login",
  "match",
  // Signed in as a subscriber (issue 38): the board and the whole shortlist, with the session's cookie.
  "board (subscriber)",
  "match (subscriber)",
  // Signed in as a member of the fund's team (a verified claim): the fund's editor.
  "fund editor (member)",
] as const;
type PageLabel = (typeof PAGE_LABELS)[number];
/** Who the page is measured as: a visitor (no `as`), a subscriber, or a member of the fund's team. */
type SignedInAs = "subscriber" | "member";
type PageSpec = { label: PageLabel; path: string; as?: SignedInAs; fundId?: number };
/** The profile the match pages are measured with: a common one, with a raise. */
const MATCH_PATH = "/match?stage=seed&sectors=fintech&country=Germany&raise=2M";

export function readLighthouseSettings(root: string, env: NodeJS.ProcessEnv = process.env): LighthouseSettings {
  return {
    root,
    runsPerPage: positiveInteger(env.LIGHTHOUSE_RUNS, 1, "LIGHTHOUSE_RUNS"),
    methods: throttlingMethods(env.LIGHTHOUSE_THROTTLING),
    chromiumPath: findChromium(env),
    reportsDir: path.join(root, ".bench/lighthouse"),
    pageLabels: pageLabels(env.LIGHTHOUSE_PAGES),
  };
}

function pageLabels(raw: string | undefined): PageLabel[] | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const labels = raw.split(",").map((label) => label.trim());
  const unknown = labels.filter((label) => !isPageLabel(label));
  if (unknown.length > 0)
    throw new Error(`LIGHTHOUSE_PAGES: unknown page ${unknown.join(", ")} (pages: ${PAGE_LABELS.join(", ")})`);
  return labels.filter(isPageLabel);
}

function isPageLabel(label: string): label is PageLabel {
  return (PAGE_LABELS as readonly string[]).includes(label);
}

function positiveInteger(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
  return value;
}

/** Both methods by default; one alone (quicker, for iterating on one of them) when named. */
function throttlingMethods(raw: string | undefined): ThrottlingMethod[] {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "both") return [...THROTTLING_METHODS];
  if (value === "devtools" || value === "simulate") return [value];
  throw new Error("LIGHTHOUSE_THROTTLING must be 'both' (the default), 'simulate' or 'devtools'");
}

/** The same search as `npm test`'s: CHROMIUM_PATH, then the system Chromium. */
function findChromium(env: NodeJS.ProcessEnv): string | undefined {
  return [env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
    (candidate): candidate is string => typeof candidate === "string" && candidate !== "" && existsSync(candidate),
  );
}

/** "Chromium 156.0.8078.108 …": the user agent Lighthouse reports hides all but the major version. */
function browserVersion(chromiumPath: string): string {
  try {
    return execFileSync(chromiumPath, ["--version"], {
      encoding: "utf8",
      timeout: 10_000,
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return chromiumPath;
  }
}

/**
 * A fresh Chromium (own profile, chrome-launcher's temp directory) for each load: no state of an earlier
 * load (memory, compiled code, sockets) carries into the next, and a recording that went wrong cannot
 * spoil the runs after it. Storage and cache Lighthouse resets itself.
 */
async function withChrome<T>(settings: LighthouseSettings, use: (port: number) => Promise<T>): Promise<T> {
  if (!settings.chromiumPath) throw new Error("no Chromium");
  let chrome: LaunchedChrome | undefined;
  const kill = deferCleanup(async () => chrome?.kill());
  try {
    chrome = await launch({
      chromePath: settings.chromiumPath,
      // The bench's own SIGINT handler stops everything; chrome-launcher's would exit the process first.
      handleSIGINT: false,
      chromeFlags: CHROME_FLAGS,
    });
    return await use(chrome.port);
  } finally {
    await kill();
  }
}

const CHROME_FLAGS = [
  "--headless=new",
  // Root in a container has no sandbox to use.
  "--no-sandbox",
  "--disable-gpu",
  // The machine may have no outside network: keep Chromium from reaching for it during a measurement.
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Starts a server on a fresh DATA_DIR and Chromium, measures every page, and stops both. */
export async function runLighthouse(
  settings: LighthouseSettings,
  log: (message: string) => void,
): Promise<LighthouseReport> {
  if (!settings.chromiumPath) {
    return { status: "skipped", note: "no Chromium found (set CHROMIUM_PATH or install /usr/bin/chromium)" };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "fundmatch-lighthouse-"));
  const removeDataDir = deferCleanup(() => rm(dataDir, { recursive: true, force: true }));
  let server: RunningServer | undefined;
  try {
    server = await startServer({ root: settings.root, dataDir, readyPath: "/healthz" });
    log(`Lighthouse: server ready on ${server.baseUrl} in ${(server.readyMs / 1000).toFixed(1)} s`);
    const labels = settings.pageLabels;
    const pages = (await findPages(server.baseUrl)).filter((page) => !labels || labels.includes(page.label));
    // The signed-in pages carry their account's session cookie on every request Lighthouse makes.
    const cookies: Partial<Record<SignedInAs, string>> = {};
    if (pages.some((page) => page.as === "subscriber")) {
      cookies.subscriber = await subscriberCookie(server.baseUrl, dataDir);
      await fillPipeline(server.baseUrl, cookies.subscriber);
    }
    const editor = pages.find((page) => page.as === "member");
    if (editor?.fundId !== undefined) cookies.member = await memberCookie(server.baseUrl, dataDir, editor.fundId);
    await rm(settings.reportsDir, { recursive: true, force: true });
    await mkdir(settings.reportsDir, { recursive: true });
    const report = await measurePages(settings, server.baseUrl, pages, log, cookies);
    return report.status === "ok" ? { ...report, browser: browserVersion(settings.chromiumPath) } : report;
  } catch (error) {
    return { status: "failed", note: error instanceof Error ? error.message : String(error) };
  } finally {
    await server?.stop();
    await removeDataDir();
  }
}

async function measurePages(
  settings: LighthouseSettings,
  baseUrl: string,
  pages: readonly PageSpec[],
  log: (message: string) => void,
  cookies: Partial<Record<SignedInAs, string>> = {},
): Promise<LighthouseReport> {
  const results: PageResult[] = [];
  const benchmarkIndexes: number[] = [];
  const throttling: Extract<LighthouseReport, { status: "ok" }>["throttling"] = {};
  let last: Result | undefined;
  for (const page of pages) {
    const url = `${baseUrl}${page.path}`;
    try {
      const cookie = page.as ? cookies[page.as] : undefined;
      const headers = cookie ? { Cookie: cookie } : undefined;
      const served = await withChrome(settings, (port) => warmUp(url, port, headers));
      const samples = new Map<ThrottlingMethod, PageSample[]>(settings.methods.map((method) => [method, []]));
      const noindexSeen: string[] = [];
      // The methods take turns within each run, so a change in the machine's load falls on both alike.
      for (let run = 1; run <= settings.runsPerPage; run++) {
        for (const method of settings.methods) {
          const lhr = await measureWithRetry(url, settings, method, page, run, log, headers);
          last = lhr;
          throttling[method] = lhr.configSettings.throttling;
          if (lhr.environment.benchmarkIndex) benchmarkIndexes.push(lhr.environment.benchmarkIndex);
          const sample = sampleOf(lhr);
          samples.get(method)?.push(sample);
          noindexSeen.push(...renderedRobotsDirectives(lhr));
          log(`Lighthouse ${page.path} ${method} run ${run}/${settings.runsPerPage}: ${describe(sample)}`);
        }
      }
      const noindex = noindexSource([...served, ...noindexSeen]);
      const methods: Partial<Record<ThrottlingMethod, MethodResult>> = {};
      for (const [method, runs] of samples) methods[method] = { median: medianSample(runs), runs };
      results.push({ ...page, status: "ok", methods, ...(noindex ? { noindex } : {}) });
    } catch (error) {
      const note = error instanceof Error ? error.message : String(error);
      log(`Lighthouse ${page.path}: FAILED, ${note}`);
      results.push({ ...page, status: "failed", note });
    }
  }
  return {
    status: "ok",
    throttling,
    lighthouseVersion: last?.lighthouseVersion ?? "unknown",
    browser: "unknown",
    benchmarkIndex: median(benchmarkIndexes),
    runsPerPage: settings.runsPerPage,
    pages: results,
    reportsDir: settings.reportsDir,
  };
}

/**
 * Before the measured runs: the page and its assets fetched once and one unmeasured, unthrottled load
 * in Chromium, so that the server's per-page caches and the API calls the page makes are warm, as on a
 * live site. Returns the robots directives the server sent with the page.
 */
async function warmUp(url: string, port: number, headers?: Record<string, string>): Promise<string[]> {
  const response = await fetch(url, { headers });
  const html = await response.text();
  if (!response.ok) throw new Error(`GET ${new URL(url).pathname} answered ${response.status}`);
  await lighthouse(url, {
    port,
    logLevel: "error",
    throttlingMethod: "provided",
    onlyAudits: ["viewport"],
    ...(headers ? { extraHeaders: headers } : {}),
  });
  return robotsDirectives(html, response.headers.get("x-robots-tag"));
}

/**
 * A run Lighthouse could not record (NO_NAVSTART and the like: a trace lost on a busy machine, for which
 * its own advice is to run again) is retried once; a second failure fails the page.
 */
async function measureWithRetry(
  url: string,
  settings: LighthouseSettings,
  method: ThrottlingMethod,
  page: PageSpec,
  run: number,
  log: (message: string) => void,
  headers?: Record<string, string>,
): Promise<Result> {
  try {
    return await withChrome(settings, (port) => measureOnce(url, port, settings, method, page, run, headers));
  } catch (error) {
    if (!(error instanceof LighthouseRunError)) throw error;
    log(`Lighthouse ${page.path} ${method} run ${run}: ${error.message}; trying once more`);
    return await withChrome(settings, (port) => measureOnce(url, port, settings, method, page, run, headers));
  }
}

class LighthouseRunError extends Error {}

async function measureOnce(
  url: string,
  port: number,
  settings: LighthouseSettings,
  method: ThrottlingMethod,
  page: PageSpec,
  run: number,
  headers?: Record<string, string>,
): Promise<Result> {
  const flags: Flags = {
    port,
    logLevel: "error",
    output: ["json", "html"],
    onlyCategories: CATEGORIES,
    throttlingMethod: method,
    ...(headers ? { extraHeaders: headers } : {}),
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error("Lighthouse returned no result");
  const { lhr } = result;
  if (lhr.runtimeError)
    throw new LighthouseRunError(`Lighthouse: ${lhr.runtimeError.code}, ${lhr.runtimeError.message}`);
  const reports = Array.isArray(result.report) ? result.report : [result.report];
  const base = path.join(
    settings.reportsDir,
    `${fileName(page.path)}${page.as ? `-${page.as}` : ""}-${method}-run${run}`,
  );
  await writeFile(`${base}.report.json`, reports[0] ?? "");
  if (reports[1] !== undefined) await writeFile(`${base}.report.html`, reports[1]);
  return lhr;
}

function fileName(pagePath: string): string {
  return pagePath === "/" ? "home" : pagePath.replace(/^\//, "").replace(/[^a-z0-9-]+/gi, "_");
}

function sampleOf(lhr: Result): PageSample {
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    return typeof value === "number" ? value : null;
  };
  return {
    performance: scoreOutOf100(lhr.categories.performance?.score),
    accessibility: scoreOutOf100(lhr.categories.accessibility?.score),
    bestPractices: scoreOutOf100(lhr.categories["best-practices"]?.score),
    seo: scoreOutOf100(lhr.categories.seo?.score),
    lcpMs: metric("largest-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
  };
}

/**
 * Robots directives of the rendered page, from Lighthouse's crawlability audit: a robots meta the
 * client added after the first HTML counts as much as one the server sent. Its robots.txt findings
 * are left out (a disallow there is not the page asking to stay unindexed).
 */
function renderedRobotsDirectives(lhr: Result): string[] {
  const details = lhr.audits["is-crawlable"]?.details;
  if (details?.type !== "table") return [];
  return details.items.flatMap((item) => {
    const source = item.source;
    if (typeof source === "string") return [source.replace(/^x-robots-tag:/i, "X-Robots-Tag:")];
    if (source && typeof source === "object" && "type" in source && source.type === "node" && source.snippet) {
      return [source.snippet];
    }
    return [];
  });
}

function describe(sample: PageSample | undefined): string {
  if (!sample) return "no result";
  const ms = (value: number | null) => (value === null ? "n/a" : `${Math.round(value)} ms`);
  return `perf ${sample.performance ?? "n/a"}, a11y ${sample.accessibility ?? "n/a"}, BP ${sample.bestPractices ?? "n/a"}, SEO ${sample.seo ?? "n/a"}, LCP ${ms(sample.lcpMs)}, TBT ${ms(sample.tbtMs)}, CLS ${sample.cls === null ? "n/a" : sample.cls.toFixed(3)}`;
}

/** The fixed pages, a seeded blog post (from the blog's list call) and a fund page (from the sitemap). */
async function findPages(baseUrl: string): Promise<PageSpec[]> {
  return [
    { label: "home", path: "/" },
    { label: "blog", path: "/blog" },
    { label: "blog post", path: `/blog/${await firstBlogSlug(baseUrl)}` },
    { label: "fund page", path: await firstFundPath(baseUrl) },
    { label: "terms", path: "/terms" },
    { label: "subscribe", path: "/subscribe" },
    { label: "login", path: "/login" },
    { label: "match", path: MATCH_PATH },
    { label: "board (subscriber)", path: "/profile?view=board", as: "subscriber" },
    { label: "match (subscriber)", path: MATCH_PATH, as: "subscriber" },
    await fundEditorPage(baseUrl),
  ];
}

/** The editor of a shipped fund whose website gives its team's e-mail domain (Cherry Ventures, cherry.vc). */
async function fundEditorPage(baseUrl: string): Promise<PageSpec> {
  const id = (await fundPaths(baseUrl))
    .map((pathname) => /^\/funds\/(\d+)-cherry-ventures$/.exec(pathname)?.[1])
    .find(Boolean);
  if (!id) throw new Error("the sitemap lists no Cherry Ventures to edit");
  return { label: "fund editor (member)", path: `/investor/funds/${id}`, as: "member", fundId: Number(id) };
}

/**
 * A member of the fund's team, made as a person becomes one: registered, then a claim with an address
 * at the fund's own domain and the e-mailed link followed (DATA_DIR/outbox). Answers the session cookie.
 */
async function memberCookie(baseUrl: string, dataDir: string, fundId: number): Promise<string> {
  const json = (pathname: string, body: unknown, cookie?: string) =>
    fetch(`${baseUrl}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/json", origin: baseUrl, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const run = Date.now().toString(36);
  const registered = await json("/_api/auth/register_with_password", {
    email: `lighthouse-member-${run}@example.com`,
    password: "Lighthouse-pass-1",
    displayName: "Lighthouse Member",
  });
  const cookie = registered.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("fundmatch_session="));
  if (!registered.ok || !cookie) throw new Error(`registration answered ${registered.status}`);
  const workEmail = `lighthouse-${run}@cherry.vc`;
  const claimed = await json(`/_api/funds/${fundId}/claim`, { email: workEmail }, cookie);
  if (!claimed.ok) throw new Error(`the claim answered ${claimed.status}: ${await claimed.text()}`);
  const outbox = path.join(dataDir, "outbox");
  for (let attempt = 0; attempt < 100; attempt += 1) {
    for (const name of await readdir(outbox).catch(() => [] as string[])) {
      const text = (await readFile(path.join(outbox, name), "utf8")).replace(/=\r?\n/g, "").replaceAll("=3D", "=");
      const link = text.includes(workEmail) ? /\/claim\/verify\?token=([A-Za-z0-9_-]+)/.exec(text) : null;
      if (!link) continue;
      const verified = await json("/_api/funds/claims/verify", { token: link[1] }, cookie);
      if (!verified.ok) throw new Error(`the claim's link answered ${verified.status}`);
      return cookie;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("no claim e-mail in the outbox");
}

async function firstBlogSlug(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/_api/blog/posts`);
  if (!response.ok) throw new Error(`GET /_api/blog/posts answered ${response.status}`);
  // The API answers superjson: the plain value is under `json`.
  const body = (await response.json()) as { json?: { posts?: { slug?: unknown }[] } };
  const slug = body.json?.posts?.find((post) => typeof post.slug === "string")?.slug;
  if (typeof slug !== "string") throw new Error("the fresh server lists no blog post");
  return encodeURIComponent(slug);
}

async function firstFundPath(baseUrl: string): Promise<string> {
  const first = (await fundPaths(baseUrl, true))[0];
  if (!first) throw new Error("the sitemap lists no fund page");
  return first;
}

/** The fund pages the sitemap lists (the first one only, with `firstOnly`). */
async function fundPaths(baseUrl: string, firstOnly = false): Promise<string[]> {
  const pending = [`${baseUrl}/sitemap.xml`];
  const found: string[] = [];
  // A large catalogue makes /sitemap.xml an index of sitemaps: follow it until a fund page turns up.
  for (let fetched = 0; pending.length > 0 && fetched < 20; fetched++) {
    const url = pending.shift() as string;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`GET ${new URL(url).pathname} answered ${response.status}`);
    const xml = await response.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] as string));
    found.push(...locations.map((location) => location.pathname).filter((pathname) => /^\/funds\/\d+-/.test(pathname)));
    if (firstOnly && found.length > 0) return found;
    if (xml.includes("<sitemapindex")) pending.push(...locations.map((location) => `${baseUrl}${location.pathname}`));
  }
  return found;
}

/** The printed report: how it was measured, the table, the summary. */
export function renderLighthouseReport(report: LighthouseReport): string {
  if (report.status !== "ok") return `\nLighthouse: ${report.status.toUpperCase()}, ${report.note}`;
  const methods: string[] = [];
  const simulated = report.throttling.simulate;
  if (simulated)
    methods.push(
      `simulate (Lighthouse's default, Lantern's estimate for CPU ${simulated.cpuSlowdownMultiplier}× slower, ${simulated.rttMs} ms RTT, ${kbps(simulated.throughputKbps)})`,
    );
  const applied = report.throttling.devtools;
  if (applied)
    methods.push(
      `devtools (applied: CPU ${applied.cpuSlowdownMultiplier}× slower, ${applied.requestLatencyMs} ms per request, ${kbps(applied.downloadThroughputKbps)} down, ${kbps(applied.uploadThroughputKbps)} up)`,
    );
  const medianNote = report.runsPerPage > 1 ? `, each figure the median of ${report.runsPerPage} runs` : "";
  return [
    "",
    `Lighthouse ${report.lighthouseVersion}, mobile (default form factor), each page under ${methods.length === 1 ? "one throttling method" : "both throttling methods"}: ${methods.join("; ")}`,
    `Browser: ${report.browser}; benchmark index ${report.benchmarkIndex === null ? "n/a" : Math.round(report.benchmarkIndex)}; ${report.runsPerPage} measured run(s) per page after one unmeasured warm-up load${medianNote}.`,
    `Load average (1, 5, 15 min) at the end: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(", ")} on ${os.availableParallelism()} cores.`,
    `Budgets under simulate: performance ≥ ${LIGHTHOUSE_BUDGETS.performance}, LCP ≤ ${LIGHTHOUSE_BUDGETS.lcpMs.toLocaleString("en-US")} ms, TBT ≤ ${LIGHTHOUSE_BUDGETS.tbtMs} ms, accessibility 100, best practices ≥ ${LIGHTHOUSE_BUDGETS.bestPractices}, SEO ≥ ${LIGHTHOUSE_BUDGETS.seo} (pages with noindex excepted); under devtools: CLS ≤ ${LIGHTHOUSE_BUDGETS.appliedCls} (its performance and LCP printed, not judged).`,
    renderPageTable(report.pages),
    ...report.pages.flatMap((page) =>
      page.status === "ok" && page.noindex
        ? [`${page.path} says noindex (${page.noindex}): its SEO score is not judged.`]
        : [],
    ),
    `Reports: ${path.relative(process.cwd(), report.reportsDir) || report.reportsDir}/`,
    summariseLighthouse(report.pages),
  ].join("\n");
}

function kbps(value: number | undefined): string {
  return value === undefined ? "n/a" : `${(value / 1024).toFixed(2)} Mbps`;
}
