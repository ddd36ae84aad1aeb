import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from "fastify";

export const API_PREFIX = "/_api";

/** One registered route, as the router knows it (prefix included). */
export type RouteEntry = {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  config: RouteOptions["config"];
};

/**
 * Every route the app registers, in order, gathered by an onRoute hook added before any route.
 * The route-inventory and fuzz tests walk it, so a new route is covered the day it is added.
 */
export function collectRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({ method: String(method).toUpperCase(), url: route.url, schema: route.schema, config: route.config });
    }
  });
  return routes;
}

/**
 * Whether the router put this request under the API prefix: the matched route's pattern, not the
 * raw URL, which may spell the same path in many ways.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  const matched = request.routeOptions.url;
  return matched === API_PREFIX || (matched?.startsWith(`${API_PREFIX}/`) ?? false);
}
