import { spawn } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADDRESS_UNAVAILABLE } from "../../src/server/auth/oidc.js";
import { loadConfig } from "../../src/server/config.js";
import { users } from "../../src/server/db/schema/index.js";
import { ROOT_DIR } from "../../src/server/paths.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";

const APP_ORIGIN = "http://app.test";
const ISSUER = `${APP_ORIGIN}/_api/auth/demo-issuer`;

describe("sign-in configuration", () => {
  const production = {
    NODE_ENV: "production",
    PUBLIC_ORIGIN: "https://fundmatch.example",
    PAYMENTS_MODE: "demo",
    AI_WRITER_MODE: "demo",
  } as const;

  it("offers the demo provider without OpenID keys, but never silently in production", () => {
    expect(loadConfig({ NODE_ENV: "development" }).OIDC_MODE).toBe("demo");
    expect(() => loadConfig(production)).toThrow(
      /OIDC_MODE: no OpenID provider is configured \(OIDC_CLIENT_ID is unset\); set OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, OIDC_MODE=off for password sign-in only, or OIDC_MODE=demo/,
    );
    expect(loadConfig({ ...production, OIDC_MODE: "demo" }).OIDC_MODE).toBe("demo");
    expect(loadConfig({ ...production, OIDC_MODE: "off" }).OIDC_MODE).toBe("off");
  });

  it("stops a production start-up that did not ask for it, with the message, before opening anything", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        ...production,
        OIDC_CLIENT_ID: "",
        OIDC_CLIENT_SECRET: "",
        OIDC_MODE: "",
        PORT: "0",
        DATA_DIR: "/nonexistent-demo-sign-in-test",
        DATABASE_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("OIDC_MODE: no OpenID provider is configured");
  });

  it("uses the configured provider when keys are set, and needs them for OIDC_MODE=oidc", () => {
    expect(loadConfig({ OIDC_CLIENT_ID: "id", OIDC_CLIENT_SECRET: "secret" }).OIDC_MODE).toBe("oidc");
    expect(() => loadConfig({ OIDC_MODE: "oidc" })).toThrow(
      /OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: required when OIDC_MODE=oidc/,
    );
    expect(() => loadConfig({ OIDC_MODE: "sometimes" })).toThrow(/OIDC_MODE: must be oidc, demo or off/);
  });
});

/**
 * The whole popup flow against the built-in demo provider, as a browser would walk it: the app
 * redirects to the provider's page, the person types an e-mail and continues, the provider
 * redirects back with a code, and the app's OpenID client redeems it (PKCE, nonce, signed ID token).
 */
describe.each(TEST_DRIVERS)("the demo sign-in provider on %s", (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver, { PUBLIC_ORIGIN: APP_ORIGIN });
    await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: "has-password@example.com", password: "Owner-pass-1", displayName: "Owner" },
    });
  });
  afterAll(async () => t?.close());

  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  };

  /** The app's first step: the redirect to the provider's page, and the state cookie. */
  async function startPopup() {
    const start = await t.app.inject({ method: "GET", url: "/_api/auth/oauth_authorize?provider=demo" });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin + authorize.pathname).toBe(`${ISSUER}/authorize`);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    const state = start.cookies.find((cookie) => cookie.name === "fundmatch_oauth_state")?.value ?? "";
    return { authorize, state };
  }

  /** Posts the provider's form as the browser would (same origin), with the request's hidden fields. */
  const submit = (authorize: URL, fields: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/_api/auth/demo-issuer/authorize",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: APP_ORIGIN },
      payload: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), ...fields }).toString(),
    });

  /** The whole flow up to the message the popup posts to the login page. */
  async function signIn(email: string, name = "", decision = "approve") {
    const { authorize, state } = await startPopup();
    const page = await t.app.inject({ method: "GET", url: pathOf(authorize.href) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Demo sign-in provider: no real account is used");
    expect(page.headers["cross-origin-opener-policy"]).toBe("unsafe-none");
    const answered = await submit(authorize, { email, name, decision });
    expect(answered.statusCode, answered.body).toBe(303);
    const callback = String(answered.headers.location);
    expect(callback.startsWith(`${APP_ORIGIN}/_api/auth/oauth_callback?`)).toBe(true);
    const landing = await t.app.inject({
      method: "GET",
      url: pathOf(callback),
      cookies: { fundmatch_oauth_state: state },
    });
    expect(landing.statusCode).toBe(200);
    const json = /var message = (\{.*\});/.exec(landing.body)?.[1] ?? "{}";
    return JSON.parse(json);
  }

  const establish = (tempToken: string) =>
    t.app.inject({ method: "POST", url: "/_api/auth/establish_session", payload: { tempToken } });

  it("serves its discovery document and public key", async () => {
    const discovery = await t.app.inject({
      method: "GET",
      url: "/_api/auth/demo-issuer/.well-known/openid-configuration",
    });
    expect(discovery.json()).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/authorize`,
      token_endpoint: `${ISSUER}/token`,
      id_token_signing_alg_values_supported: ["ES256"],
      code_challenge_methods_supported: ["S256"],
    });
    const jwks = (await t.app.inject({ method: "GET", url: "/_api/auth/demo-issuer/jwks" })).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(jwks.keys[0]).not.toHaveProperty("d");
  });

  it("signs a newcomer in as a new account, and the same person into the same account again", async () => {
    const message = await signIn("demo.founder@example.com", "Dana Demo");
    expect(message.type).toBe("OAUTH_TOKEN_SUCCESS");
    const first = await establish(message.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user).toMatchObject({ email: "demo.founder@example.com", displayName: "Dana Demo" });

    const again = await establish((await signIn("Demo.Founder@example.com")).token);
    expect(again.json().user.id).toBe(first.json().user.id);
    // The name defaults to one made from the address.
    const named = await establish((await signIn("jane.doe@example.com")).token);
    expect(named.json().user.displayName).toBe("Jane Doe");
    const exported = await t.app.inject({
      method: "GET",
      url: "/_api/user/export-data",
      cookies: { fundmatch_session: first.cookies.find((c) => c.name === "fundmatch_session")?.value ?? "" },
    });
    expect(exported.json().signInProviders).toEqual([{ issuer: "demo", linkedAt: expect.any(String) }]);
  });

  it("refuses an e-mail with a password, and accounts it did not create, in the same words and without the address", async () => {
    const refusal = {
      type: "OAUTH_ERROR",
      error: { code: "address_unavailable", message: DEMO_ADDRESS_UNAVAILABLE, details: {} },
    };
    expect(await signIn("has-password@example.com")).toEqual(refusal);
    // A passwordless account the demo provider did not create (a guest checkout's) stays closed to it.
    await t.testDatabase.database.db
      .insert(users)
      .values({ email: "guest-buyer@example.com", displayName: "Guest", passwordHash: null });
    expect(await signIn("guest-buyer@example.com")).toEqual(refusal);
  });

  it("reports Cancel as a cancelled sign-in, and a deactivated account as such", async () => {
    expect((await signIn("whoever@example.com", "", "deny")).error).toMatchObject({
      code: "access_denied",
      message: "Sign-in was cancelled.",
    });
    const token = (await signIn("to-deactivate@example.com")).token;
    const user = (await establish(token)).json().user;
    await t.testDatabase.database.db.update(users).set({ accountStatus: "deactivated" }).where(eq(users.id, user.id));
    expect((await signIn("to-deactivate@example.com")).error).toMatchObject({ code: "account_deactivated" });
  });

  it("re-shows its form with the error for a bad e-mail or name, and issues nothing", async () => {
    const { authorize } = await startPopup();
    const badEmail = await submit(authorize, { email: "not an address", name: "", decision: "approve" });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toContain("Enter a valid e-mail address.");
    expect(badEmail.body).toContain('value="not an address"');
    const badName = await submit(authorize, { email: "ok@example.com", name: "a\u0000b", decision: "approve" });
    expect(badName.statusCode).toBe(400);
    expect(badName.body).toContain("Names are plain text of up to 100 characters.");
    const xss = await submit(authorize, { email: '"><script>alert(1)</script>', name: "", decision: "approve" });
    expect(xss.body).not.toContain("<script>alert(1)</script>");
  });

  it("refuses bad authorization requests: unknown client or redirect shown, never followed; the rest sent back", async () => {
    const { authorize } = await startPopup();
    const withParam = (name: string, value: string | null) => {
      const url = new URL(authorize);
      if (value === null) url.searchParams.delete(name);
      else url.searchParams.set(name, value);
      return t.app.inject({ method: "GET", url: pathOf(url.href) });
    };
    const evil = await withParam("redirect_uri", "https://evil.example/_api/auth/oauth_callback");
    expect(evil.statusCode).toBe(400);
    expect(evil.headers.location).toBeUndefined();
    expect(evil.body).toContain("This redirect address is not registered for the client.");
    expect((await withParam("client_id", "someone-else")).statusCode).toBe(400);
    const noPkce = await withParam("code_challenge", null);
    expect(noPkce.statusCode).toBe(303);
    const back = new URL(String(noPkce.headers.location));
    expect(back.searchParams.get("error")).toBe("invalid_request");
    expect(back.searchParams.get("state")).toBe(authorize.searchParams.get("state"));
    const repeated = await t.app.inject({
      method: "POST",
      url: "/_api/auth/demo-issuer/authorize",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: APP_ORIGIN },
      payload: "decision=approve&email=a@example.com&email=b@example.com",
    });
    expect(repeated.statusCode).toBe(400);
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/_api/auth/demo-issuer/authorize",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      payload: new URLSearchParams({
        ...Object.fromEntries(authorize.searchParams),
        email: "x@example.com",
        decision: "approve",
      }).toString(),
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it("authenticates the client at its token endpoint and spends each code once", async () => {
    const { authorize } = await startPopup();
    const answered = await submit(authorize, { email: "token@example.com", name: "", decision: "approve" });
    const code = new URL(String(answered.headers.location)).searchParams.get("code") ?? "";
    const token = (fields: Record<string, string>, authorization?: string) =>
      t.app.inject({
        method: "POST",
        url: "/_api/auth/demo-issuer/token",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          ...(authorization && { authorization }),
        },
        payload: new URLSearchParams(fields).toString(),
      });
    const wrongSecret = await token(
      { grant_type: "authorization_code", code, redirect_uri: `${APP_ORIGIN}/_api/auth/oauth_callback` },
      `Basic ${Buffer.from("fundmatch-demo:guess").toString("base64")}`,
    );
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toMatchObject({ error: "invalid_client" });
    const secret = await t.app.services.demoIssuer?.clientSecret();
    const basic = `Basic ${Buffer.from(`fundmatch-demo:${secret}`).toString("base64")}`;
    const wrongVerifier = await token(
      {
        grant_type: "authorization_code",
        code,
        redirect_uri: `${APP_ORIGIN}/_api/auth/oauth_callback`,
        code_verifier: "x".repeat(43),
      },
      basic,
    );
    expect(wrongVerifier.json()).toMatchObject({ error: "invalid_grant" });
    // The failed attempt spent the code: it never works twice.
    const replay = await token(
      { grant_type: "authorization_code", code, redirect_uri: "x", code_verifier: "y" },
      basic,
    );
    expect(replay.json()).toMatchObject({ error: "invalid_grant" });
    const userinfo = await t.app.inject({
      method: "GET",
      url: "/_api/auth/demo-issuer/userinfo",
      headers: { authorization: "Bearer not.a.token" },
    });
    expect(userinfo.statusCode).toBe(401);
  });

  it("refuses the other provider's popup while the demo one is offered", async () => {
    const response = await t.app.inject({ method: "GET", url: "/_api/auth/oauth_authorize?provider=google" });
    expect(response.body).toContain("provider_not_configured");
    expect(response.body).toContain("Sign-in with Google is not available.");
  });
});

describe.each(TEST_DRIVERS)("with OIDC_MODE=off on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { OIDC_MODE: "off" });
  });
  afterAll(async () => t?.close());

  it("offers no social sign-in and serves no demo provider", async () => {
    const page = await t.app.inject({ method: "GET", url: "/_api/auth/oauth_authorize?provider=demo" });
    expect(page.body).toContain("Sign-in with the demo provider is not available.");
    expect((await t.app.inject({ method: "GET", url: "/_api/auth/demo-issuer/jwks" })).statusCode).toBe(404);
  });
});
