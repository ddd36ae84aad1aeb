import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { UNSUBSCRIBE_RESULT_KEY, unsubscribeResultCode } from "../../shared/email-texts.js";
import {
  emailPreferencesSchema,
  emailPreferencesUpdateSchema,
  unsubscribeLinkQuerySchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
} from "../../shared/schemas/email-preferences.js";
import { crossSiteHook } from "../http/csrf.js";
import { requireUser } from "../http/guards.js";
import { redirect } from "../http/responses.js";
import { API_PREFIX } from "../http/route-inventory.js";
import type { EmailPreferencesService } from "./email-preferences.js";

/** The signed-in account's switches for the optional e-mails: only ever its own. */
export const emailPreferencesRoutes =
  (preferences: EmailPreferencesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("onRequest", requireUser);

    app.get("/user/email-preferences", { schema: { response: { 200: emailPreferencesSchema } } }, async (request) =>
      preferences.get(requireUser.user(request).id),
    );

    app.put(
      "/user/email-preferences",
      { schema: { body: emailPreferencesUpdateSchema, response: { 200: emailPreferencesSchema } } },
      async (request) => preferences.update(requireUser.user(request).id, request.body),
    );
  };

/** RFC 8058's body, sent by mail clients and by the /unsubscribe page's button. */
const oneClickBodySchema = z.object(
  {
    "List-Unsubscribe": z.literal("One-Click", { error: "Send List-Unsubscribe=One-Click (RFC 8058)." }),
  },
  { error: "Send List-Unsubscribe=One-Click (RFC 8058)." },
);

/**
 * A browser's own form post, from the /unsubscribe page before its script runs: it navigates, and
 * wants a page back, not JSON. Mail clients (RFC 8058) and the page's script do not navigate.
 */
function isNavigation(headers: Record<string, string | string[] | undefined>): boolean {
  const mode = headers["sec-fetch-mode"];
  if (mode !== undefined) return mode === "navigate";
  const accept = headers.accept;
  return typeof accept === "string" && accept.startsWith("text/html");
}

/** The page of e-mailed unsubscribe links, and where the one-click URL leads a browser. */
const UNSUBSCRIBE_PAGE = "/unsubscribe";

/**
 * One-click unsubscribe (RFC 8058): the List-Unsubscribe header's https URL receives this POST,
 * with the signed token in its query and `List-Unsubscribe=One-Click` as the form body. No
 * sign-in: the token is the authority, for one kind of e-mail of one account, once. A GET never
 * unsubscribes (mail scanners prefetch links; people open the header's address in a browser): it
 * leads to the /unsubscribe page, which asks first.
 */
export const unsubscribeRoutes =
  (preferences: EmailPreferencesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get(
      "/email/unsubscribe",
      {
        schema: {
          querystring: unsubscribeLinkQuerySchema,
          response: { 303: redirect("To the /unsubscribe page with the same token: it asks before anything changes.") },
          description:
            "The List-Unsubscribe URL opened in a browser (or fetched by a mail scanner): changes nothing, and leads to the page that asks first.",
        },
      },
      async (request, reply) => {
        const { token } = request.query;
        // The token travels on as it came, re-encoded; the page and its POST judge it.
        const query = token ? `?token=${encodeURIComponent(token)}` : "";
        return reply.header("cache-control", "no-store").redirect(`${UNSUBSCRIBE_PAGE}${query}`, 303);
      },
    );

    app.post(
      "/email/unsubscribe",
      {
        schema: {
          querystring: unsubscribeQuerySchema,
          body: oneClickBodySchema,
          response: {
            200: unsubscribeResponseSchema,
            303: redirect(
              "A browser's form post (the /unsubscribe page without JavaScript): to the page with the outcome in `result`.",
            ),
          },
          description:
            "One-click unsubscribe (RFC 8058), form body List-Unsubscribe=One-Click. 400 for a forged, altered, expired or already used token, or one whose account no longer exists.",
        },
      },
      async (request, reply) => {
        if (!isNavigation(request.headers)) return preferences.unsubscribeOrThrow(request.query.token);
        const outcome = await preferences.unsubscribe(request.query.token);
        return reply
          .header("cache-control", "no-store")
          .redirect(`${UNSUBSCRIBE_PAGE}?${UNSUBSCRIBE_RESULT_KEY}=${unsubscribeResultCode(outcome)}`, 303);
      },
    );
  };

/**
 * The /unsubscribe page's form has no action, so a browser without the page's script posts it to
 * the page's own address, token and all: it goes on to the one-click URL with a 307, which keeps
 * the method and the body. Nothing is read or decided here; the API route (its limits, its checks)
 * does it all.
 */
export const unsubscribeFormRoute =
  (publicOrigin: string | undefined): FastifyPluginAsyncZod =>
  async (app) => {
    // Refused from another site like every state-changing call, before anything else.
    app.addHook("onRequest", crossSiteHook(publicOrigin));
    // The browser sends the body again to the new address; this one is left unread.
    app.addContentTypeParser("*", (_request, payload, done) => {
      payload.resume();
      payload.on("end", () => done(null, undefined));
    });
    app.post(UNSUBSCRIBE_PAGE, async (request, reply) => {
      const query = request.url.indexOf("?");
      return reply.redirect(`${API_PREFIX}/email/unsubscribe${query === -1 ? "" : request.url.slice(query)}`, 307);
    });
  };
