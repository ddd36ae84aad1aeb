import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Each file gets its own process and its own database (PGlite in memory, or a fresh PostgreSQL database).
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
