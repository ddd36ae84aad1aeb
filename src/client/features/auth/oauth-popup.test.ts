import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchPopup } from "./oauth-popup.js";

const ORIGIN = "https://fundmatch.example";

function setup() {
  const target = new EventTarget();
  const popup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true;
    }),
  };
  const post = (data: unknown, origin = ORIGIN) => target.dispatchEvent(new MessageEvent("message", { data, origin }));
  const watch = watchPopup(popup, {
    target: target as unknown as Window,
    origin: ORIGIN,
    pollMs: 1000,
    timeoutMs: 300_000,
  });
  return { popup, post, watch };
}

describe("watching the sign-in popup", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("takes the token the popup posts from the app's origin", async () => {
    const { post, watch } = setup();
    post({ type: "OAUTH_TOKEN_SUCCESS", token: "t0k" });
    await expect(watch.outcome).resolves.toEqual({ kind: "token", token: "t0k" });
  });

  it("ignores messages from other origins and other shapes", async () => {
    const { post, watch, popup } = setup();
    post({ type: "OAUTH_TOKEN_SUCCESS", token: "evil" }, "https://evil.example");
    post({ hello: "world" });
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(3000);
    await expect(watch.outcome).resolves.toEqual({ kind: "closed" });
  });

  it("still takes a message that arrives just after the popup closed itself", async () => {
    const { post, watch, popup } = setup();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    post({ type: "OAUTH_TOKEN_SUCCESS", token: "late" });
    await expect(watch.outcome).resolves.toEqual({ kind: "token", token: "late" });
  });

  it("gives up after five minutes and closes the popup", async () => {
    const { watch, popup } = setup();
    await vi.advanceTimersByTimeAsync(300_000);
    await expect(watch.outcome).resolves.toEqual({ kind: "timeout" });
    expect(popup.close).toHaveBeenCalled();
  });
});
