import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funds, savedFunds, sessions, users } from "../../src/server/db/schema/index.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";

describe.each(TEST_DRIVERS)("account settings on %s", (driver) => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `10.2.${Math.floor(++ip / 250)}.${ip % 250}`;
  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";

  beforeAll(async () => {
    t = await createTestApp(driver);
    await insertFunds(t.testDatabase.database.db, [{ name: "Kept Fund" }]);
    t.app.services.fundsIndex.invalidate();
  });
  afterAll(async () => t?.close());

  const register = async (email: string, password: string) =>
    cookieOf(
      await t.app.inject({
        method: "POST",
        url: "/_api/auth/register_with_password",
        payload: { email, password, displayName: "Settings Person" },
        remoteAddress: nextIp(),
      }),
    );
  const login = (email: string, password: string) =>
    t.app.inject({
      method: "POST",
      url: "/_api/auth/login_with_password",
      payload: { email, password },
      remoteAddress: nextIp(),
    });
  const call = (token: string, method: "GET" | "POST", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      remoteAddress: nextIp(),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      cookies: { fundmatch_session: token },
    });

  it("updates the profile after checking the password", async () => {
    const token = await register("profile@example.com", "Profile-pass-1");
    await register("taken@example.com", "Taken-pass-1");
    const cases: Array<[unknown, number, string]> = [
      [
        { displayName: "X", email: "profile@example.com", password: "Profile-pass-1" },
        400,
        "Display name must be at least 2 characters.",
      ],
      [{ displayName: "Pat", email: "nope", password: "Profile-pass-1" }, 400, "Please enter a valid email address."],
      [
        { displayName: "Pat", email: "profile@example.com", password: "" },
        400,
        "Password is required to confirm changes.",
      ],
      [
        { displayName: "Pat", email: "profile@example.com", password: "Wrong-pass-1" },
        401,
        "The password is not correct.",
      ],
      [{ displayName: "Pat", email: "TAKEN@example.com", password: "Profile-pass-1" }, 409, "Email already in use"],
    ];
    for (const [payload, status, message] of cases) {
      const response = await call(token, "POST", "/_api/user/update-profile", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error).toBe(message);
    }
    const updated = await call(token, "POST", "/_api/user/update-profile", {
      displayName: "Pat Profile",
      email: "pat@example.com",
      password: "Profile-pass-1",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().user).toMatchObject({ displayName: "Pat Profile", email: "pat@example.com" });
    expect((await login("pat@example.com", "Profile-pass-1")).statusCode).toBe(200);
  });

  it("changes the password: other sessions end, this browser gets a new token", async () => {
    const token = await register("change@example.com", "Change-pass-1");
    const otherBrowser = cookieOf(await login("change@example.com", "Change-pass-1"));
    const invalid: Array<[unknown, number, string]> = [
      [
        { currentPassword: "", newPassword: "New-pass-12", confirmNewPassword: "New-pass-12" },
        400,
        "Current password is required.",
      ],
      [
        { currentPassword: "Change-pass-1", newPassword: "Short1", confirmNewPassword: "Short1" },
        400,
        "New password must be at least 8 characters.",
      ],
      [
        { currentPassword: "Change-pass-1", newPassword: "New-pass-12", confirmNewPassword: "New-pass-13" },
        400,
        "New passwords do not match.",
      ],
      [
        { currentPassword: "Change-pass-1", newPassword: "alllowercase1", confirmNewPassword: "alllowercase1" },
        400,
        "Password must contain an uppercase letter, a lowercase letter and a number.",
      ],
      [
        { currentPassword: "Wrong-pass-1", newPassword: "New-pass-12", confirmNewPassword: "New-pass-12" },
        401,
        "The password is not correct.",
      ],
    ];
    for (const [payload, status, message] of invalid) {
      const response = await call(token, "POST", "/_api/user/change-password", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error).toContain(message);
    }
    const changed = await call(token, "POST", "/_api/user/change-password", {
      currentPassword: "Change-pass-1",
      newPassword: "New-pass-12",
      confirmNewPassword: "New-pass-12",
    });
    expect(changed.statusCode).toBe(200);
    const fresh = cookieOf(changed);
    expect(fresh).not.toBe("");
    expect(fresh).not.toBe(token);
    expect((await call(fresh, "GET", "/_api/auth/session")).statusCode).toBe(200);
    expect((await call(token, "GET", "/_api/auth/session")).statusCode).toBe(401);
    expect((await call(otherBrowser, "GET", "/_api/auth/session")).statusCode).toBe(401);
    expect((await login("change@example.com", "Change-pass-1")).statusCode).toBe(401);
    expect((await login("change@example.com", "New-pass-12")).statusCode).toBe(200);
  });

  it("deactivates: every session ends and log-in says the account is deactivated", async () => {
    const token = await register("pause@example.com", "Pause-pass-1");
    expect((await call(token, "POST", "/_api/user/deactivate-account", { password: "" })).json().error).toBe(
      "Password is required.",
    );
    expect((await call(token, "POST", "/_api/user/deactivate-account", { password: "Wrong-pass-1" })).statusCode).toBe(
      401,
    );
    const response = await call(token, "POST", "/_api/user/deactivate-account", { password: "Pause-pass-1" });
    expect(response.statusCode).toBe(200);
    expect(cookieOf(response)).toBe("");
    expect((await call(token, "GET", "/_api/auth/session")).statusCode).toBe(401);
    const refused = await login("pause@example.com", "Pause-pass-1");
    expect(refused.statusCode).toBe(403);
    // One truth in the settings, the dialog and here: only we (an admin) reactivate an account.
    expect(refused.json().error).toBe(
      "This account has been deactivated. To use it again, e-mail us at hello@fundmatch.example and we will reactivate it.",
    );
  });

  it("exports everything stored about the user, without hashes or tokens", async () => {
    const token = await register("export@example.com", "Export-pass-1");
    const db = t.testDatabase.database.db;
    const [user] = await db.select().from(users).where(eq(users.email, "export@example.com"));
    const [fund] = await db.select().from(funds).where(eq(funds.name, "Kept Fund"));
    await db.insert(savedFunds).values({ userId: user?.id ?? 0, fundId: fund?.id ?? 0 });

    const response = await call(token, "GET", "/_api/user/export-data");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="fundmatch-data-export.json"');
    const data = response.json();
    expect(data.profile).toMatchObject({
      email: "export@example.com",
      displayName: "Settings Person",
      hasPassword: true,
    });
    expect(data.savedFunds).toEqual([
      {
        fundId: fund?.id,
        name: "Kept Fund",
        country: "Luxembourg",
        savedAt: expect.any(String),
        status: "to_contact",
        note: "",
        nextStepDate: null,
        committedAmountUsd: null,
        updatedAt: expect.any(String),
      },
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.subscription).toEqual({
      status: null,
      type: null,
      endDate: null,
      cancelAtPeriodEnd: false,
      renewalStoppedOnDeactivation: false,
      stripeCustomerId: null,
    });
    expect(response.body).not.toContain("argon2");
    expect(response.body).not.toContain(token);
    const [session] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? 0));
    expect(response.body).not.toContain(session?.tokenHash ?? "no-session");
  });

  it("deletes the account with its saved funds and sessions at once", async () => {
    const token = await register("leave@example.com", "Leave-pass-1");
    const db = t.testDatabase.database.db;
    const [user] = await db.select().from(users).where(eq(users.email, "leave@example.com"));
    const [fund] = await db.select().from(funds).where(eq(funds.name, "Kept Fund"));
    await db.insert(savedFunds).values({ userId: user?.id ?? 0, fundId: fund?.id ?? 0 });
    const response = await call(token, "POST", "/_api/user/delete-account", { password: "Leave-pass-1" });
    expect(response.statusCode).toBe(200);
    expect(cookieOf(response)).toBe("");
    expect(
      await db
        .select()
        .from(users)
        .where(eq(users.id, user?.id ?? 0)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(savedFunds)
        .where(eq(savedFunds.userId, user?.id ?? 0)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? 0)),
    ).toEqual([]);
    expect((await login("leave@example.com", "Leave-pass-1")).statusCode).toBe(401);
    expect(await db.select().from(funds).where(eq(funds.name, "Kept Fund"))).toHaveLength(1);
  });

  it("limits password checks per account", async () => {
    const token = await register("guess@example.com", "Guess-pass-1");
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(
        (await call(token, "POST", "/_api/user/deactivate-account", { password: "Wrong-pass-1" })).statusCode,
      ).toBe(401);
    }
    const blocked = await call(token, "POST", "/_api/user/deactivate-account", { password: "Guess-pass-1" });
    expect(blocked.statusCode).toBe(429);
  });
});
