import rateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsync } from "fastify";
import { countOf } from "../shared/inflect.js";
import { emailPreferencesRoutes, unsubscribeRoutes } from "./account/email-routes.js";
import { accountRoutes } from "./account/routes.js";
import { adminScope } from "./admin/routes.js";
import { adminUsersRoutes } from "./admin/users/routes.js";
import { demoIssuerRoutes } from "./auth/demo-issuer/routes.js";
import { authFormRoutes } from "./auth/form-routes.js";
import { authRoutes } from "./auth/routes.js";
import { SESSION_COOKIE } from "./auth/session-cookie.js";
import { sessionHook } from "./auth/session-hook.js";
import { demoBillingRoutes } from "./billing/demo-routes.js";
import { billingFormRoutes } from "./billing/form-routes.js";
import { billingRoutes } from "./billing/routes.js";
import { adminBlogRoutes, blogRoutes } from "./blog/routes.js";
import type { Config } from "./config.js";
import { rateLimited } from "./errors.js";
import { fundAdminRoutes } from "./funds/admin-routes.js";
import { fundAudienceRoutes } from "./funds/audience/routes.js";
import { fundHistoryAdminRoutes } from "./funds/history-routes.js";
import { fundImportRoutes } from "./funds/import/routes.js";
import { adminFundReportRoutes, fundReportRoutes } from "./funds/reports/routes.js";
import { fundsRoutes } from "./funds/routes.js";
import { addressGroup } from "./http/client-address.js";
import { crossSiteHook } from "./http/csrf.js";
import { isInternalRequest } from "./http/internal-request.js";
import { sendNoApiRoute } from "./http/not-found.js";
import { apiDocsRoutes } from "./http/openapi.js";
import { apiAnswerHeaders } from "./http/private-answers.js";
import { closeRateLimitRedis, openRateLimitRedis } from "./http/rate-limit-store.js";
import { scaleRouteLimits } from "./http/rate-limits.js";
import type { SecurityHeaderSets } from "./http/security-headers.js";
import { fundEditorRoutes } from "./investors/editor-routes.js";
import { adminInvestorRoutes, investorRoutes } from "./investors/routes.js";
import { adminJobRoutes } from "./jobs/routes.js";
import { adminPitchRoutes, pitchRoutes } from "./pitches/routes.js";
import type { AppServices } from "./services.js";
import { pingRoute } from "./site/routes.js";

/**
 * The API, registered under its prefix. Access is decided on the route the router matched, never
 * on the raw URL: the cross-site check and the session hook belong to this scope, so they run for
 * every route and every 404 under the prefix, whatever spelling of the path reached it (the router
 * decodes %5f%61pi to _api before matching). Admin routes live in the admin scope, behind its guard.
 */
export const apiRoutes =
  (services: AppServices, config: Config, securityHeaders: SecurityHeaderSets): FastifyPluginAsync =>
  async (api) => {
    api.addHook("onRequest", crossSiteHook(config.APP_ORIGIN));
    api.addHook("onRequest", sessionHook(services.auth, config.PUBLIC_ORIGIN));
    api.addHook("onSend", apiAnswerHeaders(SESSION_COOKIE, securityHeaders));
    scaleRouteLimits(api, config.RATE_LIMIT_SENSITIVE_SCALE);
    // With REDIS_URL the counters live in Redis, shared by every instance; without, in this process.
    const redis = config.REDIS_URL ? await openRateLimitRedis(config.REDIS_URL, api.log) : undefined;
    if (redis) api.addHook("onClose", () => closeRateLimitRedis(redis));
    // Registered even when the general limit is off: the per-route limits (ROUTE_LIMITS) stay on.
    await api.register(rateLimit, {
      global: config.RATE_LIMIT_PER_MINUTE > 0,
      max: config.RATE_LIMIT_PER_MINUTE || 1,
      timeWindow: "1 minute",
      // The server's own calls for a page every visitor is served (src/server/site/ssr.ts).
      allowList: isInternalRequest,
      // Per client: its address as TRUST_PROXY lets the app see it, an IPv6 client by its /64.
      keyGenerator: (request) => addressGroup(request.ip),
      errorResponseBuilder: (_request, context) =>
        rateLimited(
          `Too many requests. Please wait ${countOf(Math.ceil(context.ttl / 1000), "second", "seconds")} and try again.`,
        ),
      ...(redis ? { redis, nameSpace: "fundmatch:rate-limit:", skipOnError: true } : {}),
    });
    await api.register(pingRoute);
    await api.register(apiDocsRoutes);
    await api.register(fundsRoutes(services.funds, services.fundAudience.recorder));
    await api.register(fundAudienceRoutes(services.fundAudience));
    await api.register(fundReportRoutes(services.fundReports));
    await api.register(blogRoutes(services.blog));
    await api.register(
      authRoutes(services.auth, config.PUBLIC_ORIGIN, services.oidc, config.APP_ORIGIN, (userId, viewer, fundId) =>
        services.account.save(userId, viewer, fundId),
      ),
    );
    await api.register(
      authFormRoutes(services.auth, config.PUBLIC_ORIGIN, (userId, viewer, fundId) =>
        services.account.save(userId, viewer, fundId),
      ),
    );
    if (services.demoIssuer) {
      await api.register(demoIssuerRoutes(services.demoIssuer, config.APP_ORIGIN), { prefix: "/auth/demo-issuer" });
    }
    await api.register(investorRoutes(services.investors, config.APP_ORIGIN));
    await api.register(accountRoutes(services.account, config.PUBLIC_ORIGIN));
    await api.register(emailPreferencesRoutes(services.emailPreferences));
    await api.register(unsubscribeRoutes(services.emailPreferences));
    await api.register(fundEditorRoutes(services.investors, services.fundTeam));
    await api.register(pitchRoutes(services.pitches));
    await api.register(
      adminScope([
        adminUsersRoutes(services.adminUsers),
        fundImportRoutes(services.fundImport, config.IMPORT_MAX_BYTES),
        fundAdminRoutes(services.fundAdmin),
        fundHistoryAdminRoutes(services.fundHistory),
        adminBlogRoutes(services.blog, services.aiWriter),
        adminFundReportRoutes(services.fundReports),
        adminJobRoutes(services.jobs),
        adminInvestorRoutes(services.investors, config.APP_ORIGIN),
        adminPitchRoutes(services.pitches),
      ]),
      { prefix: "/admin" },
    );
    await api.register(billingRoutes(services.billing, services.gateway, config.APP_ORIGIN));
    await api.register(billingFormRoutes(services.billing, config.APP_ORIGIN));
    const emulator = services.gateway.emulator;
    if (emulator) await api.register(demoBillingRoutes(emulator), { prefix: "/billing/demo" });
    api.setNotFoundHandler(sendNoApiRoute);
  };
