import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funds, savedFunds } from "../../src/server/db/schema/index.js";
import { signInResponseSchema } from "../../src/shared/schemas/auth.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";
import { changeUserBehindTheApp } from "../support/sessions.js";

/**
 * What a sign-in carries along (issue 37): a visitor's "Save to pipeline" opens the sign-up form
 * with the fund and the way back; the sign-in (sign-up, log-in) saves the fund with the account's own
 * rights and answers the checked way back. Only a path of this site is ever answered.
 */
describe.each(TEST_DRIVERS)("a sign-in that saves a fund and leads back, on %s", (driver) => {
  let t: TestApp;
  let fundIds: number[] = [];
  let ip = 0;
  const PASSWORD = "Carry-pass-1";
  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url, payload, remoteAddress: `10.9.0.${++ip}` });
  const register = (email: string, extra: Record<string, unknown> = {}) =>
    post("/_api/auth/register_with_password", { email, password: PASSWORD, displayName: "Ada", ...extra });
  const login = (email: string, extra: Record<string, unknown> = {}) =>
    post("/_api/auth/login_with_password", { email, password: PASSWORD, ...extra });
  const savedOf = async (userId: number) =>
    (await t.testDatabase.database.db.select().from(savedFunds)).filter((row) => row.userId === userId);

  beforeAll(async () => {
    t = await createTestApp(driver);
    await insertFunds(t.testDatabase.database.db, [{ name: "Carry One" }, { name: "Carry Two" }]);
    t.app.services.fundsIndex.invalidate();
    fundIds = (await t.testDatabase.database.db.select({ id: funds.id }).from(funds).orderBy(funds.id)).map(
      (row) => row.id,
    );
  });
  afterAll(async () => t?.close());

  it("answers the way back as checked, and signs up as before without one", async () => {
    const plain = await register("plain@example.com");
    expect(plain.statusCode).toBe(201);
    expect(Object.keys(plain.json())).toEqual(["user"]);

    const back = await register("back@example.com", { returnTo: "/match?stage=seed&raise=%E2%82%AC3m#top" });
    expect(back.statusCode).toBe(201);
    const answer = signInResponseSchema.parse(back.json());
    expect(answer.returnTo).toBe("/match?stage=seed&raise=%E2%82%AC3m#top");
  });

  it.each([
    "//evil.example/match",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/login?next=/",
    "/_api/auth/logout",
    "match",
  ])("refuses %s as a way back with a 400, before any account is made", async (returnTo) => {
    const email = `evil${++ip}@example.com`;
    const response = await register(email, { returnTo });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("returnTo must be a path of this site, such as /match.");
    // Not made: the same address signs up afterwards.
    expect((await register(email)).statusCode).toBe(201);
  });

  it("refuses a fund to save that is not an id, and a field it does not know", async () => {
    expect((await register("bad-id@example.com", { saveFundId: "12" })).statusCode).toBe(400);
    expect((await register("bad-id2@example.com", { saveFundId: 0 })).statusCode).toBe(400);
    expect((await register("bad-id3@example.com", { next: "/match" })).statusCode).toBe(400);
  });

  it("signs a new free account up and says the fund waits for Premium, saving nothing", async () => {
    const response = await register("free@example.com", { returnTo: "/match?stage=seed", saveFundId: fundIds[0] });
    expect(response.statusCode).toBe(201);
    const answer = signInResponseSchema.parse(response.json());
    expect(answer.pendingSave).toEqual({ fundId: fundIds[0], saved: false, reason: "subscription_required" });
    expect(answer.returnTo).toBe("/match?stage=seed");
    expect(await savedOf(answer.user.id)).toEqual([]);
  });

  it("saves the fund for an account whose plan saves funds, at log-in, once however often", async () => {
    const created = signInResponseSchema.parse((await register("sub@example.com")).json());
    await changeUserBehindTheApp(t.app, "sub@example.com", {
      subscriptionStatus: "active",
      subscriptionType: "monthly",
    });
    for (let round = 0; round < 2; round += 1) {
      const response = await login("sub@example.com", { returnTo: "/match?stage=seed", saveFundId: fundIds[1] });
      expect(response.statusCode).toBe(200);
      const answer = signInResponseSchema.parse(response.json());
      expect(answer.pendingSave).toEqual({ fundId: fundIds[1], saved: true });
      expect(answer.returnTo).toBe("/match?stage=seed");
    }
    expect((await savedOf(created.user.id)).map((row) => row.fundId)).toEqual([fundIds[1]]);
  });

  it("signs in even when the fund is gone, and says so", async () => {
    const response = await login("sub@example.com", { saveFundId: 2_000_000_000 });
    expect(response.statusCode).toBe(200);
    expect(signInResponseSchema.parse(response.json()).pendingSave).toEqual({
      fundId: 2_000_000_000,
      saved: false,
      reason: "not_found",
    });
  });

  it("saves nothing and answers nothing extra for a wrong password", async () => {
    const response = await login("sub@example.com", { password: "Wrong-pass-1", saveFundId: fundIds[0] });
    expect(response.statusCode).toBe(401);
    const stored = await t.testDatabase.database.db.select().from(savedFunds);
    expect(stored.some((row) => row.fundId === fundIds[0])).toBe(false);
  });
});
