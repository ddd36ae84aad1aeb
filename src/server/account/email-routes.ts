import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  emailPreferencesSchema,
  emailPreferencesUpdateSchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
} from "../../shared/schemas/email-preferences.js";
import { requireUser } from "../http/guards.js";
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
 * One-click unsubscribe (RFC 8058): the List-Unsubscribe header's https URL receives this POST,
 * with the signed token in its query and `List-Unsubscribe=One-Click` as the form body. No
 * sign-in: the token is the authority, for one kind of e-mail of one account, once. A GET never
 * unsubscribes (mail scanners prefetch links): the /unsubscribe page asks first.
 */
export const unsubscribeRoutes =
  (preferences: EmailPreferencesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.post(
      "/email/unsubscribe",
      {
        schema: {
          querystring: unsubscribeQuerySchema,
          body: oneClickBodySchema,
          response: { 200: unsubscribeResponseSchema },
          description:
            "One-click unsubscribe (RFC 8058), form body List-Unsubscribe=One-Click. 400 for a forged, altered, expired or already used token.",
        },
      },
      async (request) => preferences.unsubscribe(request.query.token),
    );
  };
