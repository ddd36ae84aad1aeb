import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for state-changing API calls, on top of the SameSite=Lax
 * session cookie: a browser always sends Origin on a cross-origin POST, so a request whose Origin
 * is neither the public origin nor the host it was sent to is refused. Clients without an Origin
 * header (curl, server-to-server) carry no browser cookies by accident and pass.
 */
export function isCrossSiteRequest(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers["sec-fetch-site"] === "cross-site";
  // Chromium sends "Origin: null" on form posts from a page under a no-referrer policy (the demo
  // checkout's Pay button); Sec-Fetch-Site is set by the browser alone and says where it came from.
  if (origin === "null") return request.headers["sec-fetch-site"] !== "same-origin";
  const own = `${request.protocol}://${request.host}`;
  return origin !== own && origin !== publicOrigin;
}

/**
 * onRequest hook of the API scope: refuses a cross-site state-changing call before anything else
 * reads it. On the scope rather than on the raw URL, so every spelling of an API path is covered.
 */
export function crossSiteHook(publicOrigin: string | undefined) {
  // Callback style: every API request passes here, and an async hook costs a promise and a microtask.
  return function rejectCrossSite(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    // Sent as is, without the route's error wording: the call was never considered.
    if (isCrossSiteRequest(request, publicOrigin)) {
      reply.status(403).send({ error: CROSS_SITE_REFUSED });
      return;
    }
    done();
  };
}

export const CROSS_SITE_REFUSED = "Cross-site request refused.";
