import { describe, expect, it } from "vitest";
import {
  isNoindex,
  median,
  medianSample,
  noindexSource,
  type PageResult,
  type PageSample,
  pageBudgets,
  renderPageTable,
  robotsDirectives,
  scoreOutOf100,
  summariseLighthouse,
} from "./lighthouse-budgets.js";

const passing: PageSample = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1_400,
  tbtMs: 40,
  cls: 0.01,
};

/** A page measured under simulated throttling with `sample`, and under applied throttling with `applied`. */
function page(sample: PageSample, noindex?: string, applied: PageSample = passing): PageResult {
  return {
    label: "page",
    path: "/p",
    status: "ok",
    methods: { simulate: { median: sample, runs: [sample] }, devtools: { median: applied, runs: [applied] } },
    ...(noindex ? { noindex } : {}),
  };
}

describe("median", () => {
  it("takes the middle value, the mean of the middle two for an even count, and null for none", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNull();
  });

  it("takes each figure's median on its own, leaving out runs without it", () => {
    const runs: PageSample[] = [
      { ...passing, performance: 90, lcpMs: 3_000 },
      { ...passing, performance: 99, lcpMs: 1_000 },
      { ...passing, performance: 95, lcpMs: null },
    ];
    const result = medianSample(runs);
    expect(result.performance).toBe(95);
    expect(result.lcpMs).toBe(2_000);
  });
});

describe("scores", () => {
  it("rounds a category score out of 100 as the report shows it", () => {
    expect(scoreOutOf100(0.945)).toBe(95);
    expect(scoreOutOf100(0.944)).toBe(94);
    expect(scoreOutOf100(null)).toBeNull();
  });
});

describe("budgets", () => {
  it("passes a page within every budget, limits included", () => {
    const budgets = pageBudgets(
      page({ ...passing, performance: 95, bestPractices: 95, lcpMs: 2_500, tbtMs: 150 }, undefined, {
        ...passing,
        cls: 0.1,
      }),
    );
    expect(budgets).toHaveLength(7);
    expect(budgets.every((budget) => budget.pass)).toBe(true);
  });

  it("fails each budget missed, accessibility below 100 and a missing figure included", () => {
    const budgets = pageBudgets(page({ ...passing, accessibility: 99, lcpMs: 2_501, tbtMs: null }));
    expect(budgets.filter((budget) => !budget.pass).map((budget) => budget.name)).toEqual([
      "LCP (simulate) ≤ 2,500 ms",
      "TBT (simulate) ≤ 150 ms",
      "accessibility 100",
    ]);
  });

  it("judges the simulated run's performance and LCP, and of the applied run only its layout shift", () => {
    // Applied throttling's timings swing with the machine's load: printed, not judged.
    const slowApplied = { ...passing, performance: 60, lcpMs: 6_000, cls: 0.2 };
    const budgets = pageBudgets(page({ ...passing, performance: 94 }, undefined, slowApplied));
    expect(budgets.filter((budget) => !budget.pass).map((budget) => budget.name)).toEqual([
      "performance (simulate) ≥ 95",
      "CLS (devtools) ≤ 0.1",
    ]);
    const table = renderPageTable([page({ ...passing, performance: 94 }, undefined, slowApplied)]);
    expect(table).toContain("94 FAIL");
    expect(table).toMatch(/60\s+6,000\s+0\.200 FAIL/);
  });

  it("judges only the method measured when one was left out", () => {
    const simulatedOnly: PageResult = {
      label: "page",
      path: "/p",
      status: "ok",
      methods: { simulate: { median: passing, runs: [passing] } },
    };
    expect(pageBudgets(simulatedOnly)).toHaveLength(6);
    expect(renderPageTable([simulatedOnly])).toMatch(/100 PASS\s+-\s+-\s+-/);
  });

  it("does not judge the SEO score of a noindex page, and says so", () => {
    const excepted = pageBudgets(page({ ...passing, seo: 69 }, '<meta name="robots" content="noindex">'));
    const seo = excepted.find((budget) => budget.name.startsWith("SEO"));
    expect(seo?.pass).toBe(true);
    expect(seo?.actual).toBe("69, noindex (excepted)");
    expect(renderPageTable([page({ ...passing, seo: 69 }, "X-Robots-Tag: noindex")])).toContain(
      "69 noindex (excepted)",
    );
    expect(pageBudgets(page({ ...passing, seo: 69 })).find((budget) => budget.name.startsWith("SEO"))?.pass).toBe(
      false,
    );
  });

  it("counts a page that could not be measured as a failure", () => {
    const failed: PageResult = { label: "page", path: "/p", status: "failed", note: "NO_FCP" };
    expect(pageBudgets(failed)).toEqual([expect.objectContaining({ pass: false })]);
    expect(renderPageTable([failed])).toMatch(/page\s+\/p\s+FAILED\n\/p: FAILED, NO_FCP$/);
    expect(summariseLighthouse([page(passing), failed])).toBe(
      "Lighthouse budgets: 7 of 8 passed. FAILED: Lighthouse run completed [/p] = failed.",
    );
  });
});

describe("noindex", () => {
  it("recognises noindex and none, for every crawler or a named one", () => {
    expect(isNoindex(["noindex"])).toBe(true);
    expect(isNoindex(["NoIndex, follow"])).toBe(true);
    expect(isNoindex(["none"])).toBe(true);
    expect(isNoindex(["googlebot: noindex"])).toBe(true);
    expect(isNoindex(["index, follow", "nofollow", "max-snippet:-1"])).toBe(false);
    expect(isNoindex([])).toBe(false);
  });

  it("reads the robots metas and the X-Robots-Tag header of the served page", () => {
    const html = `<!doctype html><html><head><meta name="description" content="noindex is a word">
      <meta name="Robots" content="noindex, follow"></head><body></body></html>`;
    const entries = robotsDirectives(html, null);
    expect(entries).toEqual(['<meta name="Robots" content="noindex, follow">']);
    expect(noindexSource(entries)).toBe('<meta name="Robots" content="noindex, follow">');
    expect(noindexSource(robotsDirectives("<html><head></head></html>", "noindex"))).toBe("X-Robots-Tag: noindex");
    expect(noindexSource(robotsDirectives('<meta name="robots" content="index">', null))).toBeUndefined();
  });
});
