import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./test.js";

type RunOptions = Parameters<AxeBuilder["options"]>[0];

/**
 * axe.run takes options per check (`checks`), which its types leave out. They replace the check's
 * own options, so axe-core 4's defaults for the contrast check are repeated here, with ignoreLength.
 */
const RUN_OPTIONS = {
  resultTypes: ["violations"],
  checks: {
    "color-contrast": {
      options: {
        ignoreUnicode: true,
        ignoreLength: true,
        ignorePseudo: false,
        boldValue: 700,
        boldTextPt: 14,
        largeTextPt: 18,
        contrastRatio: { normal: { expected: 4.5 }, large: { expected: 3 } },
        pseudoSizeThreshold: 0.25,
        shadowOutlineEmMax: 0.2,
        textStrokeEmMin: 0.03,
      },
    },
  },
} as RunOptions;

/** Runs axe-core on the page (or part of it) and fails on any serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, include?: string): Promise<void> {
  // Only the violations are read: axe still runs every rule, but lists no node of what passed or was
  // inapplicable (one of each), which saved about a tenth of a scan's CPU. Contrast is checked on
  // short text too: axe leaves a text of one or two characters (a count on a badge, "All 14") to
  // "needs review" by default, where a 4.39:1 count on the profile's filter went unreported.
  const builder = new AxeBuilder({ page }).options(RUN_OPTIONS);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(", ")})`,
    );
  expect(serious).toEqual([]);
}
