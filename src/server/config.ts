import path from "node:path";
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { isEmailAddress } from "../shared/email-address.js";
import { meetsPasswordRule } from "../shared/schemas/auth.js";
import { parseS3Url } from "./pitches/s3-url.js";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** An address or CIDR range a proxy may send from, or one of proxy-addr's names (loopback, linklocal, uniquelocal). */
function isProxyAddress(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  if (entry.includes("/")) {
    try {
      ipaddr.parseCIDR(entry);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(entry);
}

/** An optional variable (blank = unset) that must start with one of the prefixes: URLs, Stripe ids. */
const prefixed = (prefixes: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || prefixes.some((p) => value.startsWith(p)), {
      message: `must start with ${prefixes.join(" or ")}`,
    });

/**
 * The one environment schema. Every variable is documented in the README; a bad value stops
 * start-up with a message naming it (see loadConfig).
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATABASE_URL: prefixed(["postgres://", "postgresql://"]),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  PUBLIC_ORIGIN: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(
      z
        .url({ protocol: /^https?$/, error: "must be an http(s) origin such as https://fundmatch.example" })
        .transform((value) => new URL(value).origin)
        .optional(),
    ),
  PREVIEW_HOSTS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((host) => host.trim().toLowerCase().replace(/^\.+/, ""))
        .filter(Boolean),
    )
    .refine((hosts) => hosts.every((host) => /^[a-z0-9.-]+$/.test(host)), {
      message: "must be comma-separated hostname suffixes such as vercel.app,netlify.app",
    }),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  /** Largest accepted request body in bytes (JSON); uploads get their own limit later. */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  /** Largest fund import file in bytes (CSV, XLS, XLSX); a larger one gets 413. */
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(500 * 1024 * 1024)
    .default(50 * 1024 * 1024),
  /** Requests per minute per IP on the API; 0 disables this general limit (not the per-route ones). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  /** Multiplies every per-route limit (log-in, registration, export…); they cannot be switched off. */
  RATE_LIMIT_SENSITIVE_SCALE: z.coerce.number().min(0.1).max(1000).default(1),
  /** redis(s)://… holds the rate-limit counters, shared by every instance; unset = kept in each process. */
  REDIS_URL: prefixed(["redis://", "rediss://"]).refine((value) => value === undefined || URL.canParse(value), {
    message: "must be a URL such as redis://127.0.0.1:6379",
  }),
  /** Seconds a client has to send a request's headers; a slower one is cut off (408). */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(20),
  /** Seconds a client has to send a whole request, headers and body; a slower one is cut off (408). */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /**
   * The reverse proxies in front of the app, whose X-Forwarded-For entries are believed: false (none),
   * the number of proxy hops (1 for one proxy), or a comma-separated list of their addresses/CIDRs.
   * `true` is refused: it believed the left-most entry, which is whatever the client wrote.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context): false | number | string[] => {
      const setting = value?.trim() ?? "";
      if (setting === "" || setting === "false" || setting === "0") return false;
      if (/^\d{1,2}$/.test(setting) && Number(setting) <= 20) return Number(setting);
      if (setting === "true") {
        context.addIssue({
          code: "custom",
          message:
            "true would believe whatever a client writes first in X-Forwarded-For; set the number of proxies in front of the app (1 for one reverse proxy) or their addresses",
        });
        return z.NEVER;
      }
      const entries = setting
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (entries.length === 0 || !entries.every(isProxyAddress)) {
        context.addIssue({
          code: "custom",
          message:
            "must be false, a number of proxy hops (1 to 20), or comma-separated proxy addresses/CIDRs such as 10.0.0.0/8,::1",
        });
        return z.NEVER;
      }
      return entries;
    }),
  /** Google Tag Manager container id (GTM-XXXXXXX); unset = no tag manager, ever. */
  GTM_ID: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^GTM-[A-Z0-9]{4,12}$/.test(value), {
      message: "must look like GTM-XXXXXXX",
    }),
  /** Test-only: where the tag-manager script is loaded from instead of Google's (a local stand-in). */
  GTM_SCRIPT_URL: prefixed(["http://", "https://"]),
  /** With ADMIN_PASSWORD: start-up creates this admin, or makes the existing account an admin. */
  ADMIN_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    // The same parser as every e-mail field of the API, so that the address can also log in.
    .refine((value) => value === undefined || isEmailAddress(value), { message: "must be an e-mail address" }),
  /** Creates the ADMIN_EMAIL account when it does not exist; an existing account is promoted only when this is its password. */
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || meetsPasswordRule(value), {
      message: "must have 8+ characters with upper case, lower case and a digit",
    }),
  /** OpenID Connect provider for "Continue with Google" (any compliant issuer works). */
  OIDC_ISSUER: z
    .string()
    .trim()
    .default("https://accounts.google.com")
    .pipe(z.url({ protocol: /^https?$/, error: "must be the issuer's URL" })),
  /** Both set: the login page offers sign-in with the provider; unset: the button is hidden. */
  OIDC_CLIENT_ID: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
  OIDC_CLIENT_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
  /**
   * oidc, demo or off; unset = oidc when OIDC_CLIENT_ID is set, else the built-in demo provider
   * (refused in production unless asked for).
   */
  OIDC_MODE: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.enum(["oidc", "demo", "off"], { error: "must be oidc, demo or off" }).optional(),
  ),
  /** Stripe secret key (sk_… or a restricted rk_… key); unset = demo checkout (see PAYMENTS_MODE). */
  STRIPE_SECRET_KEY: prefixed(["sk_", "rk_"]),
  /** Loads Stripe's browser script on the subscribe page; optional. */
  STRIPE_PUBLISHABLE_KEY: prefixed(["pk_"]),
  /** Signing secret of the webhook endpoint (whsec_…); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: prefixed(["whsec_"]),
  /** The 9.99 USD monthly recurring price and the 149 USD one-time price (npm run stripe:setup). */
  STRIPE_PRICE_MONTHLY: prefixed(["price_"]),
  STRIPE_PRICE_LIFETIME: prefixed(["price_"]),
  /** Another host for the Stripe API (tests, proxies), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE_URL: prefixed(["http://", "https://"]),
  /** stripe or demo; unset = stripe when STRIPE_SECRET_KEY is set, else demo (refused in production). */
  PAYMENTS_MODE: z.enum(["stripe", "demo"]).optional(),
  /**
   * Where pitch decks are stored (issue 39): an S3-compatible bucket,
   * https://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[?region=…]; unset = in PostgreSQL (their own table).
   */
  S3_URL: prefixed(["https://", "http://"]).refine((value) => value === undefined || parseS3Url(value) !== undefined, {
    message: "must be https://ACCESS_KEY:SECRET_KEY@host/bucket (keys and bucket included)",
  }),
  /** Outgoing mail server, smtp(s)://user:pass@host:port; unset = e-mails go to the log and DATA_DIR/outbox. */
  SMTP_URL: prefixed(["smtp://", "smtps://"]),
  /** Sender of the product's e-mails. */
  MAIL_FROM: z.string().trim().min(3).default("FundMatch <no-reply@fundmatch.example>"),
  /**
   * Signs the unsubscribe links in e-mails (HMAC-SHA256), at least 32 characters; unset = a key
   * generated once and kept in the database, so links survive restarts and work on every instance.
   */
  EMAIL_TOKEN_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.string().min(32, { error: "must be at least 32 characters" }).optional()),
  /** API key of the LLM the AI blog writer uses (any OpenAI-compatible endpoint); unset = demo drafts. */
  LLM_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** The OpenAI-compatible endpoint's base URL (OpenAI's by default; a local server, Azure, OpenRouter…). */
  LLM_BASE_URL: z
    .string()
    .trim()
    .default("https://api.openai.com/v1")
    .pipe(z.url({ protocol: /^https?$/, error: "must be the endpoint's http(s) base URL" })),
  /** The chat model the AI writer asks. */
  LLM_MODEL: z.string().trim().min(1).default("gpt-4o-mini"),
  /** Seconds the AI writer waits for the LLM's answer before giving up. */
  LLM_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(90),
  /** llm or demo; unset = llm when LLM_API_KEY is set, else demo (refused in production). */
  AI_WRITER_MODE: z.enum(["llm", "demo"]).optional(),
  /**
   * host:port pairs the AI writer may fetch although they resolve to private addresses (tests, an
   * intranet's news server); nothing else gets past the private-address rule.
   */
  AI_WRITER_ALLOW_HOSTS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((entries) => entries.every((entry) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(entry)), {
      message: "must be comma-separated host:port pairs such as news.intranet:8080,127.0.0.1:4010",
    }),
  /** Seed the shipped fund data into an empty database at start. */
  SEED_ON_START: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((value) => value === "true" || value === "1"),
});

export type Config = Omit<z.output<typeof envSchema>, "DATA_DIR" | "PAYMENTS_MODE" | "AI_WRITER_MODE" | "OIDC_MODE"> & {
  DATA_DIR: string;
  /** Resolved: the Stripe API, or the built-in demo provider (docs/decisions/0009). */
  PAYMENTS_MODE: "stripe" | "demo";
  /** Resolved: drafts written by the LLM, or the labelled extractive demo drafts. */
  AI_WRITER_MODE: "llm" | "demo";
  /** Resolved: the configured OpenID provider, the built-in demo provider, or no social sign-in. */
  OIDC_MODE: "oidc" | "demo" | "off";
  /**
   * Where every link the app builds points (e-mails, the feed, the sitemap, canonical addresses,
   * sign-in and payment returns): PUBLIC_ORIGIN, else in development the address it listens on.
   * Never a request's Host or X-Forwarded-Host header (docs/security.md).
   */
  APP_ORIGIN: string;
  /** Serve the built client from here; absent in tests that only need the API. */
  CLIENT_DIR?: string;
  /** The client's server-rendering bundle (dist/ssr/entry-server.js); absent, pages are rendered in the browser. */
  SSR_ENTRY?: string;
};

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  if ((parsed.data.OIDC_CLIENT_ID === undefined) !== (parsed.data.OIDC_CLIENT_SECRET === undefined)) {
    throw new ConfigError(
      "Invalid environment configuration:\n  OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set both or neither",
    );
  }
  if ((parsed.data.ADMIN_EMAIL === undefined) !== (parsed.data.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError("Invalid environment configuration:\n  ADMIN_EMAIL, ADMIN_PASSWORD: set both or neither");
  }
  if (parsed.data.HEADERS_TIMEOUT_SECONDS > parsed.data.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      "Invalid environment configuration:\n  HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS",
    );
  }
  if (parsed.data.PREVIEW_HOSTS.length > 0 && !parsed.data.PUBLIC_ORIGIN) {
    throw new ConfigError("Invalid environment configuration:\n  PUBLIC_ORIGIN: is required when PREVIEW_HOSTS is set");
  }
  const config = {
    ...parsed.data,
    DATA_DIR: path.resolve(parsed.data.DATA_DIR),
    PAYMENTS_MODE: paymentsMode(parsed.data),
    AI_WRITER_MODE: aiWriterMode(parsed.data),
    OIDC_MODE: oidcMode(parsed.data),
    ...overrides,
  };
  if (config.NODE_ENV === "production" && !config.PUBLIC_ORIGIN) {
    throw new ConfigError(
      "Invalid environment configuration:\n  PUBLIC_ORIGIN: required in production (e.g. https://fundmatch.example): " +
        "e-mailed links, the feed and the sitemap are built from it, never from a request's Host header",
    );
  }
  return { ...config, APP_ORIGIN: overrides.APP_ORIGIN ?? appOrigin(config) };
}

/**
 * PUBLIC_ORIGIN, or in development http://HOST:PORT (localhost for a wildcard HOST). A request's
 * own Host header is never used: a reset e-mail, a claim link or a cached feed built from it would
 * point wherever the requester said (issue 35).
 */
export function appOrigin(config: Pick<Config, "PUBLIC_ORIGIN" | "HOST" | "PORT">): string {
  if (config.PUBLIC_ORIGIN) return config.PUBLIC_ORIGIN;
  const host = ["0.0.0.0", "::", "[::]"].includes(config.HOST) ? "localhost" : config.HOST;
  const literal = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return new URL(`http://${literal}:${config.PORT}`).origin;
}

const STRIPE_REQUIRED = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_MONTHLY",
  "STRIPE_PRICE_LIFETIME",
] as const;

function paymentsMode(env: z.output<typeof envSchema>): "stripe" | "demo" {
  const mode = env.PAYMENTS_MODE ?? (env.STRIPE_SECRET_KEY ? "stripe" : "demo");
  if (mode === "stripe") {
    const missing = STRIPE_REQUIRED.filter((name) => env[name] === undefined);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid environment configuration:\n  ${missing.join(", ")}: required for Stripe payments`,
      );
    }
  } else if (env.NODE_ENV === "production" && env.PAYMENTS_MODE !== "demo") {
    throw new ConfigError(
      "Invalid environment configuration:\n  PAYMENTS_MODE: Stripe is not configured (STRIPE_SECRET_KEY is unset); " +
        "set the STRIPE_* variables, or PAYMENTS_MODE=demo to run the demo checkout in production on purpose",
    );
  }
  return mode;
}

function aiWriterMode(env: z.output<typeof envSchema>): "llm" | "demo" {
  const mode = env.AI_WRITER_MODE ?? (env.LLM_API_KEY ? "llm" : "demo");
  if (mode === "llm" && !env.LLM_API_KEY) {
    throw new ConfigError("Invalid environment configuration:\n  LLM_API_KEY: required when AI_WRITER_MODE=llm");
  }
  if (mode === "demo" && env.NODE_ENV === "production" && env.AI_WRITER_MODE !== "demo") {
    throw new ConfigError(
      "Invalid environment configuration:\n  AI_WRITER_MODE: no LLM is configured (LLM_API_KEY is unset); " +
        "set LLM_API_KEY, or AI_WRITER_MODE=demo to offer the demo drafts in production on purpose",
    );
  }
  return mode;
}

function oidcMode(env: z.output<typeof envSchema>): "oidc" | "demo" | "off" {
  const mode = env.OIDC_MODE ?? (env.OIDC_CLIENT_ID ? "oidc" : "demo");
  if (mode === "oidc" && !env.OIDC_CLIENT_ID) {
    throw new ConfigError(
      "Invalid environment configuration:\n  OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: required when OIDC_MODE=oidc",
    );
  }
  if (mode === "demo" && env.NODE_ENV === "production" && env.OIDC_MODE !== "demo") {
    throw new ConfigError(
      "Invalid environment configuration:\n  OIDC_MODE: no OpenID provider is configured (OIDC_CLIENT_ID is unset); " +
        "set OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, OIDC_MODE=off for password sign-in only, or OIDC_MODE=demo to " +
        "offer the demo sign-in provider in production on purpose (it signs anyone in with any e-mail address)",
    );
  }
  return mode;
}
