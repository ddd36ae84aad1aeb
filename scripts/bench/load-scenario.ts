import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import pino from "pino";
import { hashPassword } from "../../src/server/auth/password.js";
import { seedBlogIfPristine } from "../../src/server/blog/seed.js";
import { openDatabase } from "../../src/server/db/client.js";
import { funds, users } from "../../src/server/db/schema/index.js";
import { seedFundsIfPristine } from "../../src/server/funds/import/seed.js";
import { SEARCH_BODIES } from "./load.js";
import type { CallStats, LoadScenarioResult } from "./results.js";

export type { CallStats, LoadScenarioResult } from "./results.js";

/**
 * The load scenario (`npm run load`, also in the bench): virtual users doing what people do, all at
 * once, for a while. Visitors read the blog and search; members log in, check their session and
 * their account, search and are told saving needs a subscription; subscribers log in, page through
 * results, save, list and unsave. Every call has the statuses it may answer; anything else, and any
 * network error or time-out, is counted against the run.
 */

export type LoadScenarioSettings = {
  /** Concurrent virtual users. */
  users: number;
  durationS: number;
  /** Mean pause between a user's calls (uniform between 1/3 and 5/3 of it). */
  thinkMs: number;
};

/** The numbers: 200 users for 60 s. */
export function readLoadSettings(env: NodeJS.ProcessEnv = process.env): LoadScenarioSettings {
  return {
    users: positiveInteger(env.LOAD_USERS, 200, "LOAD_USERS"),
    durationS: positiveInteger(env.LOAD_DURATION, 60, "LOAD_DURATION"),
    thinkMs: positiveInteger(env.LOAD_THINK_MS, 300, "LOAD_THINK_MS"),
  };
}

function positiveInteger(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
}

export const LOAD_PASSWORD = "Load-test-pass-1";
/** A member's journey: log in, this many calls, log out; then again. */
const CALLS_PER_VISIT = 30;
const REQUEST_TIMEOUT_MS = 30_000;
const SUBSCRIBER_PAGE = 20;
/** Users arrive over the first seconds rather than all in one millisecond (a sixth of a short run). */
const rampMs = (settings: LoadScenarioSettings) => Math.min(5_000, (settings.durationS * 1000) / 6);

export type Persona = "visitor" | "member" | "subscriber";
/** Half the users are visitors, three in ten members, two in ten subscribers. */
const personaOf = (index: number): Persona => (index % 10 < 5 ? "visitor" : index % 10 < 8 ? "member" : "subscriber");
const emailOf = (persona: Persona, index: number) => `${persona}-${index}@load.example`;

export type LoadTarget = { dataDir: string; databaseUrl?: string };
export type PreparedLoad = { fundIds: number[]; accounts: number; ms: number };

/**
 * Before the server starts: the shipped funds and articles (as the server's first start would seed
 * them), and an account for every member and subscriber, written directly with one password hash;
 * subscribers hold an active lifetime plan, as after a checkout.
 */
export async function prepareLoad(target: LoadTarget, settings: LoadScenarioSettings): Promise<PreparedLoad> {
  const started = performance.now();
  const logger = pino({ level: "silent" });
  const database = await openDatabase({
    url: target.databaseUrl,
    dataDir: path.join(target.dataDir, "pglite"),
    logger,
  });
  try {
    await database.migrate();
    await seedFundsIfPristine(database.db, logger);
    await seedBlogIfPristine(database.db, logger);
    const passwordHash = await hashPassword(LOAD_PASSWORD);
    const rows = Array.from({ length: settings.users }, (_, index) => ({ index, persona: personaOf(index) }))
      .filter(({ persona }) => persona !== "visitor")
      .map(({ index, persona }) => ({
        email: emailOf(persona, index),
        displayName: `Load ${persona} ${index}`,
        passwordHash,
        ...(persona === "subscriber" ? { subscriptionStatus: "active", subscriptionType: "lifetime" } : {}),
      }));
    for (let start = 0; start < rows.length; start += 500) {
      await database.db.insert(users).values(rows.slice(start, start + 500));
    }
    const fundIds = (await database.db.select({ id: funds.id }).from(funds)).map((row) => row.id);
    return { fundIds, accounts: rows.length, ms: performance.now() - started };
  } finally {
    await database.close();
  }
}

type Recorder = (call: string, ms: number, outcome: number | "error", expected: readonly number[]) => void;

/** Runs the virtual users against a started server until the duration is over; returns per-call figures. */
export async function runLoadScenario(
  baseUrl: string,
  settings: LoadScenarioSettings,
  prepared: PreparedLoad,
  withHtml: boolean,
): Promise<LoadScenarioResult> {
  const slug = await firstPostSlug(baseUrl);
  const samples = new Map<string, { latencies: number[]; errors: number; unexpected: Map<number, number> }>();
  const record: Recorder = (call, ms, outcome, expected) => {
    let entry = samples.get(call);
    if (!entry) {
      entry = { latencies: [], errors: 0, unexpected: new Map() };
      samples.set(call, entry);
    }
    entry.latencies.push(ms);
    if (outcome === "error") entry.errors += 1;
    else if (!expected.includes(outcome)) entry.unexpected.set(outcome, (entry.unexpected.get(outcome) ?? 0) + 1);
  };
  const started = performance.now();
  const deadline = started + settings.durationS * 1000;
  const context: UserContext = { baseUrl, settings, prepared, slug, withHtml, deadline, record };
  await Promise.all(
    Array.from({ length: settings.users }, (_, index) => {
      const persona = personaOf(index);
      return persona === "visitor" ? visitor(context, index) : signedIn(context, index, persona);
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const calls = [...samples.entries()]
    .map(([call, entry]): CallStats => {
      const sorted = entry.latencies.sort((a, b) => a - b);
      const unexpected = [...entry.unexpected.values()].reduce((sum, count) => sum + count, 0);
      return {
        call,
        count: sorted.length,
        p50Ms: percentile(sorted, 0.5),
        p95Ms: percentile(sorted, 0.95),
        p99Ms: percentile(sorted, 0.99),
        maxMs: sorted.at(-1) ?? 0,
        errors: entry.errors,
        unexpected,
        unexpectedDetail: [...entry.unexpected.entries()].map(([status, count]) => `${status} ×${count}`),
      };
    })
    .sort((a, b) => a.call.localeCompare(b.call));
  const totalRequests = calls.reduce((sum, call) => sum + call.count, 0);
  return {
    users: settings.users,
    durationS: settings.durationS,
    thinkMs: settings.thinkMs,
    totalRequests,
    requestsPerSecond: totalRequests / elapsedS,
    calls,
    errors: calls.reduce((sum, call) => sum + call.errors, 0),
    unexpected: calls.reduce((sum, call) => sum + call.unexpected, 0),
  };
}

type UserContext = {
  baseUrl: string;
  settings: LoadScenarioSettings;
  prepared: PreparedLoad;
  slug: string;
  withHtml: boolean;
  deadline: number;
  record: Recorder;
};

type Answer = { status: number; cookie?: string } | undefined;

/** One call, timed and recorded against the statuses it may answer; undefined after a network error. */
async function call(
  context: UserContext,
  label: string,
  expected: readonly number[],
  path: string,
  init: { method?: "GET" | "POST"; body?: unknown; cookie?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(`${context.baseUrl}${path}`, {
      method: init.method ?? "GET",
      headers: {
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    context.record(label, performance.now() - started, response.status, expected);
    const cookie = response.headers
      .getSetCookie()
      .map((header) => /^fundmatch_session=[^;]*/.exec(header)?.[0])
      .find(Boolean);
    return { status: response.status, cookie };
  } catch {
    context.record(label, performance.now() - started, "error", expected);
    return undefined;
  }
}

/** A pause as long as a person's between two clicks; false once the run is over. */
async function think(context: UserContext): Promise<boolean> {
  const ms = context.settings.thinkMs * (1 / 3 + (Math.random() * 4) / 3);
  await delay(Math.min(ms, Math.max(0, context.deadline - performance.now())));
  return performance.now() < context.deadline;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** Reads the blog and searches, signed out. */
async function visitor(context: UserContext, index: number): Promise<void> {
  await delay(Math.random() * rampMs(context.settings));
  for (let step = index; performance.now() < context.deadline; step++) {
    switch (step % 4) {
      case 0:
        await call(context, "GET /_api/blog/posts", [200], "/_api/blog/posts");
        break;
      case 1:
        // A post as the browser reads it: the page, then its data.
        if (context.withHtml) {
          await call(context, "GET /blog/:slug", [200], `/blog/${context.slug}`);
          if (!(await think(context))) return;
        }
        await call(context, "GET /_api/blog/post?slug=", [200], `/_api/blog/post?slug=${context.slug}`);
        break;
      case 2:
        await call(context, "POST /_api/funds/search (visitor)", [200], "/_api/funds/search", {
          method: "POST",
          body: pick(SEARCH_BODIES),
        });
        break;
      default:
        await call(context, "GET /_api/auth/session (signed out)", [401], "/_api/auth/session");
    }
    if (!(await think(context))) return;
  }
}

/** Logs in, uses the product as a member or a subscriber, logs out, and again until the end. */
async function signedIn(context: UserContext, index: number, persona: Persona): Promise<void> {
  await delay(Math.random() * rampMs(context.settings));
  const email = emailOf(persona, index);
  while (performance.now() < context.deadline) {
    const login = await call(context, "POST /_api/auth/login_with_password", [200], "/_api/auth/login_with_password", {
      method: "POST",
      body: { email, password: LOAD_PASSWORD },
    });
    const cookie = login?.cookie;
    if (!cookie) {
      if (!(await think(context))) return;
      continue;
    }
    for (let step = 0; step < CALLS_PER_VISIT; step++) {
      if (!(await think(context))) return;
      if (persona === "member") await memberStep(context, cookie, step);
      else await subscriberStep(context, cookie, step);
    }
    if (!(await think(context))) return;
    await call(context, "POST /_api/auth/logout", [200], "/_api/auth/logout", { method: "POST", cookie });
  }
}

async function memberStep(context: UserContext, cookie: string, step: number): Promise<void> {
  switch (step % 4) {
    case 0:
      await call(context, "GET /_api/auth/session", [200], "/_api/auth/session", { cookie });
      return;
    case 1:
      await call(context, "POST /_api/funds/search (member)", [200], "/_api/funds/search", {
        method: "POST",
        body: pick(SEARCH_BODIES),
        cookie,
      });
      return;
    case 2:
      await call(context, "GET /_api/user/account-status", [200], "/_api/user/account-status", { cookie });
      return;
    default:
      // Saving needs a subscription: the paywall's answer is the expected one.
      await call(context, "POST /_api/user/save-fund (member: 402)", [402], "/_api/user/save-fund", {
        method: "POST",
        body: { fundId: pick(context.prepared.fundIds) },
        cookie,
      });
  }
}

async function subscriberStep(context: UserContext, cookie: string, step: number): Promise<void> {
  switch (step % 6) {
    case 0:
      await call(context, "GET /_api/auth/session", [200], "/_api/auth/session", { cookie });
      return;
    case 1:
    case 2: {
      // Paging through the results of one search: the first pages, as people read them.
      const body = { ...pick(SEARCH_BODIES), limit: SUBSCRIBER_PAGE, offset: ((step % 6) - 1) * SUBSCRIBER_PAGE };
      await call(context, "POST /_api/funds/search (subscriber page)", [200], "/_api/funds/search", {
        method: "POST",
        body,
        cookie,
      });
      return;
    }
    case 3: {
      const fundId = pick(context.prepared.fundIds);
      await call(context, "POST /_api/user/save-fund", [200], "/_api/user/save-fund", {
        method: "POST",
        body: { fundId },
        cookie,
      });
      if (!(await think(context))) return;
      await call(context, "POST /_api/user/unsave-fund", [200], "/_api/user/unsave-fund", {
        method: "POST",
        body: { fundId },
        cookie,
      });
      return;
    }
    case 4:
      await call(context, "GET /_api/user/saved-funds", [200], "/_api/user/saved-funds", { cookie });
      return;
    default:
      await call(context, "GET /_api/user/account-status", [200], "/_api/user/account-status", { cookie });
  }
}

async function firstPostSlug(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/_api/blog/posts?limit=1`);
  const slug = ((await response.json()) as { json?: { posts?: Array<{ slug?: string }> } }).json?.posts?.[0]?.slug;
  if (!slug) throw new Error("the blog has no published post to read (the seed should publish some)");
  return slug;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}
