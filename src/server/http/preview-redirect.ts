import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.js";
import { isApiRoute } from "./route-inventory.js";

/**
 * True when a request's host is a temporary hosting hostname (a suffix in PREVIEW_HOSTS) and should
 * be sent to PUBLIC_ORIGIN. Localhost and IP addresses never redirect.
 */
export function isPreviewHost(hostHeader: string | undefined, previewHosts: readonly string[]): boolean {
  if (!hostHeader || previewHosts.length === 0) return false;
  const host = hostHeader.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost") || /^[\d.]+$/.test(host) || host.startsWith("["))
    return false;
  return previewHosts.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/**
 * onRequest hook sending page requests on a preview host to PUBLIC_ORIGIN (308); undefined when
 * no preview hosts are configured. The API and the health check are never redirected.
 */
export function previewRedirectHook(config: Pick<Config, "PREVIEW_HOSTS" | "PUBLIC_ORIGIN">) {
  const origin = config.PUBLIC_ORIGIN;
  if (config.PREVIEW_HOSTS.length === 0 || !origin) return undefined;
  return async function redirectPreviewHost(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    if (isApiRoute(request) || request.routeOptions.url === "/healthz") return;
    if (!isPreviewHost(request.headers.host, config.PREVIEW_HOSTS)) return;
    // Browsers carry the #hash over to the redirect target, so path, query and hash all survive.
    return reply.redirect(`${origin}${request.url}`, 308);
  };
}
