import type { onResponseHookHandler } from "fastify";
import { parseFundPath } from "../../../shared/fund-page.js";
import { SESSION_COOKIE } from "../../auth/session-cookie.js";
import { API_PREFIX } from "../../http/route-inventory.js";
import { type AudienceRecorder, audienceViewerOf } from "./recorder.js";

/**
 * Counts a visitor's server-rendered fund page (issue 24). A visitor's page is rendered once and
 * kept for every visitor (src/server/site/ssr.ts), and the browser replays its data instead of
 * asking the API again, so the API's own count never sees such a view: it is counted here, on the
 * page's answer (200 only), outside the page cache whatever that cache does. A request with a
 * session cookie is left to the API: its page's data call carries the cookie and is counted there,
 * as the signed-in founder. The same visitor reaching the API too (a page rendered in the browser)
 * is the same founder to the dedupe.
 */
export function fundPageViewHook(recorder: AudienceRecorder): onResponseHookHandler {
  // Callback style: every answer passes through it, and an async hook costs a promise per request.
  return (request, reply, done) => {
    if (request.method === "GET" && reply.statusCode === 200 && !request.url.startsWith(`${API_PREFIX}/`)) {
      if (!request.cookies[SESSION_COOKIE]) {
        const query = request.url.indexOf("?");
        const parsed = parseFundPath(query === -1 ? request.url : request.url.slice(0, query));
        if (parsed && parsed.id >= 1) recorder.record("pageView", audienceViewerOf(request), [parsed.id]);
      }
    }
    done();
  };
}
