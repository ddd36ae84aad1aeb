import type { FastifyReply, FastifyRequest } from "fastify";

export const SESSION_COOKIE = "fundmatch_session";

/** HttpOnly (no script reads it), SameSite=Lax (no cross-site POST carries it), Secure on https. */
function cookieOptions(request: FastifyRequest, publicOrigin: string | undefined, expires: Date) {
  const secure = publicOrigin ? publicOrigin.startsWith("https:") : request.protocol === "https";
  return { httpOnly: true, sameSite: "lax" as const, secure, path: "/", expires };
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  publicOrigin: string | undefined,
  token: string,
  expires: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, publicOrigin, expires));
}

export function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  publicOrigin: string | undefined,
): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request, publicOrigin, new Date(0)));
}
