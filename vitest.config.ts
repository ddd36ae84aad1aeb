import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import IntegrationFirstSequencer from "./tests/support/sequencer.js";

/** Tests that soak or fuzz at length: `npm run test:slow`, which CI runs after `npm test` (docs/testing.md). */
const SLOW = ["**/*.slow.test.ts"];

export default defineConfig({
  test: {
    environment: "node",
    // Each file gets its own databases (PGlite in memory, or a fresh PostgreSQL database) and apps. A worker
    // process runs its files one after another and keeps their imports: importing the whole server
    // again for each file was 86 of the main project's 220 s (ADR 0056). So nothing a file changes at
    // module level (a mock, a stubbed global, a set environment variable) may outlive it.
    pool: "forks",
    isolate: false,
    // Vitest's default, cores - 1, is one file at a time on 2 cores. The files spend much of their time
    // waiting on PostgreSQL, Redis and the servers they spawn, so two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Without a last run to time the files by (a clean clone), the integration files go first.
    sequence: { sequencer: IntegrationFirstSequencer },
    // The migrated databases every test database is copied from, made once per run (docs/testing.md).
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // `npx vitest run` runs both; `npm test` runs "main" and `npm run test:slow` runs "slow".
    projects: [
      {
        extends: true,
        test: {
          name: "main",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...SLOW],
        },
      },
      { extends: true, test: { name: "slow", include: SLOW } },
    ],
  },
});
