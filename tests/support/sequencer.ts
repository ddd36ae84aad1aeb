import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order in which Vitest hands out the test files, longest first so that the two workers end
 * together. Vitest knows a file's length from its last run (its cache in node_modules/.vite); on a
 * clean clone, which is how CI runs, it knows none and falls back to the largest file first. That
 * left a short, slow file such as lifecycle.test.ts (two tests, 16 s of spawned servers) to the end,
 * with one worker idle meanwhile. Here the files of a run without a last run go integration first
 * (they start servers and databases: all the slow ones), then the unit tests beside the code, which
 * take milliseconds each and fill the gaps; within each, Vitest's own order.
 */
export default class IntegrationFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    // The key Vitest's own sorter reads its cache by (BaseSequencer.sort). Were it to change, no file
    // would count as timed and every run would take this order: slower to finish, never wrong.
    const timed = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${path.relative(root, spec.moduleId)}`) !== undefined;
    if (sorted.every(timed)) return sorted;
    const integration = (spec: TestSpecification) =>
      path.relative(root, spec.moduleId).startsWith(`tests${path.sep}integration${path.sep}`);
    return [...sorted.filter(integration), ...sorted.filter((spec) => !integration(spec))];
  }
}
