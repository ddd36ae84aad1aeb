import helmet from "@fastify/helmet";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { Config } from "../config.js";
import {
  apiSecurityHeaders,
  isApiPath,
  registerSecurityHeaders,
  securityHeaders,
  staticSecurityHeaders,
} from "./security-headers.js";

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

describe("the API's JSON answers", () => {
  it("carry OWASP's REST set, with the document's HSTS, and pages still the document's set", async () => {
    const config = CONFIGS["tag manager and https"] as Config;
    const app = Fastify();
    registerSecurityHeaders(app, config);
    app.get("/_api/x", async () => ({ ok: true }));
    app.get("/page", async () => "<p>hi</p>");
    try {
      const api = await app.inject({ method: "GET", url: "/_api/x" });
      const apiMissing = await app.inject({ method: "GET", url: "/_api/nowhere?x=1" });
      const page = await app.inject({ method: "GET", url: "/page" });
      const document = staticSecurityHeaders(securityHeaders(config));
      for (const answer of [api, apiMissing]) {
        expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(answer.headers["x-content-type-options"]).toBe("nosniff");
        expect(answer.headers["cross-origin-resource-policy"]).toBe("same-origin");
        expect(answer.headers["strict-transport-security"]).toBe(document["strict-transport-security"]);
        expect(answer.headers["x-frame-options"]).toBeUndefined();
      }
      for (const [name, value] of Object.entries(document)) expect(page.headers[name]).toBe(value);
    } finally {
      await app.close();
    }
  });

  it("knows the API's paths as spelled, and nothing that merely starts alike", () => {
    for (const path of ["/_api", "/_api/", "/_api/ping", "/_api?x=1"]) expect(isApiPath(path)).toBe(true);
    for (const path of ["/", "/_apix", "/_api-docs", "/blog/_api", "/%5f%61pi/ping"])
      expect(isApiPath(path)).toBe(false);
  });

  it("has no HSTS when the document has none", () => {
    expect(apiSecurityHeaders({})).not.toHaveProperty("strict-transport-security");
  });
});
