import { createRequire } from "node:module";
import type { FastifyHelmetOptions } from "@fastify/helmet";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Config } from "../config.js";
import { API_PREFIX } from "./route-inventory.js";

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

/**
 * What a JSON answer of the API carries (OWASP's REST Security Cheat Sheet): nothing may run or frame
 * it, it is read only by our own origin, and no browser sniffs it into something else. The
 * document's dozen headers (a CSP for scripts and styles, frame and popup policies, DNS prefetch…)
 * govern what a page may do and mean nothing on JSON, yet each costs its validation and its bytes on
 * every call: a ping's answer was 995 bytes, 11 of them the body. HSTS is the document's own value.
 */
export function apiSecurityHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "cross-origin-resource-policy": "same-origin",
    "x-content-type-options": "nosniff",
  };
  const hsts = documentHeaders["strict-transport-security"];
  if (hsts) headers["strict-transport-security"] = hsts;
  return headers;
}

/** Whether a request's path is the API's, as spelled: `/_api`, `/_api/…` or `/_api?…`. */
export function isApiPath(url: string): boolean {
  return (
    url.startsWith(API_PREFIX) &&
    (url.length === API_PREFIX.length || url[API_PREFIX.length] === "/" || url[API_PREFIX.length] === "?")
  );
}

export type SecurityHeaderSets = { document: Record<string, string>; api: Record<string, string> };

/**
 * Sets the security headers on every answer, as `app.register(helmet, securityHeaders(config))` did
 * for pages, and the API's shorter set for calls under /_api. A path spelled otherwise that still
 * reaches the API (%5f%61pi) gets the document's set, which covers the API's. The API's few HTML
 * answers (popups, the demo providers' pages, the API reference) get the document's set when they
 * are sent (`documentHeadersForHtml`, in the API scope's onSend hook).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): SecurityHeaderSets {
  const document = staticSecurityHeaders(securityHeaders(config));
  const api = apiSecurityHeaders(document);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? api : document);
    done();
  });
  return { document, api };
}

/**
 * For an HTML answer of the API scope: the document's headers, except where the route set its own
 * (the popups' nonce CSP and opener policy), i.e. wherever the value is not the API set's.
 */
export function documentHeadersForHtml(reply: FastifyReply, sets: SecurityHeaderSets): void {
  for (const [name, value] of Object.entries(sets.document)) {
    const current = reply.getHeader(name);
    if (current === undefined || current === sets.api[name]) reply.header(name, value);
  }
}
