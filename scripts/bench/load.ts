import autocannon from "autocannon";
import type { FundSearchRequest } from "../../src/shared/schemas/funds.js";
import type { CallFloors, CallKind, LoadStats } from "./results.js";

export type { LoadStats } from "./results.js";

export type LoadOptions = { connections: number; durationS: number };

export const PING_PATH = "/_api/ping";
export const SEARCH_PATH = "/_api/funds/search";

/**
 * The search mix: what visitors send from the home page form, from no filter at all to all three,
 * over the countries, stages and industries most of the data has (one industry each: several are
 * an advanced filter, measured in the advanced mix). Typed as the request schema's
 * input so that a renamed code fails the type check instead of turning into 400s under load.
 */
export const SEARCH_BODIES: readonly FundSearchRequest[] = [
  {},
  { country: "United States" },
  { fundingStage: "seed" },
  { industryFocus: ["fintech"] },
  { country: "Canada" },
  { fundingStage: "growth" },
  { country: "United Kingdom", fundingStage: "seed" },
  { country: "Japan", fundingStage: "series_a" },
  { country: "India", industryFocus: ["consumer_commerce"] },
  { country: "Israel", industryFocus: ["cybersecurity"] },
  { fundingStage: "pre_seed", industryFocus: ["ai_ml"] },
  { fundingStage: "series_b", industryFocus: ["digital_health"] },
  { fundingStage: "series_c", industryFocus: ["biotech"] },
  { industryFocus: ["saas"] },
  { country: "Germany", fundingStage: "series_a", industryFocus: ["fintech"] },
  { country: "United States", fundingStage: "series_a", industryFocus: ["enterprise_software"] },
  { country: "France", fundingStage: "seed", industryFocus: ["saas"] },
  { country: "Singapore", fundingStage: "seed", industryFocus: ["fintech"] },
  { fundingStage: "seed", industryFocus: ["climate_sustainability"] },
  { country: "United States", fundingStage: "seed", industryFocus: ["ai_ml"] },
];

/** What the search form asks a subscriber's page for (SEARCH_PAGE_SIZE in the client's use-fund-search.ts). */
export const CLIENT_PAGE_SIZE = 24;
/** What a visitor's search answers: the basic mix's page, so that both budgets compare the same bytes. */
export const BASIC_PAGE_SIZE = 3;

/**
 * The advanced mix: what subscribers send with the Premium filters, each field alone and in
 * combination. Sent with a subscriber's session cookie: the server refuses these filters to anyone
 * else. Measured with the basic mix's page of 3 (the budget: the filters' own cost) and with the
 * form's page of 24 (what a subscriber's browser asks; eight times the bytes to write).
 */
const ADVANCED_FILTERS: readonly FundSearchRequest[] = [
  { industryFocus: ["fintech", "saas"] },
  { fundingStages: ["seed", "series_a"] },
  { countries: ["Germany", "France", "United Kingdom"] },
  { regions: ["europe"] },
  { regions: ["asia_pacific", "middle_east_africa"] },
  { raiseAmountUsd: 500_000 },
  { leadsRounds: true },
  { fundSizeMinUsd: 100_000_000, fundSizeMaxUsd: 1_000_000_000 },
  { query: "climate" },
  { query: "deep tech" },
  { sort: "fund_size" },
  { sort: "recently_reviewed", fundingStage: "seed" },
  { regions: ["europe"], fundingStages: ["pre_seed", "seed"], leadsRounds: true },
  {
    country: "United States",
    industryFocus: ["ai_ml", "enterprise_software", "developer_tools"],
    raiseAmountUsd: 2_000_000,
  },
  { regions: ["north_america"], query: "health", sort: "fund_size" },
  {
    countries: ["India", "Singapore"],
    fundingStages: ["seed", "series_a"],
    industryFocus: ["fintech", "consumer_commerce"],
  },
  { fundingStage: "series_a", fundSizeMinUsd: 50_000_000, leadsRounds: true, sort: "fund_size" },
  { regions: ["latin_america"], raiseAmountUsd: 1_000_000, query: "software" },
  {
    industryFocus: ["climate_sustainability", "energy_tech"],
    regions: ["europe", "north_america"],
    fundSizeMaxUsd: 500_000_000,
  },
  {
    fundingStages: ["seed", "series_a"],
    industryFocus: ["fintech", "payments_embedded_finance"],
    regions: ["europe"],
    leadsRounds: true,
    raiseAmountUsd: 1_500_000,
    query: "fintech",
    sort: "recently_reviewed",
  },
];

export function advancedSearchBodies(limit: number): FundSearchRequest[] {
  return ADVANCED_FILTERS.map((body) => ({ ...body, limit }));
}

/**
 * What every browser says about compression on every request it makes, fetch calls included: a
 * call measured without it would measure an answer no visitor gets (until 2026-11-28 the API calls
 * were measured without it, and so missed that every kept search answer was compressed anew).
 */
export const BROWSER_ACCEPT_ENCODING = { "accept-encoding": "gzip, deflate, br, zstd" };

const JSON_HEADERS = { "content-type": "application/json", ...BROWSER_ACCEPT_ENCODING };

export function pingRequests(): autocannon.Request[] {
  return [{ method: "GET", path: PING_PATH, headers: BROWSER_ACCEPT_ENCODING }];
}

/** Every connection cycles through the whole mix, one body per request. */
export function searchRequests(): autocannon.Request[] {
  return SEARCH_BODIES.map((body) => ({
    method: "POST",
    path: SEARCH_PATH,
    headers: JSON_HEADERS,
    body: JSON.stringify(body),
  }));
}

/** The advanced mix at a page size, each request carrying the subscriber's session cookie. */
export function advancedSearchRequests(cookie: string, limit: number): autocannon.Request[] {
  return advancedSearchBodies(limit).map((body) => ({
    method: "POST",
    path: SEARCH_PATH,
    headers: { ...JSON_HEADERS, cookie },
    body: JSON.stringify(body),
  }));
}

/**
 * What a browser sends for a page: pages are server-rendered with their stylesheet inline (about
 * 125 KB of text, 19 KB with brotli).
 */
export const BROWSER_PAGE_HEADERS = BROWSER_ACCEPT_ENCODING;

/** Fund pages (HTML with the fund's head), one GET per path, cycling. */
export function fundPageRequests(paths: readonly string[]): autocannon.Request[] {
  return paths.map((path) => ({ method: "GET", path, headers: BROWSER_PAGE_HEADERS }));
}

/**
 * Autocannon appends every response body to a string (`body += chunk`) in case a check wants it;
 * none of ours does. For a brotli page that means decoding 19 KB of binary as UTF-8 per response,
 * which took 82% of the load generator's CPU: fund pages measured 4,400 req/s and p50 11 ms with
 * the server 60% idle, a figure of the client, not of the server. Without it, 15,000 req/s and
 * p50 3 ms on the same build. The JSON calls lose only a cheap ASCII copy, so every run drops it
 * and the ratios keep comparing like with like.
 */
function discardBodies(client: autocannon.Client): void {
  const queue = (client as unknown as { pipelinedRequests?: { addBody?: (data: Buffer) => void } }).pipelinedRequests;
  if (!queue || typeof queue.addBody !== "function") {
    throw new Error("autocannon's client changed: the body-discarding hook in scripts/bench/load.ts needs updating");
  }
  queue.addBody = () => {};
}

export async function runLoad(
  baseUrl: string,
  requests: autocannon.Request[],
  options: LoadOptions,
): Promise<LoadStats> {
  const result = await autocannon({
    url: baseUrl,
    requests,
    connections: options.connections,
    duration: options.durationS,
    setupClient: discardBodies,
  });
  return {
    // Not requests.average: that is the mean of per-second samples, and a run of 10 s yields 10 or
    // 11 of them (one partial), which moved the figure by up to 10% between otherwise equal runs.
    requestsPerSecond: result.requests.total / result.duration,
    totalRequests: result.requests.total,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    durationS: result.duration,
  };
}

export type PreflightResult = { body: FundSearchRequest; status: number; totalCount: number | undefined };

/**
 * Sends each search body once before the load: a body the server rejects is reported by name
 * here rather than as an anonymous non-2xx count afterwards.
 */
export async function preflightSearches(
  baseUrl: string,
  bodies: readonly FundSearchRequest[] = SEARCH_BODIES,
  cookie?: string,
): Promise<PreflightResult[]> {
  const results: PreflightResult[] = [];
  for (const body of bodies) {
    const response = await fetch(`${baseUrl}${SEARCH_PATH}`, {
      method: "POST",
      headers: cookie ? { ...JSON_HEADERS, cookie } : JSON_HEADERS,
      body: JSON.stringify(body),
    });
    const payload: unknown = await response.json();
    results.push({ body, status: response.status, totalCount: totalCountOf(payload) });
  }
  return results;
}

function totalCountOf(payload: unknown): number | undefined {
  if (typeof payload !== "object" || payload === null || !("totalCount" in payload)) return undefined;
  return typeof payload.totalCount === "number" ? payload.totalCount : undefined;
}

/**
 * A route measured besides ping and the searches, against the same bare server: the public blog
 * calls and pages, the home page, the signed-in session call and the match.
 */
export type RouteProbe = {
  id: string;
  label: string;
  /** API calls and pages have different p99 limits. */
  kind: CallKind;
  /** Throughput floor as a share of the bare server; undefined = reported only. */
  minRatioPct?: number;
  requests: autocannon.Request[];
};

/** The blog's list call and, with the client built, a post page's HTML (with its head), brotli. */
export async function blogProbes(baseUrl: string, withClient: boolean, floors: CallFloors): Promise<RouteProbe[]> {
  const response = await fetch(`${baseUrl}/_api/blog/posts?limit=1`);
  if (response.status !== 200) throw new Error(`GET /_api/blog/posts answered ${response.status} before the load`);
  // superjson text: the posts sit under "json".
  const slug = ((await response.json()) as { json?: { posts?: Array<{ slug?: string }> } }).json?.posts?.[0]?.slug;
  if (!slug) throw new Error("the blog has no published post to measure (the seed should publish some)");
  const probes: RouteProbe[] = [
    {
      id: "blog-posts",
      label: "GET /_api/blog/posts",
      kind: "api",
      minRatioPct: floors.blogPosts,
      requests: [{ method: "GET", path: "/_api/blog/posts", headers: BROWSER_ACCEPT_ENCODING }],
    },
  ];
  if (withClient) {
    probes.push({
      id: "blog-post-page",
      label: "GET /blog/:slug (HTML, brotli)",
      kind: "page",
      minRatioPct: floors.blogPostPage,
      requests: [{ method: "GET", path: `/blog/${slug}`, headers: BROWSER_PAGE_HEADERS }],
    });
  }
  return probes;
}

/** The home page as a browser asks for it (server-rendered HTML, brotli). */
export function homePageProbe(floors: CallFloors): RouteProbe {
  return {
    id: "home-page",
    label: "GET / (HTML, brotli)",
    kind: "page",
    minRatioPct: floors.homePage,
    requests: [{ method: "GET", path: "/", headers: BROWSER_PAGE_HEADERS }],
  };
}

/** The account the bench signs in with; registered once per server. */
const BENCH_MEMBER = { email: "bench-member@example.com", password: "Bench-member-1", displayName: "Bench Member" };

/**
 * The signed-in budget: the session call with a valid cookie, i.e. a signed-in request served from
 * the instance's session cache rather than a database round trip.
 */
export async function sessionProbe(baseUrl: string, floors: CallFloors): Promise<RouteProbe> {
  const cookie = await signIn(baseUrl, BENCH_MEMBER);
  const check = await fetch(`${baseUrl}/_api/auth/session`, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`GET /_api/auth/session with the bench's cookie answered ${check.status}`);
  return {
    id: "auth-session",
    label: "GET /_api/auth/session (signed in)",
    kind: "api",
    minRatioPct: floors.session,
    requests: [{ method: "GET", path: "/_api/auth/session", headers: { ...BROWSER_ACCEPT_ENCODING, cookie } }],
  };
}

/** Registers the account (or logs in when it exists) and returns its session cookie as a Cookie header. */
export async function signIn(
  baseUrl: string,
  member: { email: string; password: string; displayName: string },
): Promise<string> {
  let response = await fetch(`${baseUrl}/_api/auth/register_with_password`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify(member),
  });
  if (response.status === 409) {
    response = await fetch(`${baseUrl}/_api/auth/login_with_password`, {
      method: "POST",
      headers: JSON_HEADERS,
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
  }
  const cookie = /fundmatch_session=[^;]+/.exec(response.headers.get("set-cookie") ?? "")?.[0];
  if (!response.ok || !cookie) throw new Error(`signing in ${member.email} answered ${response.status}`);
  return cookie;
}
