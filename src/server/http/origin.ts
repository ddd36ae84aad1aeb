import type { FastifyRequest } from "fastify";

/** The app's origin for links and return URLs: PUBLIC_ORIGIN, else the origin the request came to. */
export function requestOrigin(request: FastifyRequest, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`;
}
