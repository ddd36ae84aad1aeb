import type { FastifyPluginAsync } from "fastify";
import { requireAdmin } from "../http/guards.js";
import { sendNoApiRoute } from "../http/not-found.js";

/**
 * The admin area of the API: every admin plugin is registered inside this scope, whose one
 * onRequest hook is the admin guard. The guard belongs to the scope, not to a test on the URL: it
 * runs for whatever route the router matched here, however the path was spelled (percent-encoded,
 * dot segments, a trailing slash), and for unknown admin paths too, which answer 401/403 before
 * their 404, so that nobody but an admin can learn which admin paths exist.
 */
export const adminScope =
  (plugins: FastifyPluginAsync[]): FastifyPluginAsync =>
  async (admin) => {
    admin.addHook("onRequest", requireAdmin);
    for (const plugin of plugins) await admin.register(plugin);
    admin.setNotFoundHandler(sendNoApiRoute);
  };
