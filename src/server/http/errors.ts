import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DATABASE_UNAVAILABLE_MESSAGE, DomainError, ERROR_KINDS, isDatabaseUnavailable } from "../errors.js";

const FASTIFY_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: "The request body is not valid JSON." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: "The request body is empty; send a JSON object." },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: "The request body is too large." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: "Unsupported content type; send application/json." },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: "The Content-Length header does not match the body." },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, message: "The Content-Type header is invalid." },
};

/**
 * One error handler for the whole API: every failure leaves as JSON {error} with a fitting status.
 * A database that cannot be reached answers 503 with Retry-After; anything else unexpected is logged
 * in full and answered with a generic 500 that leaks nothing.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, message: string) =>
      reply
        .status(status)
        .send(request.routeOptions.config?.errorAsMessage ? { error: message, message } : { error: message });
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Every schema in src/shared words its own messages (the product's fixed wording where there is one), so the
      // first issue's message is shown as it is.
      return send(400, error.validation[0]?.message ?? "Invalid request.");
    }
    if (error instanceof DomainError) return send(ERROR_KINDS[error.kind], error.message);
    const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
    if (known) return send(known.status, known.message);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      return send(error.statusCode, error.message);
    if (isDatabaseUnavailable(error)) {
      // A restart or fail-over: nothing was done, and the same request will work again shortly.
      request.log.warn({ err: error }, "database unavailable");
      reply.header("retry-after", "5");
      return send(503, DATABASE_UNAVAILABLE_MESSAGE);
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ error: "Something went wrong on our side. Please try again." });
  });
}
