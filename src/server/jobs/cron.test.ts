import { describe, expect, it } from "vitest";
import { describeSchedule } from "../../shared/job-texts.js";
import { nextCronTime, parseCron } from "./cron.js";

const next = (cron: string, after: string) => nextCronTime(parseCron(cron), new Date(after)).toISOString();

describe("cron schedules in UTC", () => {
  it("finds the next tick strictly after the given time", () => {
    expect(next("0 * * * *", "2026-11-25T10:00:00Z")).toBe("2026-11-25T11:00:00.000Z");
    expect(next("0 * * * *", "2026-11-25T10:59:59Z")).toBe("2026-11-25T11:00:00.000Z");
    expect(next("0 7 * * *", "2026-11-25T07:00:00Z")).toBe("2026-11-26T07:00:00.000Z");
    expect(next("0 8 * * 1", "2026-11-25T10:00:00Z")).toBe("2026-11-30T08:00:00.000Z");
    expect(next("0 8 * * 1", "2026-11-30T07:59:00Z")).toBe("2026-11-30T08:00:00.000Z");
    expect(next("*/15 9-10 1 1,7 *", "2026-12-31T23:00:00Z")).toBe("2027-01-01T09:00:00.000Z");
    expect(next("0 0 29 2 *", "2026-03-01T00:00:00Z")).toBe("2028-02-29T00:00:00.000Z");
  });

  it("refuses malformed expressions", () => {
    for (const bad of ["", "* * * *", "60 * * * *", "* 24 * * *", "* * 0 * *", "*/0 * * * *", "a * * * *"]) {
      expect(() => parseCron(bad), bad).toThrow();
    }
  });

  it("puts the product's schedules in words", () => {
    expect(describeSchedule("0 * * * *")).toBe("Every hour, on the hour");
    expect(describeSchedule("0 8 * * 1")).toBe("Every Monday at 08:00 UTC");
    expect(describeSchedule("0 7 * * *")).toBe("Every day at 07:00 UTC");
    expect(describeSchedule("*/5 * * * *")).toBe("*/5 * * * * (cron, UTC)");
  });
});
