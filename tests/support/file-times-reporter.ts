import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Writes each test file's time in its worker (importing it, its hooks and its tests) to the JSON file
 * named by FUNDMATCH_TEST_TIMES_FILE, for the slowest files `npm test` prints (scripts/test.mjs).
 * Vitest's JSON reporter gives a file only the span of its tests, without the beforeAll that makes
 * its databases and apps.
 */
export default class FileTimesReporter implements Reporter {
  private readonly times: { file: string; seconds: number }[] = [];

  onTestModuleEnd(testModule: TestModule): void {
    const diagnostic = testModule.diagnostic();
    const ms =
      diagnostic.environmentSetupDuration +
      diagnostic.prepareDuration +
      diagnostic.setupDuration +
      diagnostic.collectDuration +
      diagnostic.duration;
    this.times.push({ file: testModule.moduleId, seconds: ms / 1000 });
  }

  onTestRunEnd(): void {
    const out = process.env.FUNDMATCH_TEST_TIMES_FILE;
    if (out) writeFileSync(out, JSON.stringify(this.times));
  }
}
