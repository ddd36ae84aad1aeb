import { type App, type BuildOptions, buildApp } from "../../src/server/app.js";
import { type Config, loadConfig } from "../../src/server/config.js";
import { createTestDatabase, type Driver, type TestDatabase } from "./database.js";

export type TestApp = { app: App; testDatabase: TestDatabase; close(): Promise<void> };

/**
 * The real app on a database of its own; `env` sets variables as the environment would, `options`
 * what tests control beyond it (the job queue's clock).
 */
export async function createTestApp(
  driver: Driver,
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
  options: Pick<BuildOptions, "jobs"> = {},
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
