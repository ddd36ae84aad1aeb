/**
 * The product's errors, in the product's words. Services and guards throw these and know nothing
 * of HTTP; the one error handler (http/errors.ts) turns each kind into a status and a JSON body.
 * The message is for the person using the product and is shown as it is.
 */
export const ERROR_KINDS = {
  /** The input breaks a rule that only the service can check. */
  invalid: 400,
  /** Nobody is signed in, or the credentials are wrong. */
  unauthenticated: 401,
  /** The feature needs a subscription the caller does not have. */
  payment_required: 402,
  /** Signed in, but not allowed. */
  forbidden: 403,
  not_found: 404,
  /** The state of things forbids it now (already subscribed, e-mail taken…). */
  conflict: 409,
  /** An upload over its size limit. */
  too_large: 413,
  /** The request's body is not in a format the call takes. */
  unsupported_media_type: 415,
  /** Well-formed, but nothing in it could be used (no source article could be read). */
  unprocessable: 422,
  /** Too many attempts in too little time. */
  rate_limited: 429,
  /** A third party (the payment provider) failed; trying again may work. */
  upstream_failed: 502,
  /** A third party (the LLM) did not answer within its time limit. */
  upstream_timeout: 504,
} as const;

export type ErrorKind = keyof typeof ERROR_KINDS;

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const invalid = (message: string) => new DomainError("invalid", message);
export const unauthenticated = (message: string) => new DomainError("unauthenticated", message);
export const paymentRequired = (message: string) => new DomainError("payment_required", message);
export const forbidden = (message: string) => new DomainError("forbidden", message);
export const notFound = (message: string) => new DomainError("not_found", message);
export const conflict = (message: string) => new DomainError("conflict", message);
export const tooLarge = (message: string) => new DomainError("too_large", message);
export const unsupportedMediaType = (message: string) => new DomainError("unsupported_media_type", message);
export const rateLimited = (message: string) => new DomainError("rate_limited", message);
export const upstreamFailed = (message: string) => new DomainError("upstream_failed", message);
export const upstreamTimeout = (message: string) => new DomainError("upstream_timeout", message);
export const unprocessable = (message: string) => new DomainError("unprocessable", message);

/** Connection-level codes: the database is unreachable, restarting or shutting down, not the query at fault. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * Whether an error means the database cannot be reached right now (a restart, a fail-over): the
 * request should be answered 503 and retried, not 500. Drizzle wraps the driver's error as its
 * cause, and Node reports a refused dual-stack connection as an AggregateError, so both are opened.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || /^08/.test(code))) return true;
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((each) => isDatabaseUnavailable(each, depth + 1)))
    return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** What a request is told while the database is unreachable. */
export const DATABASE_UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a moment.";
