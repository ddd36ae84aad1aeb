/**
 * The Lighthouse budgets and what they are judged on: one page's scores and metrics (the median
 * of its runs), the noindex exception for SEO, and the printed table. No browser or server here.
 */
import { parseHTML } from "linkedom";
import { renderTable } from "./report.js";
import type { Budget } from "./results.js";

/**
 * Judged on Lighthouse's default mobile run (simulated throttling, what PageSpeed Insights reports),
 * except the layout shift, which only the run with applied throttling sees (docs/decisions/0020).
 */
export const LIGHTHOUSE_BUDGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 95,
  lcpMs: 2_500,
  tbtMs: 150,
  /** Under applied (DevTools) throttling: a simulation takes its layout shifts from the unthrottled load. */
  appliedCls: 0.1,
} as const;

/**
 * How Lighthouse slows the page down to a phone on a slow network: "simulate" (its default, Lantern:
 * an unthrottled load and an estimate from its request graph) or "devtools" (the slowdown applied
 * for real and the timings measured). See scripts/bench/lighthouse.ts.
 */
export type ThrottlingMethod = "simulate" | "devtools";
export const THROTTLING_METHODS: readonly ThrottlingMethod[] = ["simulate", "devtools"];

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

/** One method's runs of a page and each field's median over them. */
export type MethodResult = { median: PageSample; runs: PageSample[] };

export type PageResult = {
  /** What the page is (“blog post”), and the path measured. */
  label: string;
  path: string;
} & (
  | {
      status: "ok";
      /** Per throttling method measured (LIGHTHOUSE_THROTTLING may leave one out). */
      methods: Partial<Record<ThrottlingMethod, MethodResult>>;
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

type Check = {
  name: string;
  /** The column it is printed in. */
  column: Column;
  actual: number | null;
  pass: boolean;
  limit: string;
  unit: string;
  excepted?: boolean;
  /** Printed, not judged. */
  info?: boolean;
};

type Column =
  | "simulate perf"
  | "simulate LCP"
  | "simulate TBT"
  | "a11y"
  | "bp"
  | "seo"
  | "devtools perf"
  | "devtools LCP"
  | "devtools CLS";

/**
 * The page's figures, judged or printed: under simulated throttling every budget (performance, LCP and
 * TBT, and the category scores, which do not depend on the throttling); under applied throttling the
 * layout shift alone is judged, its performance and LCP printed beside the simulated ones (they swing
 * with the machine's load, see ADR 0020). A method not measured contributes nothing.
 */
function checks(result: Extract<PageResult, { status: "ok" }>): Check[] {
  const noindex = result.noindex !== undefined;
  const atLeast = (name: string, column: Column, actual: number | null, limit: number): Check => ({
    name,
    column,
    actual,
    limit: limit === 100 ? "100" : `≥ ${limit}`,
    unit: "",
    pass: actual !== null && actual >= limit,
  });
  const atMost = (name: string, column: Column, actual: number | null, limit: number): Check => ({
    name,
    column,
    actual,
    limit: `≤ ${limit.toLocaleString("en-US")} ms`,
    unit: " ms",
    pass: actual !== null && actual <= limit,
  });
  const list: Check[] = [];
  const simulated = result.methods.simulate?.median;
  if (simulated) {
    const seo = atLeast("SEO", "seo", simulated.seo, LIGHTHOUSE_BUDGETS.seo);
    list.push(
      atLeast("performance (simulate)", "simulate perf", simulated.performance, LIGHTHOUSE_BUDGETS.performance),
      atMost("LCP (simulate)", "simulate LCP", simulated.lcpMs, LIGHTHOUSE_BUDGETS.lcpMs),
      atMost("TBT (simulate)", "simulate TBT", simulated.tbtMs, LIGHTHOUSE_BUDGETS.tbtMs),
      atLeast("accessibility", "a11y", simulated.accessibility, LIGHTHOUSE_BUDGETS.accessibility),
      atLeast("best practices", "bp", simulated.bestPractices, LIGHTHOUSE_BUDGETS.bestPractices),
      // A page that asks not to be indexed loses SEO points for exactly that: its SEO score is not judged.
      noindex ? { ...seo, pass: true, excepted: true } : seo,
    );
  }
  const applied = result.methods.devtools?.median;
  if (applied) {
    const info = (name: string, column: Column, actual: number | null, unit: string): Check => ({
      name,
      column,
      actual,
      limit: "",
      unit,
      pass: true,
      info: true,
    });
    list.push(
      info("performance (devtools)", "devtools perf", applied.performance, ""),
      info("LCP (devtools)", "devtools LCP", applied.lcpMs, " ms"),
      {
        name: `CLS (devtools) ≤ ${LIGHTHOUSE_BUDGETS.appliedCls}`,
        column: "devtools CLS",
        actual: applied.cls,
        limit: `≤ ${LIGHTHOUSE_BUDGETS.appliedCls}`,
        unit: "",
        pass: applied.cls !== null && applied.cls <= LIGHTHOUSE_BUDGETS.appliedCls,
      },
    );
  }
  return list;
}

/** The page's budgets in the bench's shape; a page that could not be measured fails one. */
export function pageBudgets(result: PageResult): Budget[] {
  const scenario = `Lighthouse ${result.path}`;
  if (result.status === "failed") {
    return [{ name: "Lighthouse run completed", scenario, actual: "failed", limit: "runs", pass: false }];
  }
  return checks(result)
    .filter((check) => !check.info)
    .map((check) => ({
      name: nameWithLimit(check),
      scenario,
      actual: check.excepted
        ? `${formatValue(check.actual, check.unit)}, noindex (excepted)`
        : formatValue(check.actual, check.unit),
      limit: check.limit,
      pass: check.pass,
    }));
}

function nameWithLimit(check: Check): string {
  return check.name.includes(check.limit) ? check.name : `${check.name} ${check.limit}`;
}

function formatValue(value: number | null, unit: string): string {
  if (value === null) return "n/a";
  if (unit === "") return Number.isInteger(value) ? value.toLocaleString("en-US") : value.toFixed(3);
  return `${Math.round(value).toLocaleString("en-US")}${unit}`;
}

const COLUMNS: { column: Column; title: string }[] = [
  { column: "simulate perf", title: "Perf sim" },
  { column: "simulate LCP", title: "LCP sim ms" },
  { column: "simulate TBT", title: "TBT sim ms" },
  { column: "a11y", title: "A11y" },
  { column: "bp", title: "BP" },
  { column: "seo", title: "SEO" },
  { column: "devtools perf", title: "Perf devtools" },
  { column: "devtools LCP", title: "LCP devtools ms" },
  { column: "devtools CLS", title: "CLS devtools" },
];

/** The table: one row per page, both methods side by side, each budgeted cell with its PASS/FAIL. */
export function renderPageTable(results: readonly PageResult[]): string {
  const columns = [{ title: "Page" }, { title: "Path" }, ...COLUMNS.map(({ title }) => ({ title }))];
  const rows = results.map((result) => {
    if (result.status === "failed") return [result.label, result.path, "FAILED"];
    const byColumn = new Map(checks(result).map((check) => [check.column, check]));
    const cells = COLUMNS.map(({ column }) => {
      const check = byColumn.get(column);
      if (!check) return "-";
      const value =
        check.actual === null
          ? "n/a"
          : check.unit === ""
            ? formatValue(check.actual, "")
            : Math.round(check.actual).toLocaleString("en-US");
      if (check.excepted) return `${value} noindex (excepted)`;
      if (check.info) return value;
      return `${value} ${check.pass ? "PASS" : "FAIL"}`;
    });
    return [result.label, result.path, ...cells];
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
