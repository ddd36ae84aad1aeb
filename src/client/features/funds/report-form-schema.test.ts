import { describe, expect, it } from "vitest";
import { fundReportRequestSchema } from "../../../shared/schemas/fund-reports.js";
import { validateReport } from "./report-form-schema.js";

type Issue = { path: PropertyKey[]; message: string };

function serverOutcome(result: { success: boolean; data?: unknown; error?: { issues: Issue[] } }) {
  if (result.success) return { ok: result.data };
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[String(issue.path[0] ?? "")] ??= issue.message;
  return { errors: messages };
}

function formOutcome(values: { field?: unknown; note?: unknown }) {
  const { value, errors } = validateReport(values);
  return value ? { ok: value } : { errors };
}

describe("the report form's rules", () => {
  it.each([
    { field: "website", note: "The site moved to alpha.vc" },
    { field: "website", note: "  trimmed  " },
    { field: "", note: "" },
    { field: "colour", note: "x" },
    { field: "fund_size", note: "   " },
    { field: "other", note: "x".repeat(1001) },
    { field: "other", note: "x".repeat(1000) },
    { field: "other", note: ` ${"x".repeat(1000)} ` },
  ])("agree with the server's: %j", (values) => {
    expect(formOutcome(values)).toEqual(serverOutcome(fundReportRequestSchema.safeParse(values)));
  });
});
