import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { safeReturnPath } from "../../shared/return-path.js";
import {
  establishSessionRequestSchema,
  loginRequestSchema,
  logoutResponseSchema,
  oauthAuthorizeQuerySchema,
  oauthCallbackQuerySchema,
  PASSWORD_RESET_REQUESTED,
  type PendingSaveResult,
  passwordLinkStatusRequestSchema,
  passwordLinkStatusResponseSchema,
  passwordResetRequestedSchema,
  registerRequestSchema,
  requestPasswordResetSchema,
  resetPasswordRequestSchema,
  type SignInProviderId,
  type SignInResponse,
  signInResponseSchema,
  userResponseSchema,
} from "../../shared/schemas/auth.js";
import { setPasswordRequestSchema } from "../../shared/schemas/billing.js";
import { DomainError, unauthenticated } from "../errors.js";
import { sendPopupPage } from "../http/popup-page.js";
import { ROUTE_LIMITS } from "../http/rate-limits.js";
import { htmlPage, redirect } from "../http/responses.js";
import { clientInfo } from "./client-info.js";
import { OidcError, type OidcSignIn } from "./oidc.js";
import { AUTH_MESSAGES, type AuthService, toSessionUser, viewerOf } from "./service.js";
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from "./session-cookie.js";
import type { Viewer } from "./viewer.js";

type PopupMessage =
  | { type: "OAUTH_TOKEN_SUCCESS"; token: string }
  | { type: "OAUTH_ERROR"; error: { code: string; message: string; details: Record<string, string> } };

const OAUTH_STATE_COOKIE = "fundmatch_oauth_state";
/** The known-device cookie (AuthService.login): HttpOnly, sent only to /_api/auth. */
export const KNOWN_DEVICE_COOKIE = "fundmatch_device";

/** The known-device cookie's options: HttpOnly, sent back to the auth routes only. */
export function knownDeviceCookieOptions(publicOrigin: string | undefined) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/_api/auth",
    secure: publicOrigin?.startsWith("https:") ?? false,
  };
}

const PROVIDER_NAMES: Record<SignInProviderId, string> = { google: "Google", demo: "the demo provider" };

const notConfigured = (provider: SignInProviderId) =>
  new OidcError("provider_not_configured", `Sign-in with ${PROVIDER_NAMES[provider]} is not available.`);

/** Saves a fund for a user with that user's rights (the account domain's rule, passed in by api.ts). */
export type SaveFund = (userId: number, viewer: Viewer, fundId: number) => Promise<void>;

export const authRoutes =
  (
    auth: AuthService,
    publicOrigin: string | undefined,
    oidc: OidcSignIn | undefined,
    linkOrigin: string,
    saveFund?: SaveFund,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * A sign-in's answer with what it carried along (issue 37): the return address as checked (the
     * schema refused any other), and the fund asked for saved with the new session's own rights. A
     * save the plan does not allow, or of a fund that is gone, does not undo the sign-in: the
     * answer says why, and the page says it to the founder.
     */
    const signInAnswer = async (
      user: Parameters<typeof toSessionUser>[0],
      body: { returnTo?: string | undefined; saveFundId?: number | undefined },
    ): Promise<SignInResponse> => {
      const answer: SignInResponse = { user: toSessionUser(user) };
      const returnTo = body.returnTo === undefined ? null : safeReturnPath(body.returnTo);
      if (returnTo) answer.returnTo = returnTo;
      if (body.saveFundId !== undefined && saveFund) {
        const fundId = body.saveFundId;
        let pending: PendingSaveResult = { fundId, saved: true };
        try {
          await saveFund(user.id, viewerOf(user), fundId);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          if (error.kind === "payment_required") pending = { fundId, saved: false, reason: "subscription_required" };
          else if (error.kind === "not_found") pending = { fundId, saved: false, reason: "not_found" };
          else throw error;
        }
        answer.pendingSave = pending;
      }
      return answer;
    };
    // Every link and return address is the configured origin, never the request's Host header.
    const appOrigin = (_request: FastifyRequest) => linkOrigin;
    const sendPopup = (request: FastifyRequest, reply: FastifyReply, message: PopupMessage) =>
      sendPopupPage(reply, {
        message,
        text: message.type === "OAUTH_TOKEN_SUCCESS" ? "Signed in. You can close this window." : message.error.message,
        title: "FundMatch sign-in",
        appOrigin: appOrigin(request),
      });
    const popupError = (error: unknown): PopupMessage => {
      const known =
        error instanceof OidcError
          ? error
          : new OidcError("unexpected_error", "An unexpected error occurred during authentication. Please try again.");
      return { type: "OAUTH_ERROR", error: { code: known.code, message: known.message, details: known.details } };
    };
    const stateCookie = knownDeviceCookieOptions(publicOrigin);
    app.post(
      "/auth/register_with_password",
      {
        schema: { body: registerRequestSchema, response: { 201: signInResponseSchema } },
        // These two answer errors with a `message` field (as well as `error`).
        config: { errorAsMessage: true, rateLimit: ROUTE_LIMITS.registration },
      },
      async (request, reply) => {
        const { email, password, displayName } = request.body;
        const signedIn = await auth.register({ email, password, displayName }, clientInfo(request));
        setSessionCookie(request, reply, publicOrigin, signedIn.token, signedIn.expiresAt);
        return reply.status(201).send(await signInAnswer(signedIn.user, request.body));
      },
    );

    app.post(
      "/auth/login_with_password",
      {
        schema: { body: loginRequestSchema, response: { 200: signInResponseSchema } },
        config: { errorAsMessage: true, rateLimit: ROUTE_LIMITS.passwordCheck },
      },
      async (request, reply) => {
        const { email, password } = request.body;
        const signedIn = await auth.login(
          { email, password },
          clientInfo(request),
          request.cookies[KNOWN_DEVICE_COOKIE],
        );
        setSessionCookie(request, reply, publicOrigin, signedIn.token, signedIn.expiresAt);
        // Sent back to log-in only: this browser's wrong passwords are counted apart from strangers'.
        reply.setCookie(KNOWN_DEVICE_COOKIE, signedIn.deviceToken, {
          ...stateCookie,
          expires: signedIn.deviceExpiresAt,
        });
        return signInAnswer(signedIn.user, request.body);
      },
    );

    // The e-mailed link after a guest checkout: spends the token, sets the password, signs in.
    app.post(
      "/auth/set-password",
      {
        schema: { body: setPasswordRequestSchema, response: { 200: userResponseSchema } },
        // Errors answer as {error} like every call but the two above; limited like log-in.
        config: { rateLimit: ROUTE_LIMITS.passwordCheck },
      },
      async (request, reply) => {
        const signedIn = await auth.setPasswordWithToken(request.body, clientInfo(request));
        setSessionCookie(request, reply, publicOrigin, signedIn.token, signedIn.expiresAt);
        return { user: toSessionUser(signedIn.user) };
      },
    );

    // "Forgot password?": the same answer and the same work whether or not an account has the
    // address; a job queue worker e-mails the link (AuthService.requestPasswordReset).
    app.post(
      "/auth/request-password-reset",
      {
        schema: { body: requestPasswordResetSchema, response: { 200: passwordResetRequestedSchema } },
        config: { rateLimit: ROUTE_LIMITS.passwordReset },
      },
      async (request) => {
        await auth.requestPasswordReset(request.body.email);
        return { message: PASSWORD_RESET_REQUESTED } as const;
      },
    );

    // The e-mailed reset link: spends the token, sets the password, ends every other session, signs in.
    app.post(
      "/auth/reset-password",
      {
        schema: { body: resetPasswordRequestSchema, response: { 200: userResponseSchema } },
        config: { rateLimit: ROUTE_LIMITS.passwordCheck },
      },
      async (request, reply) => {
        const signedIn = await auth.resetPassword(request.body, clientInfo(request));
        setSessionCookie(request, reply, publicOrigin, signedIn.token, signedIn.expiresAt);
        return { user: toSessionUser(signedIn.user) };
      },
    );

    // Asked by /set-password and /reset-password before they show the form; the link is not spent.
    // A POST, so that the token stays out of URLs and access logs.
    app.post(
      "/auth/password-link-status",
      {
        schema: { body: passwordLinkStatusRequestSchema, response: { 200: passwordLinkStatusResponseSchema } },
        config: { rateLimit: ROUTE_LIMITS.passwordCheck },
      },
      async (request) => ({ usable: await auth.passwordLinkUsable(request.body.token, request.body.purpose) }),
    );

    const popupResult = htmlPage(
      "The popup's last page: it posts the outcome to the app's window (OAUTH_TOKEN_SUCCESS with a one-time token for establish_session, or OAUTH_ERROR) and closes.",
    );

    app.get(
      "/auth/oauth_authorize",
      {
        schema: {
          querystring: oauthAuthorizeQuerySchema,
          response: {
            302: redirect("To the identity provider's sign-in page (the popup starts here)."),
            200: htmlPage("The popup's page when sign-in cannot start: it posts OAUTH_ERROR to the app's window."),
          },
        },
      },
      async (request, reply) => {
        // Only the provider this instance offers: Google (or the configured issuer), or the demo one.
        if (!oidc || oidc.provider.id !== request.query.provider) {
          return sendPopup(request, reply, popupError(notConfigured(request.query.provider)));
        }
        try {
          const { url, state } = await oidc.start(appOrigin(request));
          reply.setCookie(OAUTH_STATE_COOKIE, state, { ...stateCookie, maxAge: 600 });
          return reply.redirect(url, 302);
        } catch (error) {
          request.log.warn({ err: error }, "OpenID sign-in could not start");
          return sendPopup(request, reply, popupError(error));
        }
      },
    );

    // The identity provider's redirect back: its parameters are read from the URL by the OpenID
    // client, which checks them (state, PKCE, issuer), so they are only described here.
    app.get(
      "/auth/oauth_callback",
      {
        schema: { response: { 200: popupResult } },
        config: { documentedInput: { querystring: oauthCallbackQuerySchema } },
      },
      async (request, reply) => {
        reply.clearCookie(OAUTH_STATE_COOKIE, stateCookie);
        if (!oidc) return sendPopup(request, reply, popupError(notConfigured("google")));
        try {
          const callbackUrl = new URL(request.url, `${appOrigin(request)}/`);
          const token = await oidc.finish(callbackUrl, request.cookies[OAUTH_STATE_COOKIE]);
          return sendPopup(request, reply, { type: "OAUTH_TOKEN_SUCCESS", token });
        } catch (error) {
          if (!(error instanceof OidcError)) request.log.error({ err: error }, "OpenID sign-in failed");
          return sendPopup(request, reply, popupError(error));
        }
      },
    );

    app.post(
      "/auth/establish_session",
      {
        schema: { body: establishSessionRequestSchema, response: { 200: signInResponseSchema } },
        config: { rateLimit: ROUTE_LIMITS.establishSession },
      },
      async (request, reply) => {
        const user = oidc ? await oidc.redeem(request.body.tempToken) : undefined;
        if (!user) throw unauthenticated("This sign-in has expired. Please try again.");
        const signedIn = await auth.signIn(user, clientInfo(request));
        setSessionCookie(request, reply, publicOrigin, signedIn.token, signedIn.expiresAt);
        return signInAnswer(signedIn.user, request.body);
      },
    );

    app.post(
      "/auth/logout",
      { schema: { response: { 200: logoutResponseSchema } }, config: { documentedInput: { body: "none" } } },
      async (request, reply) => {
        await auth.logout(request.cookies[SESSION_COOKIE]);
        clearSessionCookie(request, reply, publicOrigin);
        return { ok: true as const };
      },
    );

    app.get("/auth/session", { schema: { response: { 200: userResponseSchema } } }, async (request) => {
      if (!request.user) throw unauthenticated(AUTH_MESSAGES.notAuthenticated);
      return { user: toSessionUser(request.user) };
    });
  };
