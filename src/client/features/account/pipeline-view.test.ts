import { describe, expect, it } from "vitest";
import { USD_PER_UNIT } from "../../../shared/currency-rates.js";
import {
  byStatus,
  filterByStatus,
  formatStepDate,
  formatUsdShort,
  hasPipelineWork,
  isOverdue,
  localToday,
  parseAmountInput,
  parseLayout,
  parseStatusFilter,
  roundProgress,
  statusCounts,
} from "./pipeline-view.js";

const fund = (id: number, status: "to_contact" | "contacted" | "passed" | "committed" | "in_conversation") => ({
  id,
  pipeline: { status },
});

describe("the pipeline view", () => {
  it("reads the status filter from the URL, anything unknown as all", () => {
    expect(parseStatusFilter("contacted")).toBe("contacted");
    expect(parseStatusFilter(null)).toBe("all");
    expect(parseStatusFilter("won")).toBe("all");
    expect(parseStatusFilter("__proto__")).toBe("all");
  });

  it("counts every status, the empty ones as 0", () => {
    const funds = [fund(1, "contacted"), fund(2, "contacted"), fund(3, "passed")];
    expect(statusCounts(funds)).toEqual({
      all: 3,
      to_contact: 0,
      contacted: 2,
      in_conversation: 0,
      passed: 1,
      committed: 0,
    });
    expect(filterByStatus(funds, "contacted").map((item) => item.id)).toEqual([1, 2]);
    expect(filterByStatus(funds, "all")).toHaveLength(3);
    expect(filterByStatus(funds, "committed")).toEqual([]);
  });

  it("marks a next step before today as overdue, unless the conversation is over", () => {
    expect(isOverdue("2026-03-01", "contacted", "2026-03-02")).toBe(true);
    expect(isOverdue("2026-03-02", "contacted", "2026-03-02")).toBe(false);
    expect(isOverdue("2026-03-01", "passed", "2026-03-02")).toBe(false);
    expect(isOverdue("2026-03-01", "committed", "2026-03-02")).toBe(false);
    expect(isOverdue(null, "to_contact", "2026-03-02")).toBe(false);
  });

  it("writes dates as calendar days in the person's own calendar", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
    expect(formatStepDate("2027-03-01")).toBe("Mar 1, 2027");
  });

  it("knows when removing a fund would lose work", () => {
    expect(hasPipelineWork({ status: "to_contact", note: "", nextStepDate: null })).toBe(false);
    expect(hasPipelineWork({ status: "to_contact", note: "  ", nextStepDate: null })).toBe(false);
    expect(hasPipelineWork({ status: "contacted", note: "", nextStepDate: null })).toBe(true);
    expect(hasPipelineWork({ status: "to_contact", note: "call back", nextStepDate: null })).toBe(true);
    expect(hasPipelineWork({ status: "to_contact", note: "", nextStepDate: "2027-01-01" })).toBe(true);
  });

  it("reads the layout from the URL: board, or the list for anything else", () => {
    expect(parseLayout("board")).toBe("board");
    expect(parseLayout(null)).toBe("list");
    expect(parseLayout("kanban")).toBe("list");
  });

  it("puts each fund in its status's column, every column present", () => {
    const columns = byStatus([fund(1, "contacted"), fund(2, "to_contact"), fund(3, "contacted")]);
    expect(columns.contacted.map((f) => f.id)).toEqual([1, 3]);
    expect(columns.to_contact.map((f) => f.id)).toEqual([2]);
    expect(columns.committed).toEqual([]);
  });

  it("adds up the committed funds' amounts against the target", () => {
    const withAmount = (status: "committed" | "passed", committedAmountUsd: number | null) => ({
      pipeline: { status, committedAmountUsd },
    });
    const funds = [withAmount("committed", 1_000_000), withAmount("committed", 200_000), withAmount("passed", 5)];
    expect(roundProgress(funds, 3_000_000)).toEqual({ committedUsd: 1_200_000, targetUsd: 3_000_000, percent: 40 });
    expect(roundProgress(funds, null)).toEqual({ committedUsd: 1_200_000, targetUsd: null, percent: null });
    expect(roundProgress([withAmount("committed", null)], 0).percent).toBeNull();
  });

  it("writes short dollar amounts", () => {
    expect([1_200_000, 3_000_000, 750_000, 900, 12_500_000, 2_000_000_000].map(formatUsdShort)).toEqual([
      "$1.2M",
      "$3M",
      "$750K",
      "$900",
      "$13M",
      "$2B",
    ]);
  });

  it("reads the amount field: whole dollars, separators allowed, empty as null", () => {
    expect(parseAmountInput("1,250,000")).toBe(1_250_000);
    expect(parseAmountInput(" $500 ")).toBe(500);
    expect(parseAmountInput("")).toBeNull();
    expect(parseAmountInput("0")).toBeUndefined();
    expect(parseAmountInput("1.5")).toBeUndefined();
    expect(parseAmountInput("-3")).toBeUndefined();
    // The app's one amount reader: the short forms and another currency, converted (issue 37).
    expect(parseAmountInput("1.5M")).toBe(1_500_000);
    expect(parseAmountInput("250k")).toBe(250_000);
    expect(parseAmountInput("€200k")).toBe(Math.round(200_000 * (USD_PER_UNIT.EUR ?? Number.NaN) * 100) / 100);
    expect(parseAmountInput("1-2M")).toBeUndefined();
  });
});
