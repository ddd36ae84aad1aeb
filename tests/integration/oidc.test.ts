import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, signInIdentities, users } from "../../src/server/db/schema/index.js";
import { startOidcProvider } from "../peers/oidc-provider.mjs";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";

const APP_ORIGIN = "http://app.test";

/**
 * Plays the person at the provider: follows its redirects with a cookie jar, signs in as the
 * account on the development login page and consents, until the provider sends the browser back
 * to the app. Returns that callback URL.
 */
async function signInAtProvider(authorizeUrl: string, accountId: string): Promise<URL> {
  const jar = new Map<string, string>();
  const remember = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (name) jar.set(name.trim(), value.join("="));
    }
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  let url = new URL(authorizeUrl);
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 12; step++) {
    if (url.origin === APP_ORIGIN) return url;
    const response = await fetch(url, {
      method: body ? "POST" : "GET",
      body,
      headers: { cookie: cookieHeader() },
      redirect: "manual",
    });
    remember(response);
    body = undefined;
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url);
      continue;
    }
    // An interaction page: log in first, then consent.
    const html = await response.text();
    body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: "login", login: accountId, password: "any" })
      : new URLSearchParams({ prompt: "consent" });
  }
  throw new Error("the provider did not send the browser back");
}

describe.each(TEST_DRIVERS)("sign-in with an OpenID provider on %s", (driver) => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;

  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUris: [`${APP_ORIGIN}/_api/auth/oauth_callback`] });
    t = await createTestApp(driver, {
      PUBLIC_ORIGIN: APP_ORIGIN,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** The whole popup flow up to the page the popup lands on; returns the message it posts. */
  async function popupFlow(accountId: string) {
    const start = await t.app.inject({ method: "GET", url: "/_api/auth/oauth_authorize?provider=google" });
    expect(start.statusCode).toBe(302);
    const authorizeUrl = new URL(String(start.headers.location));
    expect(authorizeUrl.origin).toBe(provider.issuer);
    expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizeUrl.searchParams.get("nonce")).toBeTruthy();
    const state = start.cookies.find((cookie) => cookie.name === "fundmatch_oauth_state");
    expect(state).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/_api/auth" });

    const callback = await signInAtProvider(authorizeUrl.href, accountId);
    const landing = await t.app.inject({
      method: "GET",
      url: callback.pathname + callback.search,
      cookies: { fundmatch_oauth_state: state?.value ?? "" },
    });
    expect(landing.statusCode).toBe(200);
    expect(String(landing.headers["content-security-policy"])).toMatch(/^default-src 'none'; script-src 'nonce-/);
    expect(landing.body).toContain(`, "${APP_ORIGIN}");`);
    const json = /var message = (\{.*\});/.exec(landing.body)?.[1] ?? "{}";
    return { message: JSON.parse(json), callback, state: state?.value ?? "" };
  }

  it("creates a new user from the provider's profile and turns the temp token into a session, once", async () => {
    const { message } = await popupFlow("new-founder");
    expect(message.type).toBe("OAUTH_TOKEN_SUCCESS");
    const established = await t.app.inject({
      method: "POST",
      url: "/_api/auth/establish_session",
      payload: { tempToken: message.token },
    });
    expect(established.statusCode).toBe(200);
    expect(established.json().user).toMatchObject({
      email: "new.founder@example.com",
      displayName: "Nia Newcomer",
      avatarUrl: "https://example.com/nia.png",
    });
    expect(established.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value).toBeTruthy();
    const [row] = await t.testDatabase.database.db
      .select()
      .from(users)
      .where(eq(users.email, "new.founder@example.com"));
    expect(row?.passwordHash).toBeNull();

    const again = await t.app.inject({
      method: "POST",
      url: "/_api/auth/establish_session",
      payload: { tempToken: message.token },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: "This sign-in has expired. Please try again." });
  });

  it("proves the address of an account nobody had proven: the demo sign-in's session and binding end", async () => {
    const db = t.testDatabase.database.db;
    const [squatted] = await db
      .insert(users)
      .values({ email: "squatted@example.com", displayName: "Not Sam", passwordHash: null })
      .returning();
    const userId = squatted?.id ?? 0;
    await db.insert(signInIdentities).values({ issuer: "demo", subject: "squatter", userId });
    await db
      .insert(sessions)
      .values({ userId, tokenHash: "squatter-session", expiresAt: new Date(Date.now() + 60_000) });

    const { message } = await popupFlow("squatted-owner");
    expect(message.type).toBe("OAUTH_TOKEN_SUCCESS");
    const established = await t.app.inject({
      method: "POST",
      url: "/_api/auth/establish_session",
      payload: { tempToken: message.token },
    });
    expect(established.json().user.id).toBe(userId);
    const live = await db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(live.map((session) => session.tokenHash)).not.toContain("squatter-session");
    expect(live).toHaveLength(1);
    const bindings = await db.select().from(signInIdentities).where(eq(signInIdentities.userId, userId));
    expect(bindings.map((binding) => binding.issuer)).not.toContain("demo");
    expect(bindings).toHaveLength(1);
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it("signs a returning provider user into the same account", async () => {
    const { message } = await popupFlow("new-founder");
    const established = await t.app.inject({
      method: "POST",
      url: "/_api/auth/establish_session",
      payload: { tempToken: message.token },
    });
    expect(established.json().user.email).toBe("new.founder@example.com");
    const rows = await t.testDatabase.database.db
      .select()
      .from(users)
      .where(eq(users.email, "new.founder@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("answers account_linking_required for an e-mail that has a password account", async () => {
    await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: "owner@example.com", password: "Owner-pass-1", displayName: "Owen" },
    });
    const { message } = await popupFlow("password-owner");
    expect(message).toEqual({
      type: "OAUTH_ERROR",
      error: {
        code: "account_linking_required",
        message: "An account with this email already exists. Please log in with your email and password.",
        details: { email: "owner@example.com" },
      },
    });
  });

  it("refuses a provider account without a verified e-mail", async () => {
    const { message } = await popupFlow("unverified");
    expect(message.error.code).toBe("email_not_verified");
  });

  it("refuses a callback whose state is not this browser's, and a replayed one", async () => {
    const { callback, state } = await popupFlow("new-founder").catch(() => ({
      callback: new URL(APP_ORIGIN),
      state: "",
    }));
    for (const cookieState of ["forged", state]) {
      const landing = await t.app.inject({
        method: "GET",
        url: callback.pathname + callback.search,
        cookies: { fundmatch_oauth_state: cookieState },
      });
      expect(landing.body).toContain('"code":"invalid_state"');
    }
  });

  it("reports a cancelled sign-in", async () => {
    const landing = await t.app.inject({
      method: "GET",
      url: "/_api/auth/oauth_callback?error=access_denied&state=x",
      cookies: { fundmatch_oauth_state: "x" },
    });
    expect(landing.body).toContain('"code":"access_denied"');
    expect(landing.body).toContain("Sign-in was cancelled.");
  });

  it("validates establish_session and the provider parameter", async () => {
    const empty = await t.app.inject({
      method: "POST",
      url: "/_api/auth/establish_session",
      payload: { tempToken: "" },
    });
    expect(empty.json()).toEqual({ error: "Temporary token is required" });
    const other = await t.app.inject({ method: "GET", url: "/_api/auth/oauth_authorize?provider=facebook" });
    expect(other.statusCode).toBe(400);
  });
});
