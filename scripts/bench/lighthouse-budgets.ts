/**
 * The Lighthouse budgets and what they are judged on: one page's scores and metrics (the median
 * of its runs), the noindex exception for SEO, and the printed table. No browser or server here.
 */
import { parseHTML } from "linkedom";
import { renderTable } from "./report.js";
import type { Budget } from "./results.js";

export const LIGHTHOUSE_BUDGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 95,
  lcpMs: 2_000,
  tbtMs: 150,
} as const;

/** One Lighthouse run of one page, scores out of 100 as the report shows them; null when Lighthouse had none. */
export type PageSample = {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
};

export type PageResult = {
  /** What the page is (“blog post”), and the path measured. */
  label: string;
  path: string;
} & (
  | {
      status: "ok";
      /** Each field the median of the runs' values. */
      median: PageSample;
      runs: PageSample[];
      /** Where the page says noindex (its robots meta or X-Robots-Tag), absent when it does not. */
      noindex?: string;
    }
  | { status: "failed"; note: string }
);

/** A category score (0–1) as the report prints it: rounded to a whole number out of 100. */
export function scoreOutOf100(score: number | null | undefined): number | null {
  return typeof score === "number" ? Math.round(score * 100) : null;
}

/** The median (the mean of the middle two for an even count); null for no values. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] as number;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] as number) + upper) / 2;
}

/** Each field's median over the runs, independently; a field no run has stays null. */
export function medianSample(runs: readonly PageSample[]): PageSample {
  const field = (key: keyof PageSample) =>
    median(runs.map((run) => run[key]).filter((value): value is number => value !== null));
  return {
    performance: field("performance"),
    accessibility: field("accessibility"),
    bestPractices: field("bestPractices"),
    seo: field("seo"),
    lcpMs: field("lcpMs"),
    tbtMs: field("tbtMs"),
    cls: field("cls"),
  };
}

/**
 * Whether robots directives (a robots meta's content, an X-Robots-Tag value) keep the page out of
 * search results: `noindex` or `none`, for every crawler or a named one (`googlebot: noindex`).
 */
export function isNoindex(directives: readonly string[]): boolean {
  return directives.some((value) =>
    value
      .toLowerCase()
      .split(",")
      .map((token) => token.trim().replace(/^[a-z0-9_-]+\s*:\s*/, ""))
      .some((token) => token === "noindex" || token === "none"),
  );
}

/**
 * The page's own robots directives, as served: robots and googlebot metas of the HTML and the
 * X-Robots-Tag header. Each entry says where it comes from, for the printed exception.
 */
export function robotsDirectives(html: string, xRobotsTag: string | null): string[] {
  const { document } = parseHTML(html);
  const metas = [...document.querySelectorAll("meta[name]")]
    .filter((meta) => ["robots", "googlebot"].includes((meta.getAttribute("name") ?? "").toLowerCase()))
    .map((meta) => `<meta name="${meta.getAttribute("name")}" content="${meta.getAttribute("content") ?? ""}">`);
  return xRobotsTag ? [...metas, `X-Robots-Tag: ${xRobotsTag}`] : metas;
}

/** The directive text of a robotsDirectives() entry (the meta's content, the header's value). */
export function directiveValue(entry: string): string {
  const content = /content="([^"]*)"/.exec(entry);
  if (content) return content[1] ?? "";
  return entry.replace(/^X-Robots-Tag:\s*/i, "");
}

/** The first entry that says noindex, or undefined. */
export function noindexSource(entries: readonly string[]): string | undefined {
  return entries.find((entry) => isNoindex([directiveValue(entry)]));
}

type Check = { name: string; actual: number | null; pass: boolean; limit: string; unit: string };

function checks(sample: PageSample, noindex: boolean): (Check & { excepted?: boolean })[] {
  const atLeast = (name: string, actual: number | null, limit: number): Check => ({
    name,
    actual,
    limit: limit === 100 ? "100" : `≥ ${limit}`,
    unit: "",
    pass: actual !== null && actual >= limit,
  });
  const atMost = (name: string, actual: number | null, limit: number): Check => ({
    name,
    actual,
    limit: `≤ ${limit.toLocaleString("en-US")} ms`,
    unit: " ms",
    pass: actual !== null && actual <= limit,
  });
  const seo = atLeast("SEO", sample.seo, LIGHTHOUSE_BUDGETS.seo);
  return [
    atLeast("performance", sample.performance, LIGHTHOUSE_BUDGETS.performance),
    atLeast("accessibility", sample.accessibility, LIGHTHOUSE_BUDGETS.accessibility),
    atLeast("best practices", sample.bestPractices, LIGHTHOUSE_BUDGETS.bestPractices),
    // A page that asks not to be indexed loses SEO points for exactly that: its SEO score is not judged.
    noindex ? { ...seo, pass: true, excepted: true } : seo,
    atMost("LCP", sample.lcpMs, LIGHTHOUSE_BUDGETS.lcpMs),
    atMost("TBT", sample.tbtMs, LIGHTHOUSE_BUDGETS.tbtMs),
  ];
}

/** The page's budgets in the bench's shape; a page that could not be measured fails one. */
export function pageBudgets(result: PageResult): Budget[] {
  const scenario = `Lighthouse ${result.path}`;
  if (result.status === "failed") {
    return [{ name: "Lighthouse run completed", scenario, actual: "failed", limit: "runs", pass: false }];
  }
  return checks(result.median, result.noindex !== undefined).map((check) => ({
    name: `${check.name} ${check.limit}`,
    scenario,
    actual: check.excepted
      ? `${formatValue(check.actual, check.unit)}, noindex (excepted)`
      : formatValue(check.actual, check.unit),
    limit: check.limit,
    pass: check.pass,
  }));
}

function formatValue(value: number | null, unit: string): string {
  return value === null ? "n/a" : `${Math.round(value).toLocaleString("en-US")}${unit}`;
}

/** The table: one row per page, each budgeted cell with its PASS/FAIL. */
export function renderPageTable(results: readonly PageResult[]): string {
  const columns = [
    { title: "Page" },
    { title: "Path" },
    { title: "Perf" },
    { title: "A11y" },
    { title: "BP" },
    { title: "SEO" },
    { title: "LCP ms" },
    { title: "TBT ms" },
    { title: "CLS", align: "right" as const },
  ];
  const rows = results.map((result) => {
    if (result.status === "failed") return [result.label, result.path, "FAILED"];
    const cells = checks(result.median, result.noindex !== undefined).map((check) => {
      const value = check.actual === null ? "n/a" : Math.round(check.actual).toLocaleString("en-US");
      if (check.excepted) return `${value} noindex (excepted)`;
      return `${value} ${check.pass ? "PASS" : "FAIL"}`;
    });
    return [result.label, result.path, ...cells, result.median.cls === null ? "n/a" : result.median.cls.toFixed(3)];
  });
  // A failure's reason goes below the table: one long cell would stretch its column for every row.
  const failures = results.flatMap((result) =>
    result.status === "failed" ? [`${result.path}: FAILED, ${result.note.split("\n")[0]}`] : [],
  );
  return [renderTable(columns, rows), ...failures].join("\n");
}

/** "Lighthouse budgets: 30 of 36 passed. FAILED: …" */
export function summariseLighthouse(results: readonly PageResult[]): string {
  const budgets = results.flatMap(pageBudgets);
  const failed = budgets
    .filter((budget) => !budget.pass)
    .map((budget) => `${budget.name} [${budget.scenario?.replace(/^Lighthouse /, "")}] = ${budget.actual}`);
  const passed = budgets.length - failed.length;
  return [
    `Lighthouse budgets: ${passed} of ${budgets.length} passed.`,
    ...(failed.length > 0 ? [`FAILED: ${failed.join("; ")}.`] : []),
  ].join(" ");
}
