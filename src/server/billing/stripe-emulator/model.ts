import { randomBytes } from "node:crypto";
import type Stripe from "stripe";

/**
 * The emulator's model: the shapes of the Stripe objects it keeps, its store, its errors, and the
 * builders and helpers that make and render those objects the way Stripe's API does.
 */

export type StripeObject = { id: string; object: string } & Record<string, unknown>;

export interface EmulatorStore {
  get(id: string): Promise<StripeObject | undefined>;
  /** Insert or replace; the `type` column, where there is one, is `object.object`. */
  put(object: StripeObject): Promise<void>;
  /** Every object whose `object` field equals `type`, oldest first. */
  list(type: string): Promise<StripeObject[]>;
}

export type EmulatorOptions = {
  store: EmulatorStore;
  /** Unix seconds; default Math.floor(Date.now() / 1000). */
  now?: () => number;
  /** Awaited for each event in emission order, after the change is stored and before the call returns. */
  onEvent?: (event: Stripe.Event) => void | Promise<void>;
  /** A failing onEvent does not fail the API call (a webhook failing does not undo a payment); default console.error. */
  onEventError?: (error: unknown, event: Stripe.Event) => void;
  checkoutPageUrl?: (session: { id: string; success_url: string }) => string;
  portalPageUrl?: (portal: { id: string; return_url: string }) => string;
};

export const EMULATOR_API_VERSION = "2026-10-28.endive";
export const DEMO_PRODUCT_ID = "prod_demo_premium";
export const DEMO_PRICE_MONTHLY = "price_demo_monthly";
export const DEMO_PRICE_LIFETIME = "price_demo_lifetime";

/** A Stripe-shaped API error; the public actions throw it too (status 400 for a wrong state, 404 for an unknown id). */
export class StripeEmulatorError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
    readonly type = "invalid_request_error",
  ) {
    super(message);
    this.name = "StripeEmulatorError";
  }
}

export type Params = Record<string, unknown>;
export type Metadata = Record<string, string>;
export type Interval = "day" | "week" | "month" | "year";
export type Price = StripeObject & {
  active: boolean;
  currency: string;
  unit_amount: number;
  product: string;
  lookup_key: string | null;
  type: "one_time" | "recurring";
  recurring: ({ interval: Interval; interval_count: number } & Record<string, unknown>) | null;
};
export type LineItem = {
  id: string;
  object: "item";
  price: Price;
  quantity: number;
  amount_total: number;
  currency: string;
};
export type Session = StripeObject & {
  status: "open" | "complete" | "expired";
  payment_status: string;
  mode: "payment" | "subscription";
  customer: string | null;
  customer_email: string | null;
  amount_total: number;
  currency: string;
  url: string | null;
  subscription: string | null;
  payment_intent: string | null;
  line_items: { object: "list"; data: LineItem[]; has_more: false; url: string };
  // Not part of Stripe's session object; kept for completion and stripped from every response.
  _subscription_metadata: Metadata;
  _payment_intent_metadata: Metadata;
};
export type SubscriptionItem = {
  id: string;
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
} & Record<string, unknown>;
export type Subscription = StripeObject & {
  status: string;
  customer: string;
  currency: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  billing_cycle_anchor: number;
  pause_collection: { behavior: string; resumes_at: number | null } | null;
  metadata: Metadata;
  latest_invoice: string | null;
  items: { object: "list"; data: SubscriptionItem[]; has_more: false; total_count: number; url: string };
};
export type ListObject = { object: "list"; data: StripeObject[]; has_more: boolean; url: string };
export type Route = [
  method: string,
  path: RegExp,
  handler: (params: Params, id: string) => Promise<StripeObject | ListObject>,
];

export const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const DAY = 86_400;

export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let suffix = "";
  for (const byte of bytes) suffix += ID_ALPHABET[byte % ID_ALPHABET.length];
  return `${prefix}${suffix}`;
}

/** Stripe anchors billing periods on a day of the month and clamps it to shorter months (Jan 31 → Feb 28 → Mar 31). */
export function addInterval(anchor: number, interval: Interval, count: number): number {
  if (interval === "day" || interval === "week") return anchor + count * (interval === "day" ? DAY : 7 * DAY);
  const months = interval === "year" ? 12 * count : count;
  const start = new Date(anchor * 1000);
  const target = new Date(start);
  target.setUTCDate(1);
  target.setUTCMonth(start.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

export type Emit = (type: string, object: StripeObject, previous?: Record<string, unknown>) => void;

export function base(id: string, object: string, created: number) {
  return { id, object, created, livemode: false };
}

export function product(
  id: string,
  created: number,
  fields: { name: string; description?: string | null; metadata?: Metadata },
) {
  return {
    ...base(id, "product", created),
    active: true,
    default_price: null,
    description: fields.description ?? null,
    images: [],
    metadata: fields.metadata ?? {},
    name: fields.name,
    updated: created,
  };
}

export function price(
  id: string,
  created: number,
  fields: Pick<Price, "product" | "currency" | "unit_amount" | "recurring"> & {
    nickname?: string | null;
    lookup_key?: string | null;
    metadata?: Metadata;
  },
): Price {
  return {
    ...base(id, "price", created),
    active: true,
    billing_scheme: "per_unit",
    currency: fields.currency,
    lookup_key: fields.lookup_key ?? null,
    metadata: fields.metadata ?? {},
    nickname: fields.nickname ?? null,
    product: fields.product,
    recurring: fields.recurring && {
      ...fields.recurring,
      meter: null,
      trial_period_days: null,
      usage_type: "licensed",
    },
    tax_behavior: "unspecified",
    type: fields.recurring ? "recurring" : "one_time",
    unit_amount: fields.unit_amount,
    unit_amount_decimal: String(fields.unit_amount),
  };
}

export function strip(object: StripeObject, keepLineItems = false): StripeObject {
  const copy = structuredClone(object);
  for (const key of Object.keys(copy)) {
    if (key.startsWith("_") || (key === "line_items" && !keepLineItems)) delete copy[key];
  }
  return copy;
}

/** previous_attributes: the old value of every top-level field that changed. */
export function changedAttributes(before: StripeObject, after: StripeObject): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = before[key] ?? null;
  }
  return changed;
}

export function pauseInvoiceStatus(behavior: string | undefined): "void" | "draft" | "uncollectible" | undefined {
  return behavior === "void"
    ? "void"
    : behavior === "keep_as_draft"
      ? "draft"
      : behavior === "mark_uncollectible"
        ? "uncollectible"
        : undefined;
}

export function defaultCheckoutPageUrl(session: { id: string; success_url: string }): string {
  return `${new URL(session.success_url).origin}/_api/billing/demo/checkout/${session.id}`;
}

export function defaultPortalPageUrl(portal: { id: string; return_url: string }): string {
  return `${new URL(portal.return_url).origin}/_api/billing/demo/portal/${portal.id}`;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "content-type": "application/json",
      "request-id": stripeId("req_", 14),
      "stripe-version": EMULATOR_API_VERSION,
    },
  });
}
