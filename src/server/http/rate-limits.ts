import type { FastifyInstance, RouteOptions } from "fastify";

/**
 * The per-IP limits of the calls that are costly to serve or that an attacker would repeat: every
 * password check, registration, password-reset requests, the OpenID hand-over, starting a payment, the Excel export. They
 * apply whatever RATE_LIMIT_PER_MINUTE says (0 switches off only the general API limit), and
 * RATE_LIMIT_SENSITIVE_SCALE multiplies them all at once, for offices whose users share one address.
 * The README lists each one.
 */
export const ROUTE_LIMITS = {
  /** Log-in, set-password, and every account change that asks for the current password. */
  passwordCheck: { max: 20, timeWindow: "1 minute" },
  registration: { max: 10, timeWindow: "10 minutes" },
  /** "Forgot password?" requests: each may send an e-mail (and each address gets 3 an hour at most). */
  passwordReset: { max: 10, timeWindow: "10 minutes" },
  /** E-mailing a one-time confirmation code to an account without a password (also 5 per account an hour). */
  confirmationCode: { max: 5, timeWindow: "10 minutes" },
  /** Redeeming the single-use token of an OpenID sign-in. */
  establishSession: { max: 20, timeWindow: "1 minute" },
  /** Checkout, portal and upgrade sessions, and the checkout popup's callback: a Stripe call each. */
  startPayment: { max: 20, timeWindow: "1 minute" },
  /** A fund import: parsing and writing up to 200,000 rows. */
  import: { max: 10, timeWindow: "1 minute" },
  /** An AI blog draft: up to ten pages fetched and one LLM call. */
  aiWriter: { max: 10, timeWindow: "1 minute" },
  /** 'Report outdated info' from a fund page: a person sends a few, a script would send many. */
  fundReport: { max: 10, timeWindow: "10 minutes" },
  /** "Claim this profile": each may e-mail a link (the service also limits per account and per fund). */
  fundClaim: { max: 10, timeWindow: "10 minutes" },
  /** Following a claim's e-mailed link: a guess at a token is one request. */
  fundClaimVerify: { max: 20, timeWindow: "1 minute" },
  /** A pitch with its deck (up to 20 MB, opened with pdf.js); the service also limits per account. */
  pitch: { max: 10, timeWindow: "10 minutes" },
  /** A workbook of every fund: the heaviest call in the API. */
  export: { max: 10, timeWindow: "1 minute" },
  /** Stripe's deliveries, from Stripe's few addresses: generous, but not unlimited. */
  webhook: { max: 600, timeWindow: "1 minute" },
} as const;

/**
 * Applies the operator's scale to every route's own limit as the route is added. Registered on the
 * API scope before the rate-limit plugin, so the plugin sees the scaled numbers.
 */
export function scaleRouteLimits(api: FastifyInstance, scale: number): void {
  if (scale === 1) return;
  api.addHook("onRoute", (route: RouteOptions) => {
    const limit = route.config?.rateLimit;
    if (!limit || typeof limit !== "object" || typeof limit.max !== "number") return;
    route.config = { ...route.config, rateLimit: { ...limit, max: Math.max(1, Math.round(limit.max * scale)) } };
  });
}
