import type { FastifyHelmetOptions } from "@fastify/helmet";
import type { Config } from "../config.js";

/**
 * Where the tag-manager script comes from and what the CSP must allow for it. Nothing is allowed
 * when GTM_ID is unset; the client loads the script only after analytics consent.
 */
export function tagManager(config: Config): {
  scriptUrl: string | null;
  scriptOrigins: string[];
  connectOrigins: string[];
} {
  if (!config.GTM_ID) return { scriptUrl: null, scriptOrigins: [], connectOrigins: [] };
  const base = new URL(config.GTM_SCRIPT_URL ?? "https://www.googletagmanager.com/gtm.js");
  base.searchParams.set("id", config.GTM_ID);
  const google = ["https://*.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"];
  return {
    scriptUrl: base.toString(),
    scriptOrigins: [base.origin, "https://*.googletagmanager.com"],
    connectOrigins: [base.origin, ...google],
  };
}

const VIDEO_FRAME_ORIGINS = ["https://www.youtube.com", "https://www.youtube-nocookie.com", "https://player.vimeo.com"];

/**
 * Helmet's options: a strict CSP that opens only to the third parties this configuration uses
 * (the tag manager once configured, Stripe's browser script with a publishable key).
 */
export function securityHeaders(config: Config): FastifyHelmetOptions {
  const gtm = tagManager(config);
  const stripeJs = config.PAYMENTS_MODE === "stripe" && config.STRIPE_PUBLISHABLE_KEY;
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...gtm.scriptOrigins, ...(stripeJs ? ["https://js.stripe.com"] : [])],
        // Blog posts may embed the two video players the editor offers (the sanitiser allows no other frame).
        frameSrc: [
          "'self'",
          ...VIDEO_FRAME_ORIGINS,
          ...(stripeJs ? ["https://js.stripe.com", "https://hooks.stripe.com"] : []),
        ],
        // Radix positions popovers with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        connectSrc: ["'self'", ...gtm.connectOrigins, ...(stripeJs ? ["https://api.stripe.com"] : [])],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.PUBLIC_ORIGIN?.startsWith("https:") ? [] : null,
      },
    },
    // The OAuth and checkout popups post back to their opener.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  };
}
