import type { FastifyReply } from "fastify";
import { z } from "zod";

/**
 * Response schemas for the answers that are not a JSON object built by the handler: pages,
 * redirects, files, bodies serialised ahead of time. Fastify serialises only objects through a
 * response schema, so these describe the answer (for the OpenAPI document) without changing it:
 * a page or a file is sent as a string or a buffer, a redirect has no body.
 */

/** A page of HTML (a popup's last page, a demo provider's page). */
export const htmlPage = (description: string) => ({
  description,
  content: { "text/html": { schema: z.string() } },
});

/** A redirect: no body, the target in Location. */
export const redirect = (description: string) => z.null().describe(description);

/** A file the browser downloads. */
export const fileDownload = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: z.string().meta({ format: "binary" }) } },
});

/**
 * Sends JSON text made ahead of time (the search index renders it, superjson writes it): Fastify
 * sends a string as it is, so the route's response schema only describes it.
 */
export function sendJsonText(reply: FastifyReply, text: string | Buffer) {
  return reply.type("application/json; charset=utf-8").send(text);
}
