import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import type { AuthService } from "./service.js";
import { viewerOf } from "./service.js";
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from "./session-cookie.js";

/**
 * onRequest hook of the API scope: who is asking, from the session cookie. A live session sets the
 * request's user and viewer (and renews the cookie when the session slid); a dead one clears the
 * cookie. Registered on the scope, so it runs for every route the router matched under the API
 * prefix, whatever spelling of the path the request used, and for the scope's 404s.
 */
export function sessionHook(auth: AuthService, publicOrigin: string | undefined) {
  // Callback style: a visitor's request (no cookie, most of them) goes on at once, without the
  // promise and microtask an async hook costs every request.
  return function resolveSession(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) {
      done();
      return;
    }
    auth.resolve(token).then((session) => {
      try {
        if (session) {
          request.user = session.user;
          request.viewer = viewerOf(session.user);
          if (session.renewed) setSessionCookie(request, reply, publicOrigin, token, session.expiresAt);
        } else {
          clearSessionCookie(request, reply, publicOrigin);
        }
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    }, done);
  };
}
