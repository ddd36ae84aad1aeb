import { describe, expect, it } from "vitest";
import {
  filterByStatus,
  formatStepDate,
  hasPipelineWork,
  isOverdue,
  localToday,
  parseStatusFilter,
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
});
