import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  blogPosts,
  fundClaims,
  fundFactChanges,
  fundMembers,
  fundReports,
  funds,
  importRuns,
  savedFunds,
  savedSearches,
  startupProfiles,
  users,
} from "../../src/server/db/schema/index.js";
import type { RouteEntry } from "../../src/server/http/route-inventory.js";
import { addMember } from "../../src/server/investors/repository.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";

/**
 * Every text a route accepts refuses control characters (the one rule in shared/schemas/fields.ts):
 * each case below is a request the route accepts, sent again with a control character inside one
 * of its text fields, which must be a 4xx that changes nothing. A check over the route inventory
 * makes sure that every field of every route's body and query is either a case here or a field
 * that takes no free text, so a route added tomorrow cannot slip past.
 */

const ADMIN = { email: "cc-admin@example.com", password: "Admin-pass-1" };
const MEMBER = { email: "cc-member@example.com", password: "Member-pass-1", displayName: "Cora Member" };

type Role = "visitor" | "member" | "admin";
type TextCase = {
  method: "GET" | "POST" | "PUT" | "PATCH";
  /** The route as the inventory names it, and the URL to call (with the route's parameters filled in). */
  route: string;
  url?: () => string;
  role: Role;
  /** A request the route takes; query cases put it in the query string, form cases url-encode it. */
  input: () => Record<string, unknown>;
  as?: "json" | "query" | "form";
  /** Paths of the text fields to poison (`fund.name`, `countries.0`); multi-line ones keep line breaks. */
  singleLine: string[];
  multiLine?: string[];
};

/**
 * Fields that take no free text: passwords (hashed, never stored), ids, numbers, dates, codes from a list,
 * and the e-mailed confirmation `code` (digits only by its schema; the demo issuer's own `code` is a
 * free-text case below all the same).
 */
const NOT_FREE_TEXT = new Set([
  "alerts",
  // A sign-in's fund to save (issue 37): an id.
  "saveFundId",
  // RFC 8058's one-click body: one literal value.
  "List-Unsubscribe",
  "saved_search_alerts",
  "pipeline_reminders",
  "pitch_digest",
  "password",
  "code",
  "purpose",
  "currentPassword",
  "newPassword",
  "confirmNewPassword",
  "id",
  "fundId",
  "userId",
  "reportId",
  // Closing a report: one of two outcomes, and fields from a list.
  "outcome",
  "changedFields",
  "claimId",
  "page",
  "pageSize",
  "limit",
  "offset",
  "status",
  "action",
  "plan",
  "field",
  "decision",
  "provider",
  "sort",
  "fundingStage",
  "fundingStages",
  "industryFocus",
  "regions",
  "raiseAmountUsd",
  "fundSizeMinUsd",
  "fundSizeMaxUsd",
  "leadsRounds",
  "sectorAgnostic",
  "activelyInvesting",
  "nextStepDate",
  "stage",
  "sectors",
  "needsLead",
  "roundTargetUsd",
  "committedAmountUsd",
  "format",
  // The fund's editor (issue 24): amounts, dates and codes from a list.
  "fundSize",
  "closeDate",
  "checkSizeMinUsd",
  "checkSizeMaxUsd",
  "investingStatus",
  "pausedUntil",
  "pitchRoute",
  "changeId",
  // Pitches (issue 39): an industry code, page numbers, a reason from a short list.
  "sector",
  "pages",
  "reason",
]);

let fundId = 0;
let reportId = 0;
let savedSearchId = 0;

const oauthFields = [
  "client_id",
  "redirect_uri",
  "response_type",
  "scope",
  "state",
  "nonce",
  "code_challenge",
  "code_challenge_method",
];
const oauthRequest = () => Object.fromEntries(oauthFields.map((field) => [field, "value"]));

const validFund = () => ({
  name: "Control Fund",
  country: "Germany",
  city: "Berlin",
  website: "https://control.example",
  linkedin: "https://linkedin.example/control",
  fundingStages: ["seed"],
  industryFocus: ["fintech"],
  fundSize: null,
  currency: null,
  checkSizeMinUsd: null,
  checkSizeMaxUsd: null,
  leadsRounds: null,
  foundedYear: null,
  description: "Backs founders.\nTwice a year.",
  fundManager: "Ada Manager",
  lastReviewed: "2025-01-01",
});

const blogPost = () => ({
  title: "Raising a seed round",
  slug: "raising-a-seed-round",
  content: "<p>First.</p>\n<p>Second.</p>",
  excerpt: "An excerpt.",
  featuredImageUrl: "https://images.example/a.png",
  seoTitle: "Seed round",
  seoDescription: "How to raise.",
  seoKeywords: "seed, raise",
});

const CASES: TextCase[] = [
  {
    method: "POST",
    route: "/_api/funds/search",
    role: "visitor",
    input: () => ({ country: "Germany", countries: ["Germany"], query: "seed" }),
    singleLine: ["country", "countries.0", "query"],
  },
  {
    method: "GET",
    route: "/_api/funds/export",
    role: "admin",
    as: "query",
    input: () => ({ country: "Germany", countries: "Germany", query: "seed" }),
    singleLine: ["country", "countries", "query"],
  },
  {
    method: "POST",
    route: "/_api/funds/:id/reports",
    url: () => `/_api/funds/${fundId}/reports`,
    role: "member",
    input: () => ({ field: "website", note: "The site moved.\nSee the new one." }),
    singleLine: [],
    multiLine: ["note"],
  },
  {
    method: "POST",
    route: "/_api/funds/:id/claim",
    url: () => `/_api/funds/${fundId}/claim`,
    role: "member",
    input: () => ({ email: "cora@alpha.example", note: "I'm a partner.\nSee the team page." }),
    singleLine: ["email"],
    multiLine: ["note"],
  },
  {
    method: "POST",
    route: "/_api/funds/claims/verify",
    role: "member",
    input: () => ({ token: "t".repeat(43) }),
    singleLine: ["token"],
  },
  {
    method: "POST",
    route: "/_api/admin/fund-claim-action",
    role: "admin",
    input: () => ({ claimId: 999_999, action: "refuse", reason: "Not on the team page.\nSorry." }),
    singleLine: [],
    multiLine: ["reason"],
  },
  {
    method: "GET",
    route: "/_api/blog/post",
    role: "visitor",
    as: "query",
    input: () => ({ slug: "published-post" }),
    singleLine: ["slug"],
  },
  {
    method: "POST",
    route: "/_api/auth/register_with_password",
    role: "visitor",
    input: () => ({
      email: "new-person@example.com",
      password: "Secret-pass-1",
      displayName: "New Person",
      returnTo: "/match?stage=seed",
    }),
    singleLine: ["email", "displayName", "returnTo"],
  },
  {
    method: "POST",
    route: "/_api/auth/login_with_password",
    role: "visitor",
    input: () => ({ email: MEMBER.email, password: MEMBER.password, returnTo: "/match?stage=seed" }),
    singleLine: ["email", "returnTo"],
  },
  {
    // The login page's forms posted without the app (issue 38): form-encoded, answered with a 303.
    method: "POST",
    route: "/_api/auth/login_form",
    role: "visitor",
    as: "form",
    input: () => ({ email: MEMBER.email, password: MEMBER.password, next: "/subscribe", save: "1" }),
    singleLine: ["email", "next", "save"],
  },
  {
    method: "POST",
    route: "/_api/auth/register_form",
    role: "visitor",
    as: "form",
    input: () => ({
      email: "form-poison@example.com",
      password: "Secret-pass-1",
      displayName: "Form",
      next: "/",
      save: "1",
    }),
    singleLine: ["email", "displayName", "next", "save"],
  },
  {
    method: "POST",
    route: "/_api/stripe/checkout_form",
    role: "visitor",
    as: "form",
    input: () => ({ plan: "monthly", email: "guest-form@example.com" }),
    singleLine: ["plan", "email"],
  },
  {
    method: "POST",
    route: "/_api/auth/set-password",
    role: "visitor",
    input: () => ({ token: "t".repeat(40), password: "Secret-pass-1" }),
    singleLine: ["token"],
  },
  {
    method: "POST",
    route: "/_api/auth/request-password-reset",
    role: "visitor",
    input: () => ({ email: MEMBER.email }),
    singleLine: ["email"],
  },
  {
    method: "POST",
    route: "/_api/auth/reset-password",
    role: "visitor",
    input: () => ({ token: "t".repeat(40), password: "Secret-pass-1" }),
    singleLine: ["token"],
  },
  {
    method: "POST",
    route: "/_api/auth/password-link-status",
    role: "visitor",
    input: () => ({ token: "t".repeat(40), purpose: "reset_password" }),
    singleLine: ["token"],
  },
  {
    // The one-click unsubscribe's token travels in the URL (RFC 8058); without the form body the
    // clean request is a 400 too, so the poisoned ones are checked against the token rule directly.
    method: "POST",
    route: "/_api/email/unsubscribe",
    role: "visitor",
    as: "query",
    input: () => ({ token: "t".repeat(40) }),
    singleLine: ["token"],
  },
  {
    // The same URL opened in a browser: led on to the page that asks first, a bad token refused.
    method: "GET",
    route: "/_api/email/unsubscribe",
    role: "visitor",
    as: "query",
    input: () => ({ token: "t".repeat(40) }),
    singleLine: ["token"],
  },
  {
    method: "POST",
    route: "/_api/auth/establish_session",
    role: "visitor",
    input: () => ({ tempToken: "t".repeat(40), returnTo: "/match?stage=seed" }),
    singleLine: ["tempToken", "returnTo"],
  },
  {
    method: "POST",
    route: "/_api/auth/demo-issuer/token",
    role: "visitor",
    as: "form",
    input: () => ({
      grant_type: "authorization_code",
      code: "code",
      redirect_uri: "http://localhost/cb",
      code_verifier: "verifier",
      client_id: "client",
      client_secret: "secret",
    }),
    singleLine: ["grant_type", "code", "redirect_uri", "code_verifier", "client_id", "client_secret"],
  },
  {
    method: "GET",
    route: "/_api/auth/demo-issuer/authorize",
    role: "visitor",
    as: "query",
    input: oauthRequest,
    singleLine: oauthFields,
  },
  {
    method: "POST",
    route: "/_api/auth/demo-issuer/authorize",
    role: "visitor",
    as: "form",
    input: () => ({ ...oauthRequest(), email: "someone@example.com", name: "Some One", decision: "approve" }),
    singleLine: [...oauthFields, "email", "name"],
  },
  {
    method: "POST",
    route: "/_api/user/saved-fund/update",
    role: "member",
    input: () => ({ fundId, note: "Call back.\r\nIn May." }),
    singleLine: [],
    multiLine: ["note"],
  },
  {
    method: "POST",
    route: "/_api/user/update-profile",
    role: "member",
    input: () => ({ displayName: "Cora Renamed", email: MEMBER.email, password: MEMBER.password }),
    singleLine: ["displayName", "email"],
  },
  {
    method: "POST",
    route: "/_api/admin/jobs/run",
    role: "admin",
    // No next step is due in this database: the clean request runs it and sends and stores nothing.
    input: () => ({ name: "pipeline-reminders" }),
    singleLine: ["name"],
  },
  {
    method: "POST",
    route: "/_api/admin/fund-report-action",
    role: "admin",
    input: () => ({ reportId, action: "mark_done", outcome: "unchanged", reply: "Thanks!\nIt is already right." }),
    singleLine: [],
    multiLine: ["reply"],
  },
  {
    method: "GET",
    route: "/_api/admin/funds",
    role: "admin",
    as: "query",
    input: () => ({ q: "Alpha" }),
    singleLine: ["q"],
  },
  {
    method: "GET",
    route: "/_api/investor/funds/:id/pitches",
    url: () => `/_api/investor/funds/${fundId}/pitches`,
    role: "member",
    as: "query",
    input: () => ({ country: "Germany" }),
    singleLine: ["country"],
  },
  {
    method: "POST",
    route: "/_api/investor/funds/:id/pitches/:pitchId/answer",
    // No such pitch: the clean request is a 404, the poisoned ones are refused by the schema first.
    url: () => `/_api/investor/funds/${fundId}/pitches/${"A".repeat(22)}/answer`,
    role: "member",
    input: () => ({ decision: "pass", reason: "Too early", note: "Thank you.\nNot for us." }),
    singleLine: [],
    multiLine: ["note"],
  },
  {
    method: "PATCH",
    route: "/_api/investor/funds/:id",
    url: () => `/_api/investor/funds/${fundId}`,
    // The member is on this fund's team (set up below).
    role: "member",
    input: () => ({
      vehicleName: "Control Fund IV",
      fundSize: 50_000_000,
      currency: "EUR",
      description: "Backs founders.\nTwice a year.",
      portfolio: [{ name: "Acme Pay", url: "https://acme.example" }],
      pitchRoute: "form",
      pitchTarget: "https://control.example/pitch",
      listing: { listed: true, name: "Cora Member", role: "Partner", linkedin: "https://linkedin.example/cora" },
    }),
    singleLine: [
      "vehicleName",
      "currency",
      "portfolio.0.name",
      "portfolio.0.url",
      "pitchTarget",
      "listing.name",
      "listing.role",
      "listing.linkedin",
    ],
    multiLine: ["description"],
  },
  {
    method: "POST",
    route: "/_api/admin/fund/update",
    role: "admin",
    input: () => ({ id: fundId, fund: validFund() }),
    singleLine: ["fund.name", "fund.country", "fund.city", "fund.website", "fund.linkedin", "fund.fundManager"],
    multiLine: ["fund.description"],
  },
  {
    method: "POST",
    route: "/_api/admin/blog-post/create",
    role: "admin",
    input: blogPost,
    singleLine: ["title", "slug", "featuredImageUrl", "seoTitle", "seoKeywords"],
    multiLine: ["content", "excerpt", "seoDescription"],
  },
  {
    method: "POST",
    route: "/_api/admin/blog-post/update",
    role: "admin",
    input: () => ({ id: 1, ...blogPost(), slug: "published-post" }),
    singleLine: ["title", "slug", "featuredImageUrl", "seoTitle", "seoKeywords"],
    multiLine: ["content", "excerpt", "seoDescription"],
  },
  {
    method: "POST",
    route: "/_api/admin/ai-blog-writer",
    role: "admin",
    input: () => ({ urls: ["https://news.example/a"] }),
    singleLine: ["urls.0"],
  },
  {
    method: "POST",
    route: "/_api/stripe/create-checkout-session",
    role: "visitor",
    input: () => ({
      plan: "lifetime",
      successUrl: "http://localhost/subscribe?ok=1",
      cancelUrl: "http://localhost/subscribe",
      email: "guest@example.com",
    }),
    singleLine: ["email", "successUrl", "cancelUrl"],
  },
  {
    method: "POST",
    route: "/_api/stripe/customer-portal",
    role: "member",
    input: () => ({ returnUrl: "http://localhost/account-settings" }),
    singleLine: ["returnUrl"],
  },
  {
    method: "POST",
    route: "/_api/stripe/upgrade-to-lifetime",
    role: "member",
    input: () => ({ successUrl: "http://localhost/subscribe?ok=1", cancelUrl: "http://localhost/subscribe" }),
    singleLine: ["successUrl", "cancelUrl"],
  },
  {
    method: "GET",
    route: "/_api/checkout-callback",
    role: "visitor",
    as: "query",
    input: () => ({ session_id: "cs_test_1", cancelled: "1" }),
    singleLine: ["session_id", "cancelled"],
  },
  {
    method: "POST",
    route: "/_api/funds/match",
    role: "visitor",
    input: () => ({ country: "Germany", description: "Payments for bakeries." }),
    singleLine: ["country", "description"],
  },
  {
    method: "PUT",
    route: "/_api/user/startup-profile",
    role: "member",
    input: () => ({ stage: "seed", country: "Germany", description: "Payments for bakeries." }),
    singleLine: ["country", "description"],
  },
  {
    // The member has no subscription: the clean request is a 402, after the text passed the rule.
    method: "POST",
    route: "/_api/user/saved-searches",
    role: "member",
    input: () => ({ name: "Seed in Germany", search: { country: "Germany", query: "bakeries" }, alerts: true }),
    singleLine: ["name", "search.country", "search.query"],
  },
  {
    method: "PATCH",
    route: "/_api/user/saved-searches/:id",
    url: () => `/_api/user/saved-searches/${savedSearchId}`,
    role: "member",
    input: () => ({ name: "Seed in Germany, renamed" }),
    singleLine: ["name"],
  },
];

/** Control characters a single-line field refuses; multi-line fields refuse all but the line breaks. */
const LINE_BREAKS = ["\n", "\r", "\t"];
const CONTROLS = ["\u0000", "\u0001", "\u0007", "\u001b", "\u007f", "\u0085", "\u009f", "\ud800", "\udfff"];

function withValue(input: Record<string, unknown>, path: string, poison: string): Record<string, unknown> {
  const copy = structuredClone(input);
  const keys = path.split(".");
  let holder = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) holder = holder[key] as Record<string, unknown>;
  const last = keys.at(-1) as string;
  const value = String(holder[last] ?? "x");
  // In the middle of the value: a trim must not be what removes it.
  const middle = Math.max(1, Math.floor(value.length / 2));
  holder[last] = `${value.slice(0, middle)}${poison}${value.slice(middle)}`;
  return copy;
}

/** Lone surrogates travel in JSON only (`"\\ud800"`): percent-encoded UTF-8 cannot spell them. */
const isSurrogate = (text: string) => /^[\ud800-\udfff]$/.test(text);
const encode = encodeURIComponent;

const formOf = (input: Record<string, unknown>) =>
  Object.entries(input)
    .map(([key, value]) => `${encode(key)}=${encode(String(value))}`)
    .join("&");

describe.each(TEST_DRIVERS)("control characters in every text field on %s", (driver) => {
  let t: TestApp;
  const cookies: Record<Role, string> = { visitor: "", member: "", admin: "" };

  beforeAll(async () => {
    t = await createTestApp(driver, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_PER_MINUTE: "0",
      RATE_LIMIT_SENSITIVE_SCALE: "1000",
    });
    const db = t.testDatabase.database.db;
    await insertFunds(db, [
      { name: "Alpha Seed Fintech", country: "Germany", funding_stages: "seed", industry_focus: "fintech" },
    ]);
    const [fund] = await db.select({ id: funds.id }).from(funds);
    fundId = fund?.id ?? 0;
    const session = (response: { cookies: Array<{ name: string; value: string }> }) =>
      `fundmatch_session=${response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? ""}`;
    cookies.admin = session(
      await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN }),
    );
    const member = await t.app.inject({ method: "POST", url: "/_api/auth/register_with_password", payload: MEMBER });
    cookies.member = session(member);
    await db.insert(savedFunds).values({ userId: member.json().user.id, fundId });
    const [report] = await db
      .insert(fundReports)
      .values({ userId: member.json().user.id, fundId, field: "website", note: "The site moved." })
      .returning({ id: fundReports.id });
    reportId = report?.id ?? 0;
    await addMember(db, { fundId, userId: member.json().user.id, via: "email", email: MEMBER.email });
    const [search] = await db
      .insert(savedSearches)
      .values({ userId: member.json().user.id, name: "Seed in Germany", search: { country: "Germany" }, alerts: true })
      .returning({ id: savedSearches.id });
    savedSearchId = search?.id ?? 0;
    await db.insert(blogPosts).values({
      title: "Published post",
      slug: "published-post",
      content: "<p>Live.</p>",
      status: "published",
      authorName: "Editor",
      publishedAt: new Date(),
    });
  });
  afterAll(async () => t?.close());

  const stored = async () => {
    const db = t.testDatabase.database.db;
    return {
      users: await db.select().from(users).orderBy(asc(users.id)),
      funds: await db.select().from(funds).orderBy(asc(funds.id)),
      savedFunds: await db.select().from(savedFunds).orderBy(asc(savedFunds.fundId)),
      savedSearches: await db.select().from(savedSearches).orderBy(asc(savedSearches.id)),
      startupProfiles: await db.select().from(startupProfiles).orderBy(asc(startupProfiles.userId)),
      blogPosts: await db.select().from(blogPosts).orderBy(asc(blogPosts.id)),
      fundReports: await db.select().from(fundReports).orderBy(asc(fundReports.id)),
      fundClaims: await db.select().from(fundClaims).orderBy(asc(fundClaims.id)),
      fundMembers: await db.select().from(fundMembers).orderBy(asc(fundMembers.userId)),
      importRuns: await db.select().from(importRuns).orderBy(asc(importRuns.id)),
      fundFactChanges: await db.select().from(fundFactChanges).orderBy(asc(fundFactChanges.id)),
    };
  };

  const send = (entry: TextCase, input: Record<string, unknown>) => {
    const url = entry.url ? entry.url() : entry.route;
    const headers: Record<string, string> = cookies[entry.role] ? { cookie: cookies[entry.role] } : {};
    if (entry.as === "query") return t.app.inject({ method: entry.method, url: `${url}?${formOf(input)}`, headers });
    if (entry.as === "form") {
      return t.app.inject({
        method: entry.method,
        url,
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
        payload: formOf(input),
      });
    }
    return t.app.inject({ method: entry.method, url, headers, payload: input });
  };

  it("covers every field of every route's body and query", () => {
    const covered = new Map<string, Set<string>>();
    for (const entry of CASES) {
      const fields = [...entry.singleLine, ...(entry.multiLine ?? [])].map((path) => path.split(".")[0] as string);
      covered.set(`${entry.method} ${entry.route}`, new Set(fields));
    }
    const fieldsOf = (schema: unknown) => {
      const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
      return shape ? Object.keys(shape) : [];
    };
    const missing: string[] = [];
    // HEAD routes are Fastify's copies of the GET ones.
    for (const route of (t.app.routeInventory as RouteEntry[]).filter((entry) => entry.method !== "HEAD")) {
      const mine = covered.get(`${route.method} ${route.url}`) ?? new Set<string>();
      for (const field of [...fieldsOf(route.schema?.body), ...fieldsOf(route.schema?.querystring)]) {
        if (!NOT_FREE_TEXT.has(field) && !mine.has(field)) missing.push(`${route.method} ${route.url}: ${field}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it.each(CASES.map((entry) => [`${entry.method} ${entry.route}`, entry] as const))(
    "%s refuses control characters in its text with a 4xx and changes nothing",
    async (_name, entry) => {
      const before = await stored();
      const poisons = [
        ...entry.singleLine.flatMap((path) => [...CONTROLS, ...LINE_BREAKS].map((poison) => [path, poison] as const)),
        ...(entry.multiLine ?? []).flatMap((path) => CONTROLS.map((poison) => [path, poison] as const)),
      ].filter(([, poison]) => entry.as === undefined || entry.as === "json" || !isSurrogate(poison));
      for (const [path, poison] of poisons) {
        const response = await send(entry, withValue(entry.input(), path, poison));
        const what = `${path} with U+${poison.charCodeAt(0).toString(16).padStart(4, "0")}: ${response.body.slice(0, 200)}`;
        expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, what).toBeLessThan(500);
      }
      expect(await stored()).toEqual(before);
      // The same request without the control character is not refused for its text: the refusals
      // above came from the rule, not from a request that was wrong anyway.
      const clean = await send(entry, entry.input());
      expect(clean.statusCode, clean.body.slice(0, 200)).toBeLessThan(500);
      for (const path of entry.multiLine ?? []) {
        const withBreak = await send(entry, withValue(entry.input(), path, "\n"));
        expect(withBreak.body).not.toContain("control characters");
      }
    },
  );

  it("names the field in the message", async () => {
    const response = await send(
      CASES.find((entry) => entry.route === "/_api/auth/register_with_password") as TextCase,
      {
        email: "named@example.com",
        password: "Secret-pass-1",
        displayName: "Nul\u0000Name",
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("Name must not contain control characters.");
    const admin = await t.app.inject({
      method: "GET",
      url: "/_api/admin/funds?q=%00",
      headers: { cookie: cookies.admin },
    });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().error).toBe("The search must not contain control characters.");
  });
});
