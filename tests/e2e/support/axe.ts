import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./test.js";

/** Runs axe-core on the page (or part of it) and fails on any serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, include?: string): Promise<void> {
  // Only the violations are read: axe still runs every rule, but lists no node of what passed or was
  // inapplicable (one of each), which saved about a tenth of a scan's CPU.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(", ")})`,
    );
  expect(serious).toEqual([]);
}
