import Stripe from "stripe";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { StripeEmulator } from "./stripe-emulator/emulator.js";
import { DbStore } from "./stripe-emulator/repository.js";

/**
 * How the app reaches its payment provider. Both modes use the same Stripe SDK and the same billing
 * service; demo mode only swaps the SDK's HTTP client for the built-in emulator, so a demo payment
 * goes through exactly the code a real one does (docs/decisions/0009).
 */
export type BillingGateway = {
  mode: "stripe" | "demo";
  stripe: Stripe;
  prices: { monthly: string; lifetime: string };
  /** Verifies webhook signatures; demo mode delivers its events in-process instead. */
  webhookSecret: string | null;
  /** Demo mode only: the hosted checkout and portal pages act on it. */
  emulator: StripeEmulator | null;
};

export type EventSink = (event: Stripe.Event) => Promise<void>;

export async function createGateway(config: Config, db: Db, onEvent: EventSink): Promise<BillingGateway> {
  if (config.PAYMENTS_MODE === "demo") {
    const emulator = new StripeEmulator({ store: new DbStore(db), onEvent });
    const prices = await emulator.ensureDemoPrices();
    const stripe = new Stripe("sk_test_demo", {
      httpClient: Stripe.createFetchHttpClient((input, init) => emulator.fetch(new Request(input, init))),
      maxNetworkRetries: 0,
    });
    return { mode: "demo", stripe, prices, webhookSecret: null, emulator };
  }
  // loadConfig refuses stripe mode without these.
  const secretKey = config.STRIPE_SECRET_KEY as string;
  const base = config.STRIPE_API_BASE_URL ? new URL(config.STRIPE_API_BASE_URL) : undefined;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "FundMatch" },
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === "https:" ? 443 : 80),
      protocol: base.protocol === "https:" ? "https" : "http",
    }),
  });
  return {
    mode: "stripe",
    stripe,
    prices: { monthly: config.STRIPE_PRICE_MONTHLY as string, lifetime: config.STRIPE_PRICE_LIFETIME as string },
    webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
    emulator: null,
  };
}
