import type { FastifyReply, FastifyRequest, onSendHookHandler } from "fastify";
import { documentHeadersForHtml, type SecurityHeaderSets } from "./security-headers.js";

/** What an answer that depends on the viewer's session says to caches. */
export const PRIVATE_ANSWER = "private, no-store";

/**
 * onSend hook of the API scope, the one every API answer passes through:
 * - every answer to a request that carried a session cookie, or that sets a cookie, is
 *   `Cache-Control: private, no-store`, so no shared cache (a proxy, a CDN) keeps one person's data
 *   for the next, and the browser does not write it to disk either (the app keeps what it needs in
 *   memory). One rule for the whole scope, so a new route cannot forget it; a route that sets its
 *   own Cache-Control keeps it (the export's no-store, the API reference's private). A visitor's
 *   answer (no cookie) is the same for every visitor and keeps what it has.
 * - an HTML answer (a popup's page, a demo provider's page, the API reference) gets the document's
 *   security headers in place of the API's JSON set (security-headers.ts).
 */
export function apiAnswerHeaders(sessionCookie: string, securityHeaders: SecurityHeaderSets): onSendHookHandler {
  return function setApiAnswerHeaders(request: FastifyRequest, reply: FastifyReply, payload, done) {
    if (
      (request.cookies[sessionCookie] !== undefined || reply.hasHeader("set-cookie")) &&
      !reply.hasHeader("cache-control")
    ) {
      reply.header("cache-control", PRIVATE_ANSWER);
    }
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && type.startsWith("text/html")) documentHeadersForHtml(reply, securityHeaders);
    done(null, payload);
  };
}
