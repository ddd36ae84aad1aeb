import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { loginRequestSchema, registerRequestSchema } from "../../shared/schemas/auth.js";
import { HttpError } from "../http/errors.js";
import { AUTH_MESSAGES, type AuthService, toSessionUser } from "./service.js";
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from "./session-cookie.js";

export const authRoutes =
  (auth: AuthService, publicOrigin: string | undefined): FastifyPluginAsyncZod =>
  async (app) => {
    const client = (request: { headers: Record<string, unknown>; ip: string }) => ({
      userAgent: typeof request.headers["user-agent"] === "string" ? request.headers["user-agent"] : null,
      ipAddress: request.ip,
    });

    app.post(
      "/auth/register_with_password",
      {
        schema: { body: registerRequestSchema },
        // Spec section 7: these two answer errors with a `message` field (as well as `error`).
        config: { errorAsMessage: true, rateLimit: { max: 10, timeWindow: "10 minutes" } },
      },
      async (request, reply) => {
        const signedIn = await auth.register(request.body, client(request));
        setSessionCookie(request, reply, publicOrigin, signedIn.token, signedIn.expiresAt);
        return reply.status(201).send({ user: toSessionUser(signedIn.user) });
      },
    );

    app.post(
      "/auth/login_with_password",
      {
        schema: { body: loginRequestSchema },
        config: { errorAsMessage: true, rateLimit: { max: 20, timeWindow: "1 minute" } },
      },
      async (request, reply) => {
        const signedIn = await auth.login(request.body, client(request));
        setSessionCookie(request, reply, publicOrigin, signedIn.token, signedIn.expiresAt);
        return { user: toSessionUser(signedIn.user) };
      },
    );

    app.post("/auth/logout", async (request, reply) => {
      await auth.logout(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(request, reply, publicOrigin);
      return { ok: true };
    });

    app.get("/auth/session", async (request) => {
      if (!request.user) throw new HttpError(401, AUTH_MESSAGES.notAuthenticated);
      return { user: toSessionUser(request.user) };
    });
  };
