import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { Server } from "node:http";
import path from "node:path";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type FastifyRequest } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Logger } from "pino";
import { REDIRECTS } from "../shared/page-meta.js";
import { accountRoutes } from "./account/routes.js";
import { AccountService } from "./account/service.js";
import { adminScope } from "./admin/routes.js";
import { upsertAdmin } from "./admin/users/repository.js";
import { adminUsersRoutes } from "./admin/users/routes.js";
import { AdminUsersService } from "./admin/users/service.js";
import { ExpirySweeper } from "./auth/expiry-sweeper.js";
import { OidcSignIn } from "./auth/oidc.js";
import { hashPassword } from "./auth/password.js";
import { authRoutes } from "./auth/routes.js";
import { AuthService } from "./auth/service.js";
import { sessionHook } from "./auth/session-hook.js";
import { demoBillingRoutes } from "./billing/demo-routes.js";
import { type BillingGateway, createGateway } from "./billing/gateway.js";
import { billingRoutes } from "./billing/routes.js";
import { BillingService } from "./billing/service.js";
import type { Config } from "./config.js";
import { type Database, openDatabase } from "./db/client.js";
import type { UserRow } from "./db/schema/index.js";
import { rateLimited } from "./errors.js";
import { seedFundsIfPristine } from "./funds/import/seed.js";
import { FundsIndexProvider } from "./funds/index-provider.js";
import { fundsRoutes } from "./funds/routes.js";
import { FundsService } from "./funds/service.js";
import { crossSiteHook } from "./http/csrf.js";
import { registerErrorHandling } from "./http/errors.js";
import { type AppConfigForClient, HtmlShell } from "./http/html-shell.js";
import { registerJsonBodyParser } from "./http/json-body.js";
import { requestedPath, sendNoApiRoute } from "./http/not-found.js";
import { requestOrigin } from "./http/origin.js";
import { isPreviewHost } from "./http/preview-redirect.js";
import { scaleRouteLimits } from "./http/rate-limits.js";
import { API_PREFIX, collectRoutes, isApiRoute, type RouteEntry } from "./http/route-inventory.js";
import { robotsTxt, sitemapXml } from "./http/seo.js";
import { VISITOR, type Viewer } from "./http/viewer.js";
import { createMailer, type Mailer } from "./mail/mailer.js";

declare module "fastify" {
  interface FastifyRequest {
    viewer: Viewer;
    /** The signed-in user, when the request carries a live session cookie. */
    user: UserRow | null;
  }
  interface FastifyContextConfig {
    /** Errors of this route also carry `message` (the spec's login and registration calls). */
    errorAsMessage?: boolean;
  }
}

export type AppServices = {
  database: Database;
  auth: AuthService;
  account: AccountService;
  funds: FundsService;
  fundsIndex: FundsIndexProvider;
  billing: BillingService;
  expirySweeper: ExpirySweeper;
  gateway: BillingGateway;
  mailer: Mailer;
};

export type App = FastifyInstance & { services: AppServices; routeInventory: readonly RouteEntry[] };

export type BuildOptions = {
  /** Use this database instead of opening one from the config (tests share one per file). */
  database?: Database;
  /** Pino options or an instance; tests pass false. */
  logger?: boolean | Record<string, unknown>;
  /** Send e-mail through this instead of SMTP_URL / the outbox (tests capture messages). */
  mailer?: Mailer;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The whole server as a Fastify instance, migrated and seeded, not listening. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const serverOptions: FastifyHttpOptions<Server> = {
    logger: options.logger ?? { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    // genReqId reads and vets the incoming header itself; Fastify would otherwise trust it as is.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
    return503OnClosing: true,
    forceCloseConnections: "idle",
    // A client that trickles its headers or never finishes its body would otherwise hold a socket for
    // ever (Fastify switches Node's request timeout off). Node checks these limits on an interval.
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: config.HEADERS_TIMEOUT_SECONDS * 1000,
      connectionsCheckingInterval: Math.min(config.HEADERS_TIMEOUT_SECONDS * 1000, 30_000) / 2,
    },
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  const routes = collectRoutes(app);

  const logger = app.log as unknown as Logger;
  const database =
    options.database ??
    (await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, "pglite"), logger }));
  const ownsDatabase = !options.database;
  await database.migrate(async () => {
    if (config.SEED_ON_START) await seedFundsIfPristine(database.db, logger);
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      const outcome = await upsertAdmin(database.db, config.ADMIN_EMAIL, await hashPassword(config.ADMIN_PASSWORD));
      logger.info({ email: config.ADMIN_EMAIL, outcome }, "admin account ensured");
    }
  });

  const fundsIndex = new FundsIndexProvider(database, logger);
  await fundsIndex.start();
  const auth = new AuthService(database.db);
  const oidc =
    config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
      ? new OidcSignIn(database.db, {
          issuer: config.OIDC_ISSUER,
          clientId: config.OIDC_CLIENT_ID,
          clientSecret: config.OIDC_CLIENT_SECRET,
        })
      : undefined;
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.DATA_DIR, "outbox"),
      logger,
    });
  // The demo provider delivers its events in-process; the service exists once the gateway does.
  let billing: BillingService | undefined;
  const gateway = await createGateway(config, database.db, async (event) => {
    try {
      await billing?.handleEvent(event);
    } catch (error) {
      logger.error({ err: error, event: event.id, type: event.type }, "demo payment event not applied");
    }
  });
  billing = new BillingService(database.db, gateway, mailer, { publicOrigin: config.PUBLIC_ORIGIN, logger });
  const expirySweeper = new ExpirySweeper(auth, logger);
  const services: AppServices = {
    database,
    auth,
    expirySweeper,
    account: new AccountService(database.db, fundsIndex, auth, billing),
    funds: new FundsService(fundsIndex),
    fundsIndex,
    billing,
    gateway,
    mailer,
  };
  app.decorate("services", services);
  app.decorate("routeInventory", routes);

  app.addHook("onReady", async () => expirySweeper.start());
  app.addHook("onClose", async () => {
    await expirySweeper.stop();
    await fundsIndex.stop();
    await mailer.close();
    if (ownsDatabase) await database.close();
  });

  await app.register(cookie);
  app.decorateRequest("viewer", null as never);
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request, reply) => {
    request.viewer = VISITOR;
    request.user = null;
    reply.header("x-request-id", request.id);
  });

  if (config.PREVIEW_HOSTS.length > 0 && config.PUBLIC_ORIGIN) {
    const origin = config.PUBLIC_ORIGIN;
    app.addHook("onRequest", async (request, reply) => {
      if (request.method !== "GET" && request.method !== "HEAD") return;
      if (isApiRoute(request) || request.routeOptions.url === "/healthz") return;
      if (!isPreviewHost(request.headers.host, config.PREVIEW_HOSTS)) return;
      // Browsers carry the #hash over to the redirect target, so path, query and hash all survive.
      return reply.redirect(`${origin}${request.url}`, 308);
    });
  }

  const gtm = tagManager(config);
  // Stripe's browser script only where a publishable key makes the subscribe page load it.
  const stripeJs = config.PAYMENTS_MODE === "stripe" && config.STRIPE_PUBLISHABLE_KEY;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...gtm.scriptOrigins, ...(stripeJs ? ["https://js.stripe.com"] : [])],
        frameSrc: ["'self'", ...(stripeJs ? ["https://js.stripe.com", "https://hooks.stripe.com"] : [])],
        // Radix positions popovers with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        connectSrc: ["'self'", ...gtm.connectOrigins, ...(stripeJs ? ["https://api.stripe.com"] : [])],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.PUBLIC_ORIGIN?.startsWith("https:") ? [] : null,
      },
    },
    // The OAuth and checkout popups post back to their opener.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });

  const originOf = (request: FastifyRequest) => requestOrigin(request, config.PUBLIC_ORIGIN);
  app.get("/robots.txt", async (request, reply) =>
    reply.type("text/plain; charset=utf-8").send(robotsTxt(originOf(request))),
  );
  app.get("/sitemap.xml", async (request, reply) =>
    reply.type("application/xml; charset=utf-8").send(sitemapXml(originOf(request))),
  );
  for (const [from, to] of Object.entries(REDIRECTS)) {
    app.get(from, async (request, reply) => {
      const query = request.url.indexOf("?");
      return reply.redirect(query === -1 ? to : to + request.url.slice(query), 301);
    });
  }

  app.get("/healthz", async (_request, reply) => {
    try {
      await database.ping();
      return { status: "ok", database: database.kind };
    } catch (error) {
      app.log.error({ err: error }, "health check failed");
      return reply.status(503).send({ error: "Database unavailable" });
    }
  });

  await app.register(
    async (api) => {
      // Access is decided on the route the router matched, never on the raw URL: these hooks belong
      // to the API scope, so they run for every route and every 404 under the prefix, whatever
      // spelling of the path reached it (the router decodes %5f%61pi to _api before matching).
      api.addHook("onRequest", crossSiteHook(config.PUBLIC_ORIGIN));
      api.addHook("onRequest", sessionHook(auth, config.PUBLIC_ORIGIN));
      scaleRouteLimits(api, config.RATE_LIMIT_SENSITIVE_SCALE);
      // Registered even when the general limit is off: the per-route limits (ROUTE_LIMITS) stay on.
      await api.register(rateLimit, {
        global: config.RATE_LIMIT_PER_MINUTE > 0,
        max: config.RATE_LIMIT_PER_MINUTE || 1,
        timeWindow: "1 minute",
        errorResponseBuilder: (_request, context) =>
          rateLimited(`Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`),
      });
      // A constant JSON answer: liveness for load balancers and the baseline of the benchmark.
      api.get("/ping", async () => ({ ok: true }));
      await api.register(fundsRoutes(services.funds));
      await api.register(authRoutes(auth, config.PUBLIC_ORIGIN, oidc));
      await api.register(accountRoutes(services.account, config.PUBLIC_ORIGIN));
      await api.register(adminScope([adminUsersRoutes(new AdminUsersService(database.db, billing))]), {
        prefix: "/admin",
      });
      await api.register(billingRoutes(billing, gateway, config.PUBLIC_ORIGIN));
      if (gateway.emulator) await api.register(demoBillingRoutes(gateway.emulator), { prefix: "/billing/demo" });
      api.setNotFoundHandler(sendNoApiRoute);
    },
    { prefix: API_PREFIX },
  );

  await registerClient(app, config, originOf, {
    gtmId: config.GTM_ID ?? null,
    gtmScriptUrl: gtm.scriptUrl,
    signInProviders: oidc ? ["google"] : [],
    paymentsMode: config.PAYMENTS_MODE,
    stripePublishableKey: config.PAYMENTS_MODE === "stripe" ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  });
  await app.ready();
  return app as unknown as App;
}

/** Serves the built client: hashed assets cached for a year, every page path gets index.html. */
async function registerClient(
  app: FastifyInstance,
  config: Config,
  originOf: (request: FastifyRequest) => string,
  clientConfig: AppConfigForClient,
): Promise<void> {
  const clientDir = config.CLIENT_DIR;
  const indexFile = clientDir ? path.join(clientDir, "index.html") : undefined;
  if (!clientDir || !indexFile || !existsSync(indexFile)) {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ error: `Not found: ${requestedPath(request)}` }),
    );
    return;
  }
  const shell = new HtmlShell(await readFile(indexFile, "utf8"), clientConfig);
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=300");
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const wantsPage = (request.method === "GET" || request.method === "HEAD") && !path.extname(pathname);
    if (!wantsPage) return reply.status(404).send({ error: `Not found: ${requestedPath(request)}` });
    // Unknown paths still get the app (it renders the Not Found page) but with a 404 status for crawlers.
    const page = shell.render(pathname, originOf(request));
    return reply
      .status(page.known ? 200 : 404)
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(page.html);
  });
}

/**
 * Where the tag-manager script comes from and what the CSP must allow for it. Nothing is allowed
 * when GTM_ID is unset; the client loads the script only after analytics consent.
 */
function tagManager(config: Config): { scriptUrl: string | null; scriptOrigins: string[]; connectOrigins: string[] } {
  if (!config.GTM_ID) return { scriptUrl: null, scriptOrigins: [], connectOrigins: [] };
  const base = new URL(config.GTM_SCRIPT_URL ?? "https://www.googletagmanager.com/gtm.js");
  base.searchParams.set("id", config.GTM_ID);
  const google = ["https://*.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"];
  return {
    scriptUrl: base.toString(),
    scriptOrigins: [base.origin, "https://*.googletagmanager.com"],
    connectOrigins: [base.origin, ...google],
  };
}
