import type { FastifyRequest } from "fastify";
import { forbidden, unauthenticated } from "../errors.js";

/** The user a live session resolved to (the request decoration is declared in app.ts). */
type SignedInUser = NonNullable<FastifyRequest["user"]>;

/** onRequest hook for routes that need a signed-in user: 401 otherwise. */
async function requireUserHook(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated("Not authenticated");
}

/** The hook, plus a typed accessor for handlers behind it. */
export const requireUser = Object.assign(requireUserHook, {
  user(request: FastifyRequest): SignedInUser {
    if (!request.user) throw unauthenticated("Not authenticated");
    return request.user;
  },
});

/** onRequest hook for every /_api/admin route: 401 when logged out, 403 for anyone but an admin. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated("Not authenticated");
  if (request.user.role !== "admin") {
    throw forbidden(`Access denied. Your role (${request.user.role}) lacks required permissions.`);
  }
}
