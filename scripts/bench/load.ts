import autocannon from "autocannon";
import type { FundSearchRequest } from "../../src/shared/schemas/funds.js";

export type LoadStats = {
  /** Completed requests over the run's duration. */
  requestsPerSecond: number;
  totalRequests: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  durationS: number;
};

export type LoadOptions = { connections: number; durationS: number };

export const PING_PATH = "/_api/ping";
export const SEARCH_PATH = "/_api/funds/search";

/**
 * The search mix: what visitors send from the home page form, from no filter at all to all three,
 * over the countries, stages and industries most of the data has. Typed as the request schema's
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
  { industryFocus: ["fintech", "saas"] },
  { country: "Germany", fundingStage: "series_a", industryFocus: ["fintech"] },
  { country: "United States", fundingStage: "series_a", industryFocus: ["enterprise_software"] },
  { country: "France", fundingStage: "seed", industryFocus: ["saas"] },
  { country: "Singapore", fundingStage: "seed", industryFocus: ["fintech"] },
  { fundingStage: "seed", industryFocus: ["climate_sustainability", "energy_tech"] },
  { country: "United States", fundingStage: "seed", industryFocus: ["ai_ml", "deep_tech"] },
];

const JSON_HEADERS = { "content-type": "application/json" };

export function pingRequests(): autocannon.Request[] {
  return [{ method: "GET", path: PING_PATH }];
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
export async function preflightSearches(baseUrl: string): Promise<PreflightResult[]> {
  const results: PreflightResult[] = [];
  for (const body of SEARCH_BODIES) {
    const response = await fetch(`${baseUrl}${SEARCH_PATH}`, {
      method: "POST",
      headers: JSON_HEADERS,
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
 * A route measured against ping on the same server besides the search: the public blog calls and
 * pages, which are served from memory like the search and have a budget of their own.
 */
export type RouteProbe = {
  id: string;
  label: string;
  /** Throughput budget as a share of ping on the same server. */
  minRatioPct: number;
  requests: autocannon.Request[];
};

/** The blog's budgets: its list call and a post page's HTML (with its head) at ≥ 50% of ping. */
export async function blogProbes(baseUrl: string, withClient: boolean): Promise<RouteProbe[]> {
  const response = await fetch(`${baseUrl}/_api/blog/posts?limit=1`);
  if (response.status !== 200) throw new Error(`GET /_api/blog/posts answered ${response.status} before the load`);
  // superjson text: the posts sit under "json".
  const slug = ((await response.json()) as { json?: { posts?: Array<{ slug?: string }> } }).json?.posts?.[0]?.slug;
  if (!slug) throw new Error("the blog has no published post to measure (the seed should publish some)");
  const probes: RouteProbe[] = [
    {
      id: "blog-posts",
      label: "GET /_api/blog/posts",
      minRatioPct: 50,
      requests: [{ method: "GET", path: "/_api/blog/posts" }],
    },
  ];
  if (withClient) {
    probes.push({
      id: "blog-post-page",
      label: "GET /blog/:slug (HTML)",
      minRatioPct: 50,
      requests: [{ method: "GET", path: `/blog/${slug}` }],
    });
  }
  return probes;
}
