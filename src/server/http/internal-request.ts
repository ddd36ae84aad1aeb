import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";

/**
 * Requests the server makes to its own API (`app.inject`) on no one's behalf: the data of a
 * visitor's page that is rendered once and kept for every visitor. Such a request carries this
 * header with a secret drawn at start and never sent out, so no request from outside can pass for
 * one; the rate limits let them through (the page served from them is everyone's, not the
 * requester's, so a requester's limit must not decide what the page shows).
 */
export const INTERNAL_REQUEST_HEADER = "x-fundmatch-internal";

const SECRET = randomBytes(32).toString("base64url");
const SECRET_BYTES = Buffer.from(SECRET, "latin1");

/** The headers that mark an injected request as the server's own. */
export function internalRequestHeaders(): Record<string, string> {
  return { [INTERNAL_REQUEST_HEADER]: SECRET };
}

/** Whether the request is one the server made itself (constant time in the secret). */
export function isInternalRequest(request: FastifyRequest): boolean {
  const given = request.headers[INTERNAL_REQUEST_HEADER];
  if (typeof given !== "string" || given.length !== SECRET.length) return false;
  // Header values are Latin-1 to Node: one byte per character, so the lengths agree.
  return timingSafeEqual(Buffer.from(given, "latin1"), SECRET_BYTES);
}
