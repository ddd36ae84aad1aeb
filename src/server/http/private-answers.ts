import type { FastifyReply, FastifyRequest, onSendHookHandler } from "fastify";

/** What an answer that depends on the viewer's session says to caches. */
export const PRIVATE_ANSWER = "private, no-store";

/**
 * onSend hook of the API scope: every answer to a request that carried a session cookie, or that
 * sets a cookie, is `Cache-Control: private, no-store`, so no shared cache (a proxy, a CDN) keeps
 * one person's data for the next, and the browser does not write it to disk either (the app keeps
 * what it needs in memory). One rule for the whole scope, so a new route cannot forget it; a route
 * that sets its own Cache-Control keeps it (the export's no-store, the API reference's private).
 * A visitor's answer (no cookie) is the same for every visitor and keeps what it has.
 */
export function privateAnswers(sessionCookie: string): onSendHookHandler {
  return function markPrivate(request: FastifyRequest, reply: FastifyReply, payload, done) {
    if (
      (request.cookies[sessionCookie] !== undefined || reply.hasHeader("set-cookie")) &&
      !reply.hasHeader("cache-control")
    ) {
      reply.header("cache-control", PRIVATE_ANSWER);
    }
    done(null, payload);
  };
}
