/**
 * npm run stripe:setup: creates FundMatch's product and its two prices in the Stripe account of
 * STRIPE_SECRET_KEY (test or live), and with --webhook-url=<https://…/_api/stripe/webhook> the
 * webhook endpoint, then prints the variables to set. Safe to run again: prices are found by their
 * lookup keys and reused.
 */
import { pathToFileURL } from "node:url";
import Stripe from "stripe";
import { PLANS } from "../src/shared/plans.js";

export const LOOKUP_KEYS = { monthly: "fundmatch_premium_monthly", lifetime: "fundmatch_lifetime" } as const;

export const WEBHOOK_EVENTS: Stripe.WebhookEndpointCreateParams.EnabledEvent[] = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
];

export type SetupResult = { monthly: string; lifetime: string; webhookSecret?: string; created: string[] };

export async function setupStripe(stripe: Stripe, webhookUrl?: string): Promise<SetupResult> {
  const created: string[] = [];
  const existing = await stripe.prices.list({ lookup_keys: Object.values(LOOKUP_KEYS), active: true });
  const byKey = new Map(existing.data.map((price) => [price.lookup_key, price.id]));
  let productId = existing.data[0] ? idOf(existing.data[0].product) : undefined;
  if (!productId) {
    const product = await stripe.products.create({
      name: "FundMatch Premium",
      description: "Every matching venture capital fund, contact details and saved favourites.",
    });
    productId = product.id;
    created.push(`product ${product.id}`);
  }
  const price = async (plan: "monthly" | "lifetime") => {
    const found = byKey.get(LOOKUP_KEYS[plan]);
    if (found) return found;
    const made = await stripe.prices.create({
      product: productId,
      currency: "usd",
      unit_amount: Math.round(PLANS[plan].priceUsd * 100),
      lookup_key: LOOKUP_KEYS[plan],
      nickname: plan === "monthly" ? "Premium, monthly" : "Lifetime, one-time",
      ...(plan === "monthly" && { recurring: { interval: "month" as const } }),
    });
    created.push(`price ${made.id} (${plan})`);
    return made.id;
  };
  const result: SetupResult = { monthly: await price("monthly"), lifetime: await price("lifetime"), created };
  if (webhookUrl) {
    const endpoint = await stripe.webhookEndpoints.create({ url: webhookUrl, enabled_events: WEBHOOK_EVENTS });
    result.webhookSecret = endpoint.secret;
    created.push(`webhook endpoint ${endpoint.id}`);
  }
  return result;
}

const idOf = (value: string | { id: string }) => (typeof value === "string" ? value : value.id);

async function main() {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key?.startsWith("sk_") && !key?.startsWith("rk_")) {
    console.error("Set STRIPE_SECRET_KEY (sk_test_… or sk_live_…) to the account to set up.");
    process.exit(1);
  }
  const webhookUrl = process.argv.find((arg) => arg.startsWith("--webhook-url="))?.slice("--webhook-url=".length);
  const base = process.env.STRIPE_API_BASE_URL ? new URL(process.env.STRIPE_API_BASE_URL) : undefined;
  const stripe = new Stripe(key, {
    ...(base && { host: base.hostname, port: base.port, protocol: base.protocol === "https:" ? "https" : "http" }),
  });
  const result = await setupStripe(stripe, webhookUrl);
  for (const line of result.created) console.error(`created ${line}`);
  console.log(`STRIPE_PRICE_MONTHLY=${result.monthly}`);
  console.log(`STRIPE_PRICE_LIFETIME=${result.lifetime}`);
  if (result.webhookSecret) console.log(`STRIPE_WEBHOOK_SECRET=${result.webhookSecret}`);
  else console.error("No --webhook-url given: create the endpoint (events above) and set STRIPE_WEBHOOK_SECRET.");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
