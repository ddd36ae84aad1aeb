import { describe, expect, it } from "vitest";
import { reminderDate } from "../mail/templates/pipeline-reminder.js";
import { firstLine, utcDay } from "./pipeline-reminders.js";

describe("what a pipeline reminder quotes", () => {
  it("takes the note's first non-blank line, trimmed and shortened to 140 characters", () => {
    expect(firstLine("")).toBe("");
    expect(firstLine("Call Maria\nabout the deck")).toBe("Call Maria");
    expect(firstLine("\r\n   \r\n  Follow up on Monday  \r\nmore")).toBe("Follow up on Monday");
    const long = "é".repeat(200);
    expect([...firstLine(long)]).toHaveLength(140);
    expect(firstLine(long).endsWith("…")).toBe(true);
    // An emoji is one character, as the note's own limit counts it.
    expect([...firstLine("🚀".repeat(140))]).toHaveLength(140);
  });

  it("reads days in UTC, whatever the server's zone", () => {
    expect(utcDay(new Date("2026-03-10T23:59:59Z"))).toBe("2026-03-10");
    expect(utcDay(new Date("2026-03-11T00:00:00+02:00"))).toBe("2026-03-10");
    expect(reminderDate("2026-03-07")).toBe("Sat 7 Mar 2026");
    expect(reminderDate("2026-11-27")).toBe("Fri 27 Nov 2026");
  });
});
