import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./test.js";

/** Runs axe-core on the page (or part of it) and fails on any serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(", ")})`,
    );
  expect(serious).toEqual([]);
}
