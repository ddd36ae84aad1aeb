import { createRequire } from "node:module";
import type { FastifyHelmetOptions } from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
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

type HelmetMiddleware = (
  req: unknown,
  res: { setHeader(name: string, value: string): void; removeHeader(name: string): void },
  next: (error?: unknown) => void,
) => void;

/**
 * Helmet as @fastify/helmet uses it: resolved from that package, so the headers are the ones the
 * plugin would send, with the version it was tested against.
 */
function loadHelmet(): (options: FastifyHelmetOptions) => HelmetMiddleware {
  const fromPlugin = createRequire(createRequire(import.meta.url).resolve("@fastify/helmet"));
  return fromPlugin("helmet") as (options: FastifyHelmetOptions) => HelmetMiddleware;
}

/**
 * The security headers worked out once. @fastify/helmet calls `helmet(options)` again for every
 * request, which rebuilds every middleware and parses the CSP each time: about 20 µs of a ping's
 * 45 µs of CPU. None of our options depends on the request (no nonces, no function directives), so
 * helmet runs once here against a recording response and its headers are copied onto each reply.
 * Names are lower-cased as Fastify keeps them; a route that sets one of them itself (the popups'
 * CSP and opener policy) still overrides it, as with the plugin.
 */
export function staticSecurityHeaders(options: FastifyHelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    // X-Powered-By: Node's http server never sets it, so there is nothing to remove.
    removeHeader() {},
  };
  let failure: unknown;
  loadHelmet()(options)({}, recorder, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** Sets the security headers on every answer, as `app.register(helmet, securityHeaders(config))` did. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = staticSecurityHeaders(securityHeaders(config));
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
