import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupStripe } from "../../scripts/stripe-setup.js";
import { type StripePeer, startStripePeer, stripeClientFor } from "../peers/stripe-api.js";

describe("npm run stripe:setup", () => {
  let peer: StripePeer;
  beforeAll(async () => {
    peer = await startStripePeer();
  });
  afterAll(async () => peer?.close());

  it("creates the product and both prices once, then finds them again", async () => {
    const stripe = stripeClientFor(peer);
    const first = await setupStripe(stripe);
    expect(first.created).toHaveLength(3);
    const monthly = await stripe.prices.retrieve(first.monthly);
    expect(monthly).toMatchObject({ unit_amount: 999, currency: "usd", recurring: { interval: "month" } });
    const lifetime = await stripe.prices.retrieve(first.lifetime);
    expect(lifetime).toMatchObject({ unit_amount: 14900, recurring: null });
    const second = await setupStripe(stripe);
    expect(second).toMatchObject({ monthly: first.monthly, lifetime: first.lifetime, created: [] });
  });
});
