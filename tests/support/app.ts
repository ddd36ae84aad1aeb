import { type App, type BuildOptions, buildApp } from "../../src/server/app.js";
import { type Config, loadConfig } from "../../src/server/config.js";
import type { Mailer, MailMessage } from "../../src/server/mail/mailer.js";
import { createTestDatabase, type Driver, type TestDatabase } from "./database.js";

export type TestApp = { app: App; testDatabase: TestDatabase; close(): Promise<void> };

/**
 * The real app on a database of its own; `env` sets variables as the environment would, `options`
 * what tests control beyond it (the job queue's clock, a mailer that keeps what it sends).
 */
export async function createTestApp(
  driver: Driver,
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
  options: Pick<BuildOptions, "jobs" | "mailer"> = {},
): Promise<TestApp> {
  const testDatabase = await createTestDatabase(driver);
  const config = loadConfig(
    { NODE_ENV: "test", DATA_DIR: "/nonexistent-test-data-dir", SEED_ON_START: "false", LOG_LEVEL: "silent", ...env },
    overrides,
  );
  const app = await buildApp(config, { ...options, database: testDatabase.database, logger: false });
  return {
    app,
    testDatabase,
    async close() {
      await app.close();
      await testDatabase.drop();
    },
  };
}

/** A mailer that keeps every message it is given, for tests that read what the app sent. */
export function keepingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    async close() {},
  };
}
