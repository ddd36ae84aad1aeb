import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { centredPopupFeatures, parseCheckoutMessage, watchCheckoutPopup } from "./checkout-popup.js";

const ORIGIN = "https://fundmatch.example";

describe("the checkout popup's size and place", () => {
  it("is 500x800, centred on the screen", () => {
    expect(centredPopupFeatures({ availWidth: 1920, availHeight: 1080 })).toBe(
      "popup=yes,width=500,height=800,left=710,top=140",
    );
    expect(centredPopupFeatures({ availWidth: 1920, availHeight: 1080, availLeft: 1920, availTop: 0 })).toContain(
      "left=2630",
    );
  });

  it("never starts off screen", () => {
    expect(centredPopupFeatures({ availWidth: 400, availHeight: 600 })).toBe(
      "popup=yes,width=500,height=800,left=0,top=0",
    );
  });
});

describe("reading the popup's messages", () => {
  it("takes the plain success string", () => {
    expect(parseCheckoutMessage("stripe-checkout-success")).toEqual({ kind: "success", guest: false, email: null });
  });

  it("takes CHECKOUT_SUCCESS, with a guest's e-mail when there is one", () => {
    expect(parseCheckoutMessage({ type: "CHECKOUT_SUCCESS" })).toEqual({ kind: "success", guest: false, email: null });
    expect(parseCheckoutMessage({ type: "CHECKOUT_SUCCESS", guest: true, email: "founder@startup.io" })).toEqual({
      kind: "success",
      guest: true,
      email: "founder@startup.io",
    });
    expect(parseCheckoutMessage({ type: "CHECKOUT_SUCCESS", guest: "yes", email: 42 })).toEqual({
      kind: "success",
      guest: false,
      email: null,
    });
  });

  it("takes the checkout's Cancel", () => {
    expect(parseCheckoutMessage({ type: "stripe-checkout-cancelled" })).toEqual({ kind: "cancelled" });
  });

  it("takes the error with its message, or none", () => {
    expect(parseCheckoutMessage({ type: "stripe-checkout-error", message: "Card declined" })).toEqual({
      kind: "error",
      message: "Card declined",
    });
    expect(parseCheckoutMessage({ type: "stripe-checkout-error" })).toEqual({ kind: "error", message: null });
    expect(parseCheckoutMessage({ type: "stripe-checkout-error", message: "  " })).toEqual({
      kind: "error",
      message: null,
    });
  });

  it("ignores anything else", () => {
    for (const data of [null, undefined, 1, "hello", "CHECKOUT_SUCCESS", {}, { type: "OAUTH_TOKEN_SUCCESS" }, []]) {
      expect(parseCheckoutMessage(data)).toBeNull();
    }
  });
});

function setup() {
  const target = new EventTarget();
  const popup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true;
    }),
  };
  const post = (data: unknown, origin = ORIGIN) => target.dispatchEvent(new MessageEvent("message", { data, origin }));
  const watch = watchCheckoutPopup(popup, { target: target as unknown as Window, origin: ORIGIN, pollMs: 1000 });
  return { popup, post, watch, target };
}

describe("watching the checkout popup", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reports a success from the app's origin and closes the popup if it is still open", async () => {
    const { post, watch, popup } = setup();
    post({ type: "CHECKOUT_SUCCESS", guest: true, email: "a@b.co" });
    await expect(watch.outcome).resolves.toEqual({ kind: "success", guest: true, email: "a@b.co" });
    expect(popup.close).toHaveBeenCalled();
  });

  it("reports an error message", async () => {
    const { post, watch } = setup();
    post({ type: "stripe-checkout-error", message: "Card declined" });
    await expect(watch.outcome).resolves.toEqual({ kind: "error", message: "Card declined" });
  });

  it("ignores other origins and shapes, and counts a closed popup as cancelled", async () => {
    const { post, watch, popup } = setup();
    post("stripe-checkout-success", "https://evil.example");
    post({ type: "CHECKOUT_SUCCESS" }, "null");
    post({ hello: "world" });
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(3000);
    await expect(watch.outcome).resolves.toEqual({ kind: "closed" });
    expect(popup.close).not.toHaveBeenCalled();
  });

  it("still takes a message that trails the popup's closing", async () => {
    const { post, watch, popup } = setup();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    post("stripe-checkout-success");
    await expect(watch.outcome).resolves.toEqual({ kind: "success", guest: false, email: null });
  });

  it("stops listening when cancelled", async () => {
    const { watch, target } = setup();
    const remove = vi.spyOn(target, "removeEventListener");
    watch.cancel();
    expect(remove).toHaveBeenCalledWith("message", expect.any(Function));
    expect(vi.getTimerCount()).toBe(0);
  });
});
