import helmet from "@fastify/helmet";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { Config } from "../config.js";
import { registerSecurityHeaders, securityHeaders } from "./security-headers.js";

const CONFIGS: Record<string, Partial<Config>> = {
  plain: { PAYMENTS_MODE: "demo" },
  "tag manager and https": {
    PAYMENTS_MODE: "demo",
    GTM_ID: "GTM-TEST123",
    PUBLIC_ORIGIN: "https://fundmatch.example",
  },
  stripe: { PAYMENTS_MODE: "stripe", STRIPE_PUBLISHABLE_KEY: "pk_test_123", PUBLIC_ORIGIN: "http://localhost:3000" },
};

/** The headers an app answers GET /x with: through the plugin, or worked out once. */
async function headersOf(config: Config, once: boolean): Promise<Record<string, unknown>> {
  const app = Fastify();
  if (once) registerSecurityHeaders(app, config);
  else await app.register(helmet, securityHeaders(config));
  app.get("/x", async () => ({ ok: true }));
  app.get("/own", async (_request, reply) =>
    reply.header("cross-origin-opener-policy", "unsafe-none").send({ ok: true }),
  );
  try {
    const plain = await app.inject({ method: "GET", url: "/x" });
    const own = await app.inject({ method: "GET", url: "/own" });
    const missing = await app.inject({ method: "GET", url: "/nowhere" });
    const { date: _a, ...x } = plain.headers;
    const { date: _b, ...o } = own.headers;
    const { date: _c, ...m } = missing.headers;
    return { x, own: o, missing: m };
  } finally {
    await app.close();
  }
}

describe("security headers worked out once", () => {
  for (const [name, config] of Object.entries(CONFIGS)) {
    it(`are exactly @fastify/helmet's (${name}), a route's own value still winning`, async () => {
      const once = await headersOf(config as Config, true);
      expect(once).toEqual(await headersOf(config as Config, false));
      expect(String((once.x as Record<string, unknown>)["content-security-policy"])).toContain("default-src 'self'");
      expect((once.own as Record<string, unknown>)["cross-origin-opener-policy"]).toBe("unsafe-none");
    });
  }
});
