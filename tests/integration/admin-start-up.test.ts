import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../src/server/app.js";
import { ADMIN_NOT_PROMOTED } from "../../src/server/auth/admin-account.js";
import { hashPassword } from "../../src/server/auth/password.js";
import { loadConfig } from "../../src/server/config.js";
import { sessions, users } from "../../src/server/db/schema/index.js";
import { insertUser } from "../../src/server/users/repository.js";
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from "../support/database.js";

const ADMIN_PASSWORD = "Operator-pass-1";

/** ADMIN_EMAIL and ADMIN_PASSWORD at start-up, against accounts that already hold the address. */
describe.each(TEST_DRIVERS)("the start-up admin account on %s", (driver) => {
  let testDatabase: TestDatabase;
  let counter = 0;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(driver);
  });
  afterAll(async () => testDatabase?.drop());

  const db = () => testDatabase.database.db;
  /** Starts (and stops) the app with the admin variables; what it logged. */
  async function startWithAdmin(email: string): Promise<{ lines: Array<Record<string, unknown>>; app: App }> {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: "/nonexistent-test-data-dir",
      SEED_ON_START: "false",
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD,
    });
    const app = await buildApp(config, {
      database: testDatabase.database,
      logger: { level: "info", stream: sink },
    });
    return { lines, app };
  }
  const account = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];
  const sessionsOf = async (userId: number) => db().select().from(sessions).where(eq(sessions.userId, userId));
  const withSession = async (email: string, passwordHash: string | null) => {
    const user = await insertUser(db(), { email, displayName: "Someone", passwordHash });
    if (!user) throw new Error("not created");
    await db()
      .insert(sessions)
      .values({ userId: user.id, tokenHash: `hash-${++counter}`, expiresAt: new Date(Date.now() + 3_600_000) });
    return user;
  };
  const login = (app: App, email: string) =>
    app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: { email, password: ADMIN_PASSWORD } });

  it("does not promote an account someone else created without a password (the demo sign-in's), and says why", async () => {
    const email = `taken${++counter}@example.com`;
    const squatter = await withSession(email, null);
    const { lines, app } = await startWithAdmin(email);
    try {
      expect((await account(email))?.role).toBe("user");
      expect(await sessionsOf(squatter.id)).toHaveLength(1);
      expect((await login(app, email)).statusCode).toBe(401);
      expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: ADMIN_NOT_PROMOTED, outcome: "refused" }));
    } finally {
      await app.close();
    }
  });

  it("does not promote an account whose password is not ADMIN_PASSWORD", async () => {
    const email = `registered${++counter}@example.com`;
    await withSession(email, await hashPassword("Someone-else-1"));
    const { lines, app } = await startWithAdmin(email);
    try {
      expect((await account(email))?.role).toBe("user");
      expect(lines.some((line) => line.msg === ADMIN_NOT_PROMOTED)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it("promotes an account whose password is ADMIN_PASSWORD, ending its sessions", async () => {
    const email = `operator${++counter}@example.com`;
    const operator = await withSession(email, await hashPassword(ADMIN_PASSWORD));
    const { lines, app } = await startWithAdmin(email);
    try {
      expect((await account(email))?.role).toBe("admin");
      expect(await sessionsOf(operator.id)).toEqual([]);
      expect(lines).toContainEqual(expect.objectContaining({ msg: "admin account ensured", outcome: "promoted" }));
      const loggedIn = await login(app, email);
      expect(loggedIn.json().user.role).toBe("admin");
    } finally {
      await app.close();
    }
    // The next start finds the admin as it left it: nothing to do, its sessions stay.
    const again = await startWithAdmin(email);
    try {
      expect(again.lines).toContainEqual(expect.objectContaining({ outcome: "unchanged" }));
      expect(await sessionsOf(operator.id)).toHaveLength(1);
    } finally {
      await again.app.close();
    }
  });

  it("creates the account when the address is free, as a proven admin address", async () => {
    const email = `fresh${++counter}@example.com`;
    const { app } = await startWithAdmin(email);
    try {
      expect(await account(email)).toMatchObject({ role: "admin", emailVerifiedAt: expect.any(Date) });
      expect((await login(app, email)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
