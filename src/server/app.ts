import type { Server } from "node:http";
import { constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Logger } from "pino";
import { unsubscribeFormRoute } from "./account/email-routes.js";
import { apiRoutes } from "./api.js";
import { SESSION_COOKIE } from "./auth/session-cookie.js";
import { VISITOR, type Viewer } from "./auth/viewer.js";
import { blogFeedRoutes, blogPageResolver, blogSitemapSource } from "./blog/pages.js";
import type { Config } from "./config.js";
import type { UserRow } from "./db/types.js";
import { fundPageViewHook } from "./funds/audience/page-views.js";
import { fundPageResolver, fundSitemapSource, homePageResolver } from "./funds/pages.js";
import { answerSerializerCompiler } from "./http/answer-serializer.js";
import { registerErrorHandling } from "./http/errors.js";
import { registerJsonBodyParser } from "./http/json-body.js";
import { registerOpenApi } from "./http/openapi.js";
import { previewRedirectHook } from "./http/preview-redirect.js";
import { lazyChildLogger, requestIdGenerator } from "./http/request-logger.js";
import { API_PREFIX, collectRoutes, type RouteEntry } from "./http/route-inventory.js";
import { registerSecurityHeaders, tagManager } from "./http/security-headers.js";
import { type AppServices, createServices, type ServiceOptions } from "./services.js";
import { registerClientApp } from "./site/client-app.js";
import { siteRoutes } from "./site/routes.js";
import type { ServerRenderer } from "./site/ssr.js";

declare module "fastify" {
  interface FastifyRequest {
    viewer: Viewer;
    /** The signed-in user, when the request carries a live session cookie. */
    user: UserRow | null;
  }
  interface FastifyContextConfig {
    /** Errors of this route also carry `message` (the login and registration calls' contract). */
    errorAsMessage?: boolean;
  }
}

export type { AppServices } from "./services.js";

export type App = FastifyInstance & {
  services: AppServices;
  routeInventory: readonly RouteEntry[];
  /** The server renderer of the public pages, when the build has one (its counters serve tests). */
  pageRenderer: ServerRenderer | undefined;
};

export type BuildOptions = ServiceOptions & {
  /** Pino options or an instance; tests pass false. */
  logger?: boolean | Record<string, unknown>;
};

/**
 * The whole server as a Fastify instance, migrated and seeded, not listening. This file only
 * assembles: server options, the error handler and body parser, the services, then the plugins
 * (site routes, the API under its prefix, the client app).
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const serverOptions: FastifyHttpOptions<Server> = {
    logger: options.logger ?? { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT,
    trustProxy: trustedProxies(config.TRUST_PROXY),
    // genReqId reads and vets the incoming header itself; Fastify would otherwise trust it as is.
    requestIdHeader: false,
    genReqId: requestIdGenerator(),
    // Each request's logger is made when it first writes a line (request-logger.ts).
    childLoggerFactory: lazyChildLogger,
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
  // Answers are written from their zod schemas, compiled per route; tests and development still
  // check each one with zod and compare (answer-serializer.ts, ADR 0051).
  app.setSerializerCompiler(answerSerializerCompiler({ verify: config.NODE_ENV !== "production" }));
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  const routes = collectRoutes(app);
  await registerOpenApi(app, SESSION_COOKIE);

  const { services, start, close } = await createServices(config, options, app.log as unknown as Logger);
  app.decorate("services", services);
  app.decorate("routeInventory", routes);
  app.addHook("onReady", async () => start());
  app.addHook("onClose", close);

  await app.register(cookie);
  // Pages, API answers, feeds: compressed when the client accepts it (gzip is cheap enough per
  // request; brotli at a low quality). Built assets are compressed once at build time instead
  // (scripts/compress-assets.mjs) and sent as they are. Streams such as the import's NDJSON
  // progress are not in the compressed types, so their lines are not held back.
  await app.register(compress, {
    // Request bodies are taken as sent: no client of this API compresses them, and inflating them
    // would be one more hook on every call and one more way to send far more than bodyLimit.
    globalDecompression: false,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  app.decorateRequest("viewer", null as never);
  app.decorateRequest("user", null);
  // Everyone is a visitor until the API scope's session hook finds a live session.
  // Callback style, as the hooks every request passes through: an async hook costs a promise and a
  // microtask per request, which a ping's profile showed for nothing.
  app.addHook("onRequest", (request, reply, done) => {
    request.viewer = VISITOR;
    request.user = null;
    reply.header("x-request-id", request.id);
    done();
  });
  // A visitor's fund page, however it was rendered or kept, counts as a view for the fund's team (issue 24).
  app.addHook("onResponse", fundPageViewHook(services.fundAudience.recorder));
  const redirectPreviewHost = previewRedirectHook(config);
  if (redirectPreviewHost) app.addHook("onRequest", redirectPreviewHost);
  const securityHeaders = registerSecurityHeaders(app, config);

  await app.register(
    siteRoutes(services.database, config.APP_ORIGIN, [
      blogSitemapSource(services.blog),
      fundSitemapSource(services.funds),
    ]),
  );
  await app.register(blogFeedRoutes(services.blog, config.APP_ORIGIN));
  await app.register(unsubscribeFormRoute(config.APP_ORIGIN));
  await app.register(apiRoutes(services, config, securityHeaders), { prefix: API_PREFIX });
  // The visitors' page key of the last versions seen: the same string for every request until one changes.
  let lastKey = { funds: -1, posts: -1, key: "" };
  const pageRenderer = await registerClientApp(
    app,
    config,
    {
      gtmId: config.GTM_ID ?? null,
      gtmScriptUrl: tagManager(config).scriptUrl,
      signInProviders: services.oidc ? [services.oidc.provider.id] : [],
      paymentsMode: config.PAYMENTS_MODE,
      stripePublishableKey: config.PAYMENTS_MODE === "stripe" ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      aiWriterMode: config.AI_WRITER_MODE,
    },
    [homePageResolver(services.funds), blogPageResolver(services.blog), fundPageResolver(services.funds)],
    // A visitor's page changes only with the funds and the blog, whose versions every instance
    // follows; without a promise while both copies are current (a kept page's answer).
    (request) => {
      if (request.cookies[SESSION_COOKIE]) return undefined;
      const funds = services.fundsIndex.now();
      const posts = services.publishedPosts.now();
      if (funds instanceof Promise || posts instanceof Promise) {
        return Promise.all([funds, posts]).then(([index, published]) => `${index.version}.${published.version}`);
      }
      if (funds.version !== lastKey.funds || posts.version !== lastKey.posts) {
        lastKey = { funds: funds.version, posts: posts.version, key: `${funds.version}.${posts.version}` };
      }
      return lastKey.key;
    },
  );
  app.decorate("pageRenderer", pageRenderer);
  await app.ready();
  return app as unknown as App;
}

/**
 * Fastify's trustProxy from TRUST_PROXY: the proxies' addresses as given, or a hop count as "the
 * nearest N hops are proxies" (Fastify's own number option trusts no hop at all). Whichever, the
 * client address is the last entry that no trusted proxy wrote, never one the client wrote itself.
 */
export function trustedProxies(
  setting: Config["TRUST_PROXY"],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === "number") return (_address: string, hop: number) => hop < setting;
  return setting;
}
