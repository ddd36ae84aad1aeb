import { asc, eq, ne } from "drizzle-orm";
import fc from "fast-check";
import { blogPosts, fundMembers, funds, savedFunds, users } from "../../src/server/db/schema/index.js";
import type { RouteEntry } from "../../src/server/http/route-inventory.js";
import { createTestApp, type TestApp } from "./app.js";
import type { Driver } from "./database.js";
import { insertFunds } from "./funds.js";

/**
 * A property-based fuzz of every registered route, driven by the app's route inventory: whatever
 * a route is added tomorrow is fuzzed too. Requests carry wrong types, missing and unknown fields,
 * prototype keys, huge and deeply nested values, bad JSON and wrong content types, as a visitor, a
 * free member and an admin. The properties: no 5xx, the server healthy after, and the stored data
 * (users, funds, saved funds, blog posts) exactly as before.
 */

export type FuzzRole = "visitor" | "member" | "team" | "admin";

export type FuzzRequest = {
  role: FuzzRole;
  method: string;
  url: string;
  contentType: string | undefined;
  payload: string | undefined;
};

export type FuzzTarget = {
  t: TestApp;
  routes: readonly RouteEntry[];
  cookies: Record<FuzzRole, string>;
  /** The fund the "team" role may edit: left out of the comparison of stored funds. */
  teamFundId: number;
};

export type FuzzReport = {
  counts: Map<number, number>;
  serverErrors: Array<{ request: FuzzRequest; status: number; body: string }>;
};

const ADMIN = { email: "fuzz-admin@example.com", password: "Admin-pass-1" };
const MEMBER = { email: "fuzz-member@example.com", password: "Member-pass-1", displayName: "Fuzz Member" };
/** A member of one fund's team: that fund's editor is reached with bodies it may accept. */
const TEAM = { email: "fuzz-team@gamma-health.example", password: "Team-pass-1", displayName: "Fuzz Team" };
/** The fund whose team the fuzz speaks for: its row may change (its team may edit it), no other's. */
export const TEAM_FUND = "Gamma Health";
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty"];

const sessionCookie = (response: { cookies: Array<{ name: string; value: string }> }) => {
  const cookie = response.cookies.find((item) => item.name === "fundmatch_session");
  if (!cookie) throw new Error("the fuzz set-up could not sign in");
  return `fundmatch_session=${cookie.value}`;
};

/**
 * The app with some data worth protecting: funds, an admin, a free member (the fuzzing roles) and
 * a subscribed bystander with saved funds who sends nothing: no request of the others may touch
 * them. Limits are raised so that the guards, not 429s, answer.
 */
export async function prepareFuzzTarget(driver: Driver): Promise<FuzzTarget> {
  const t = await createTestApp(driver, {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_PER_MINUTE: "0",
    RATE_LIMIT_SENSITIVE_SCALE: "1000",
  });
  const db = t.testDatabase.database.db;
  await insertFunds(db, [
    { name: "Alpha Seed Fintech", country: "Germany", funding_stages: "seed", industry_focus: "fintech" },
    {
      name: "Beta Growth",
      country: "France",
      funding_stages: "series_a;series_b",
      industry_focus: "enterprise_software",
    },
    {
      name: "Gamma Health",
      country: "Germany",
      funding_stages: "pre_seed",
      industry_focus: "digital_health",
      website: "https://gamma-health.example",
    },
  ]);
  const admin = await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN });
  const member = await t.app.inject({ method: "POST", url: "/_api/auth/register_with_password", payload: MEMBER });
  const team = await t.app.inject({ method: "POST", url: "/_api/auth/register_with_password", payload: TEAM });
  const [teamFund] = await db.select({ id: funds.id }).from(funds).where(eq(funds.name, TEAM_FUND));
  if (!teamFund) throw new Error("the fuzz set-up could not find its team's fund");
  await db
    .insert(fundMembers)
    .values({ fundId: teamFund.id, userId: team.json().user.id, via: "admin", email: TEAM.email });
  const [bystander] = await db
    .insert(users)
    .values({
      email: "bystander@example.com",
      displayName: "Bystander",
      passwordHash: null,
      subscriptionStatus: "active",
      subscriptionType: "monthly",
    })
    .returning();
  const fundRows = await db.select({ id: funds.id }).from(funds);
  if (!bystander) throw new Error("the fuzz set-up could not create its bystander");
  await db.insert(savedFunds).values(fundRows.map((fund) => ({ userId: bystander.id, fundId: fund.id })));
  await db.insert(blogPosts).values([
    {
      title: "Published post",
      slug: "published-post",
      content: "<p>Live.</p>",
      status: "published",
      authorName: "Editor",
      publishedAt: new Date(),
    },
    { title: "Draft post", slug: "draft-post", content: "<p>Hidden.</p>", status: "draft", authorName: "Editor" },
  ]);
  return {
    t,
    routes: t.app.routeInventory,
    cookies: { visitor: "", member: sessionCookie(member), team: sessionCookie(team), admin: sessionCookie(admin) },
    teamFundId: teamFund.id,
  };
}

/** Every row the fuzz must leave alone, in a stable order (the team's own fund is theirs to change). */
export async function storedState(target: FuzzTarget) {
  const db = target.t.testDatabase.database.db;
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    funds: await db.select().from(funds).where(ne(funds.id, target.teamFundId)).orderBy(asc(funds.id)),
    savedFunds: await db.select().from(savedFunds).orderBy(asc(savedFunds.userId), asc(savedFunds.fundId)),
    blogPosts: await db.select().from(blogPosts).orderBy(asc(blogPosts.id)),
  };
}

/** The field names a zod object schema declares, if the schema is one. */
function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return shape && typeof shape === "object" ? Object.keys(shape) : [];
}

/** Numbers at the edges: the integer columns' range, unsafe integers, zero, fractions. */
const oddNumber = fc.constantFrom(
  150_000_000.5,
  1e16,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 32,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -0,
  -1,
  0,
  1,
  2,
  3,
  0.5,
  1e-7,
);
const oddString = fc.constantFrom(
  "",
  " ",
  "NaN",
  "Infinity",
  "null",
  "undefined",
  "[object Object]",
  "%00",
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[31m\u007f",
  "tab\tline\nbreak\r",
  "\u0085\u009f",
  "\ud800",
  "\udfff",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "a@b",
  "seed",
  "fintech",
  "monthly",
  "delete_user",
  // Names that are members of every object: a plain object keyed by them reads a function (issue 35).
  ...PROTOTYPE_KEYS,
  // Addresses that end in another domain than they seem to (the pitch e-mail's rule, issue 35).
  "ana@evil.example?.gamma-health.example",
  "ana@evil.example,@gamma-health.example",
  "ana@evil.example#@gamma-health.example",
  "ana@evil.example/@gamma-health.example",
  '"ana@evil.example"@gamma-health.example',
  "Ana <ana@gamma-health.example>",
  "x@ab-.com",
  "x@[1.2.3.4]",
  // A currency the product does not convert, and its own in the wrong case.
  "ZZZ",
  "usd",
  // Entities that decode to control characters, an emoji cut candidate, a parser's nesting trap.
  "&#1;",
  "&#x85;&#xFFFE;&#xD800;",
  "😀".repeat(200),
  "<p><li>".repeat(2_500),
);
const hugeString = fc.integer({ min: 1_000, max: 200_000 }).map((length) => "x".repeat(length));

/** Objects that break code which calls into its input: String(), template literals, comparisons. */
const nastyValue = fc.constantFrom<unknown>(
  { toString: 1 },
  { valueOf: 1 },
  { toString: null, valueOf: null },
  { toJSON: 1 },
  [{ toString: 1 }],
  [[{ toString: null }]],
  { length: 1e9 },
  [null],
  {},
  [],
);

/** Any value, mostly of the wrong type for whatever field receives it. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyValue, weight: 3 },
  { arbitrary: oddNumber, weight: 3 },
  { arbitrary: oddString, weight: 2 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  {
    arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), oddString, nastyValue), { maxLength: 5 }),
    weight: 1,
  },
  {
    arbitrary: fc.dictionary(
      fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...PROTOTYPE_KEYS)),
      fc.string({ maxLength: 8 }),
      { maxKeys: 4 },
    ),
    weight: 1,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  { arbitrary: hugeString, weight: 1 },
);

/** A JSON object built around the route's own field names, some missing, some wrong, some unknown. */
const objectBody = (fields: string[]) =>
  fc
    .record({
      known: fc
        .subarray(fields)
        .chain((chosen) => fc.tuple(...chosen.map((field) => fc.tuple(fc.constant(field), wrongValue)))),
      // Mostly none: one unknown field is enough for a strict contract to refuse the whole body.
      unknown: fc.oneof(
        { arbitrary: fc.constant<Array<[string, unknown]>>([]), weight: 3 },
        {
          arbitrary: fc.array(
            fc.tuple(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...PROTOTYPE_KEYS)), wrongValue),
            {
              minLength: 1,
              maxLength: 3,
            },
          ),
          weight: 1,
        },
      ),
    })
    .map(({ known, unknown }) => {
      // Entries are written as JSON text: an object literal would swallow a __proto__ key.
      const entries = [...known, ...unknown].map(
        ([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"}`,
      );
      return `{${entries.join(",")}}`;
    });

const deepBody = fc
  .tuple(fc.integer({ min: 1, max: 5_000 }), fc.constantFrom("array", "object", "field"))
  .map(([depth, kind]) => {
    if (kind === "array") return `${"[".repeat(depth)}${"]".repeat(depth)}`;
    if (kind === "object") return `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    return `{"fundingStage":${"[".repeat(depth)}${"]".repeat(depth)}}`;
  });

const rawBody = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom(
    "",
    "{",
    "[",
    '{"a":',
    "null",
    "true",
    '"text"',
    "1e999",
    "-",
    "{}",
    "[]",
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":1,"a":2}',
    "\uFEFF{}",
    '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--',
    "a=1&b=2",
  ),
);

const contentType = fc.oneof(
  { arbitrary: fc.constant("application/json"), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "application/json; charset=utf-16",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "application/vnd.api+json",
      "",
      undefined,
    ),
    weight: 4,
  },
);

/** Percent-encodes any text, lone surrogates included (encodeURIComponent throws on those). */
const encode = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "\ufffd"));

const pathSegment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 20 }).map(encode),
  fc.constantFrom("cs_test_1", "sub_1", "0", "-1", "2147483648", "..", "%2e%2e", "%2F", "pay", "cancel", "renew"),
  fc.integer({ min: 1, max: 400 }).map((length) => "a".repeat(length)),
);

const queryString = (fields: string[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...fields, ...PROTOTYPE_KEYS, "x"), fc.string({ maxLength: 8 })),
        fc.oneof(
          fc.string({ maxLength: 30 }),
          oddString,
          fc.integer().map(String),
          hugeString.map((s) => s.slice(0, 5_000)),
        ),
      ),
      { maxLength: 4 },
    )
    .map((pairs) =>
      pairs.length === 0 ? "" : `?${pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join("&")}`,
    );

/**
 * One request for one route of the inventory. An admin's state-changing call always carries an
 * unknown field or broken JSON, which every strict contract refuses: the fuzz must never really
 * delete an account. A signed-in role never logs out: the run depends on its session.
 */
export function fuzzRequest(routes: readonly RouteEntry[]): fc.Arbitrary<FuzzRequest> {
  // HEAD routes are Fastify's copies of the GET ones.
  const usable = routes.filter((route) => route.method !== "OPTIONS" && route.method !== "HEAD");
  return fc
    .record({
      route: fc.constantFrom(...usable),
      role: fc.constantFrom<FuzzRole>("visitor", "member", "team", "admin"),
      params: fc.array(pathSegment, { minLength: 4, maxLength: 4 }),
      trailing: fc.constantFrom("", "", "", "/", ";x=1"),
      salt: fc.nat(),
    })
    .chain(({ route, role, params, trailing }) => {
      let index = 0;
      const path = route.url.replace(/:[A-Za-z]+|\*/g, () => params[index++ % params.length] ?? "x") + trailing;
      const withBody = STATE_CHANGING.has(route.method) || route.method === "GET";
      const bodyFields = fieldsOf(route.schema?.body);
      const queryFields = fieldsOf(route.schema?.querystring);
      const adminMutation = role === "admin" && STATE_CHANGING.has(route.method);
      const body: fc.Arbitrary<string | undefined> = adminMutation
        ? fc.oneof(
            objectBody(bodyFields).map((text) =>
              text === "{}" ? '{"__fuzz_unknown":1}' : `{"__fuzz_unknown":1,${text.slice(1)}`,
            ),
            fc.constantFrom(
              "{",
              "[",
              '{"a":',
              "1e999",
              '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nname,country\r\n--x--',
              '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nname,website\r\nA,b\r\n--x--',
              '--x\r\nContent-Disposition: form-data; name="importMode"\r\n\r\n__proto__\r\n--x--',
              "--x\r\nbroken",
            ),
          )
        : withBody
          ? fc.oneof(
              { arbitrary: objectBody(bodyFields), weight: 5 },
              { arbitrary: rawBody, weight: 2 },
              { arbitrary: deepBody, weight: 1 },
              { arbitrary: hugeString.map((s) => JSON.stringify({ [bodyFields[0] ?? "country"]: s })), weight: 1 },
              { arbitrary: fc.constant(undefined), weight: 1 },
            )
          : fc.constant(undefined);
      return fc.record({
        role: fc.constant(role),
        method: fc.constant(route.method),
        url: queryString(queryFields).map((query) => path + query),
        // An admin's body is broken JSON, or JSON and garbage sent as multipart (the upload's
        // parser must refuse those too): never a valid request.
        contentType: adminMutation
          ? fc.constantFrom("application/json", "application/json", "multipart/form-data; boundary=x")
          : contentType,
        payload: body,
      });
    })
    .filter((request) => !(request.role !== "visitor" && request.url.startsWith("/_api/auth/logout")));
}

/** Sends the requests one by one and counts the answers; any 5xx is kept with what caused it. */
export async function runFuzz(target: FuzzTarget, requests: Iterable<FuzzRequest>): Promise<FuzzReport> {
  const report: FuzzReport = { counts: new Map(), serverErrors: [] };
  for (const request of requests) {
    const headers: Record<string, string> = {};
    if (request.contentType !== undefined) headers["content-type"] = request.contentType;
    const cookie = target.cookies[request.role];
    if (cookie) headers.cookie = cookie;
    const response = await target.t.app.inject({
      method: request.method as "GET",
      url: request.url,
      headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    report.counts.set(response.statusCode, (report.counts.get(response.statusCode) ?? 0) + 1);
    if (response.statusCode >= 500) {
      report.serverErrors.push({
        request: shorten(request),
        status: response.statusCode,
        body: response.body.slice(0, 300),
      });
    }
  }
  return report;
}

/** The server still answers its health check and an ordinary search. */
export async function isHealthy(target: FuzzTarget): Promise<boolean> {
  const health = await target.t.app.inject({ method: "GET", url: "/healthz" });
  const search = await target.t.app.inject({ method: "POST", url: "/_api/funds/search", payload: {} });
  return health.statusCode === 200 && search.statusCode === 200 && search.json().totalCount === 3;
}

function shorten(request: FuzzRequest): FuzzRequest {
  const cut = (text: string | undefined) =>
    text && text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
  return { ...request, url: cut(request.url) ?? "", payload: cut(request.payload) };
}

/**
 * Reproducible samples, the same share for every route (a random pick of routes would leave some
 * nearly untried); the same seed gives the same requests, interleaved so that no route's requests
 * all come last.
 */
export function sampleRequests(routes: readonly RouteEntry[], count: number, seed: number): FuzzRequest[] {
  const fuzzed = routes.filter((route) => route.method !== "OPTIONS" && route.method !== "HEAD");
  const perRoute = Math.ceil(count / fuzzed.length);
  const batches = fuzzed.map((route, index) =>
    fc.sample(fuzzRequest([route]), { numRuns: perRoute, seed: seed + index }),
  );
  const requests: FuzzRequest[] = [];
  for (let round = 0; round < perRoute; round++) {
    for (const batch of batches) {
      const request = batch[round];
      if (request && requests.length < count) requests.push(request);
    }
  }
  return requests;
}
