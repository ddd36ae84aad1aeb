import { describe, expect, it } from "vitest";
import { pollDecision, STATUS_POLL_ATTEMPTS, STATUS_POLL_INTERVAL_MS } from "./status-polling.js";

describe("polling the status after a payment", () => {
  it("asks 15 times, a second apart", () => {
    expect(STATUS_POLL_ATTEMPTS).toBe(15);
    expect(STATUS_POLL_INTERVAL_MS).toBe(1000);
  });

  it("stops as soon as the status is active or trialing", () => {
    expect(pollDecision(1, { ok: true, subscriptionStatus: "active" })).toBe("done");
    expect(pollDecision(7, { ok: true, subscriptionStatus: "trialing" })).toBe("done");
    expect(pollDecision(15, { ok: true, subscriptionStatus: "active" })).toBe("done");
  });

  it("goes on while attempts are left, also after a failed one", () => {
    expect(pollDecision(1, { ok: true, subscriptionStatus: null })).toBe("continue");
    expect(pollDecision(5, { ok: true, subscriptionStatus: "past_due" })).toBe("continue");
    expect(pollDecision(14, { ok: false })).toBe("continue");
  });

  it("reloads the page when the attempts run out or the last one fails", () => {
    expect(pollDecision(15, { ok: true, subscriptionStatus: "none" })).toBe("reload");
    expect(pollDecision(15, { ok: false })).toBe("reload");
    expect(pollDecision(3, { ok: false }, 3)).toBe("reload");
  });
});
