import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AuthFormError, loginHref, RETURN_KEY, SAVE_KEY, safeReturnPath } from "../../shared/auth-form-post.js";
import { loginRequestSchema, registerRequestSchema } from "../../shared/schemas/auth.js";
import { noControlCharacters } from "../../shared/schemas/fields.js";
import { DomainError } from "../errors.js";
import { ROUTE_LIMITS } from "../http/rate-limits.js";
import { redirect } from "../http/responses.js";
import { clientInfo } from "./client-info.js";
import { KNOWN_DEVICE_COOKIE, knownDeviceCookieOptions, type SaveFund } from "./routes.js";
import { type AuthService, viewerOf } from "./service.js";
import { setSessionCookie } from "./session-cookie.js";

/**
 * A form field as a browser posts it: text, bounded, and (but for the password) without control
 * characters, which no one types into a form: a crafted post is refused with a 400 as the JSON
 * routes refuse it. Everything else is judged by the JSON routes' schemas, and sent back to the page.
 */
const field = (name: string) =>
  z
    .string()
    .max(2000)
    .refine(...noControlCharacters(name))
    .optional();
const password = z.string().max(2000).optional();

const loginFormSchema = z.object({
  email: field("Email"),
  password,
  [RETURN_KEY]: field("Return address"),
  [SAVE_KEY]: field("Fund"),
});
const registerFormSchema = z.object({
  email: field("Email"),
  password,
  displayName: field("Name"),
  [RETURN_KEY]: field("Return address"),
  [SAVE_KEY]: field("Fund"),
});

/** The fund id a visitor's Save posted along, or undefined for anything that is not one. */
function fundIdOf(value: string | undefined): number | undefined {
  return value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : undefined;
}

const REDIRECT_303 = redirect(
  "Signed in: to the form's return address (a path on this site) or home. Refused: back to /login with an error code the page shows.",
);

/** The first field a registration's input was refused for, as the page's error code. */
function registerInputError(error: z.ZodError): AuthFormError {
  const field = error.issues[0]?.path[0];
  if (field === "email") return "email";
  if (field === "password") return "password";
  if (field === "displayName") return "name";
  return "register-input";
}

/** A refusal the service gave, as the page's error code; anything else is not the visitor's to see. */
function loginDomainError(error: unknown): AuthFormError | undefined {
  if (!(error instanceof DomainError)) return undefined;
  if (error.kind === "unauthenticated") return "credentials";
  if (error.kind === "rate_limited") return "attempts";
  if (error.kind === "forbidden") return "deactivated";
  return undefined;
}

/**
 * The login page's forms without the app (issue 38, ADR 0066): a browser posts them as
 * application/x-www-form-urlencoded, and is answered with a 303, never JSON: home (or the form's
 * return address, a same-origin path only) with the session cookie set, or back to /login with an
 * error code. Same service calls, same per-route limits, and the API scope's cross-site check runs
 * first, as for every POST: a form posted from another site is refused with a 403 before this.
 */
export const authFormRoutes =
  (auth: AuthService, publicOrigin: string | undefined, saveFund?: SaveFund): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * The fund a visitor's Save asked for, saved with the new session's rights (as the JSON sign-in
     * does, issue 37). A save the plan does not allow, or of a fund that is gone, does not undo the
     * sign-in: the visitor lands on the page they came from, where the fund shows unsaved.
     */
    const saveAfterSignIn = async (user: Parameters<typeof viewerOf>[0] & { id: number }, save: string | undefined) => {
      const fundId = fundIdOf(save);
      if (fundId === undefined || !saveFund) return;
      try {
        await saveFund(user.id, viewerOf(user), fundId);
      } catch (error) {
        if (!(error instanceof DomainError) || (error.kind !== "payment_required" && error.kind !== "not_found"))
          throw error;
      }
    };
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 8 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const leave = (reply: FastifyReply, location: string) =>
      reply.header("cache-control", "no-store").redirect(location, 303);
    // A browser's form post that hits its route's limit gets a page, not the API's JSON 429: back to
    // the form with the "too-many" code (the limit answers before the body is read, so without its
    // return address). Every other failure goes on to the API's one error handler.
    app.setErrorHandler((error, request, reply) => {
      if (!(error instanceof DomainError) || error.kind !== "rate_limited") throw error;
      const signup = request.routeOptions.url?.endsWith("/register_form") === true;
      const retryAfter = reply.getHeader("retry-after");
      if (retryAfter !== undefined) reply.header("retry-after", retryAfter);
      return leave(reply, loginHref({ signup, error: "too-many" }));
    });

    app.post(
      "/auth/login_form",
      {
        schema: {
          body: loginFormSchema,
          response: { 303: REDIRECT_303 },
          description: "The login page's form posted by a browser before the app starts (or without JavaScript).",
        },
        config: { rateLimit: ROUTE_LIMITS.passwordCheck },
      },
      async (request, reply) => {
        const next = safeReturnPath(request.body[RETURN_KEY]);
        const back = (error: AuthFormError) =>
          leave(reply, loginHref({ save: fundIdOf(request.body[SAVE_KEY]), next, error }));
        const input = loginRequestSchema.safeParse({ email: request.body.email, password: request.body.password });
        if (!input.success) return back("login-input");
        try {
          const signedIn = await auth.login(input.data, clientInfo(request), request.cookies[KNOWN_DEVICE_COOKIE]);
          setSessionCookie(request, reply, publicOrigin, signedIn.token, signedIn.expiresAt);
          reply.setCookie(KNOWN_DEVICE_COOKIE, signedIn.deviceToken, {
            ...knownDeviceCookieOptions(publicOrigin),
            expires: signedIn.deviceExpiresAt,
          });
          await saveAfterSignIn(signedIn.user, request.body[SAVE_KEY]);
        } catch (error) {
          const code = loginDomainError(error);
          if (code) return back(code);
          throw error;
        }
        return leave(reply, next ?? "/");
      },
    );

    app.post(
      "/auth/register_form",
      {
        schema: {
          body: registerFormSchema,
          response: { 303: REDIRECT_303 },
          description: "The sign-up form posted by a browser before the app starts (or without JavaScript).",
        },
        config: { rateLimit: ROUTE_LIMITS.registration },
      },
      async (request, reply) => {
        const next = safeReturnPath(request.body[RETURN_KEY]);
        const back = (error: AuthFormError) =>
          leave(reply, loginHref({ signup: true, save: fundIdOf(request.body[SAVE_KEY]), next, error }));
        const input = registerRequestSchema.safeParse({
          email: request.body.email,
          password: request.body.password,
          displayName: request.body.displayName,
        });
        if (!input.success) return back(registerInputError(input.error));
        try {
          const signedIn = await auth.register(input.data, clientInfo(request));
          setSessionCookie(request, reply, publicOrigin, signedIn.token, signedIn.expiresAt);
          await saveAfterSignIn(signedIn.user, request.body[SAVE_KEY]);
        } catch (error) {
          if (error instanceof DomainError && error.kind === "conflict") return back("exists");
          if (error instanceof DomainError && error.kind === "invalid") return back("register-input");
          throw error;
        }
        return leave(reply, next ?? "/");
      },
    );
  };
