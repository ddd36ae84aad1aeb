import type { FastifyReply, FastifyRequest } from "fastify";
import { graphemePrefix } from "../../shared/text-cut.js";

/** The longest part of an unknown path a 404 quotes back. */
const PATH_QUOTE_MAX = 200;

/** The request's path without its query, cut short: a 404 must not echo a huge URL. */
export function requestedPath(request: FastifyRequest): string {
  const path = request.url.split("?")[0] ?? "/";
  return path.length > PATH_QUOTE_MAX ? `${graphemePrefix(path, PATH_QUOTE_MAX)}…` : path;
}

/** The API's 404, for a path no API route matched (after the scope's guards ran). */
export function sendNoApiRoute(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ error: `No API route ${request.method} ${requestedPath(request)}` });
}
