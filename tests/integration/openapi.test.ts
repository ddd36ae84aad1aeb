import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { registerOpenApi } from "../../src/server/http/openapi.js";
import { collectRoutes } from "../../src/server/http/route-inventory.js";
import { createTestApp, type TestApp } from "../support/app.js";
import {
  coverageProblems,
  documentedRoutes,
  type OpenApiDocument,
  openApiPath,
  validityProblems,
} from "../support/openapi-coverage.js";

const ADMIN = { email: "docs-admin@example.com", password: "Admin-pass-1" };

describe("the OpenAPI document and its reference page", () => {
  let t: TestApp;
  let document: OpenApiDocument;
  let adminCookie = "";

  beforeAll(async () => {
    // The demo providers are on by default here, so their pages are registered and checked too.
    t = await createTestApp("pglite", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const login = await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN });
    const session = login.cookies.find((cookie) => cookie.name === "fundmatch_session");
    adminCookie = `fundmatch_session=${session?.value}`;
    // The whole document is an admin's: the coverage is checked on it.
    const response = await t.app.inject({ method: "GET", url: "/_api/openapi.json", headers: { cookie: adminCookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    document = response.json();
  });
  afterAll(async () => t?.close());

  it("is a valid OpenAPI 3.1 document, its schemas valid JSON Schema", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(validityProblems(document)).toEqual([]);
  });

  it("has every /_api route with its request and response schemas", () => {
    const routes = documentedRoutes(t.app.routeInventory);
    expect(routes.length).toBeGreaterThan(50);
    expect(coverageProblems(document, t.app.routeInventory)).toEqual([]);
  });

  it("shows the admin calls to admins only: a visitor's or a member's document has none", async () => {
    const member = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: "member@example.com", password: "Member-pass-1", displayName: "Mia Member" },
    });
    const memberCookie = `fundmatch_session=${member.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value}`;
    for (const [who, headers] of [
      ["visitor", {}],
      ["member", { cookie: memberCookie }],
    ] as const) {
      for (const url of ["/_api/openapi.json", "/_api/docs/json"]) {
        const view: OpenApiDocument & { components?: { securitySchemes?: object } } = (
          await t.app.inject({ method: "GET", url, headers })
        ).json();
        const paths = Object.keys(view.paths);
        expect(paths, `${who} ${url}`).toContain("/_api/funds/search");
        expect(
          paths.filter((path) => path.startsWith("/_api/admin")),
          `${who} ${url}`,
        ).toEqual([]);
        expect(JSON.stringify(view), `${who} ${url}`).not.toMatch(/adminSession|AdminUser|ImportUploadForm/);
        expect(validityProblems(view), `${who} ${url}`).toEqual([]);
      }
    }
    const adminView = await t.app.inject({ method: "GET", url: "/_api/docs/json", headers: { cookie: adminCookie } });
    expect(adminView.json()).toEqual(document);
  });

  it("leaves out the site's routes and its own", () => {
    const paths = Object.keys(document.paths);
    expect(paths.every((path) => path.startsWith("/_api/"))).toBe(true);
    expect(paths.filter((path) => path.startsWith("/_api/docs") || path === "/_api/openapi.json")).toEqual([]);
  });

  it("describes bodies the routes read themselves: the multipart import, Stripe's signed event", () => {
    const upload = document.paths["/_api/admin/import"]?.post;
    expect(Object.keys(upload?.requestBody?.content ?? {})).toEqual(["multipart/form-data"]);
    const webhook = document.paths["/_api/stripe/webhook"]?.post;
    expect(webhook?.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual([
      "header:stripe-signature",
    ]);
    expect(document.paths["/_api/funds/export"]?.get?.responses?.["200"]?.content).toHaveProperty([
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]);
    expect(Object.keys(document.paths["/_api/user/pipeline/export"]?.get?.responses?.["200"]?.content ?? {})).toEqual([
      "text/csv",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]);
  });

  it("marks every admin operation: the admin tag, the admin session, a description saying so", () => {
    const admin = documentedRoutes(t.app.routeInventory).filter((route) => route.url.startsWith("/_api/admin/"));
    expect(admin.length).toBeGreaterThan(10);
    for (const route of admin) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] as
        | { tags?: string[]; security?: unknown; description?: string }
        | undefined;
      expect(operation?.tags, route.url).toEqual(["admin"]);
      expect(operation?.security, route.url).toEqual([{ adminSession: [] }]);
      expect(operation?.description, route.url).toMatch(/^Admin only: needs the session of an admin account/);
    }
    const schemes = (document as { components?: { securitySchemes?: Record<string, unknown> } }).components
      ?.securitySchemes;
    expect(schemes?.adminSession).toMatchObject({ type: "apiKey", in: "cookie", name: "fundmatch_session" });
  });

  it("names each shared contract once and refers to it, errors included", () => {
    const schemas = document.components?.schemas ?? {};
    expect(schemas).toHaveProperty("ErrorResponse");
    expect(schemas).toHaveProperty("FundSearchResponse");
    const search = document.paths["/_api/funds/search"]?.post;
    expect(search?.responses?.["200"]?.content?.["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/FundSearchResponse",
    });
    expect(search?.responses?.["4XX"]?.content?.["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/ErrorResponse",
    });
    // The match (issue 22) and the startup profile it starts from.
    expect(
      document.paths["/_api/funds/match"]?.post?.responses?.["200"]?.content?.["application/json"]?.schema,
    ).toEqual({ $ref: "#/components/schemas/FundMatchResponse" });
    const profile = document.paths["/_api/user/startup-profile"];
    for (const operation of [profile?.get, profile?.put]) {
      expect(operation?.responses?.["200"]?.content?.["application/json"]?.schema).toEqual({
        $ref: "#/components/schemas/StartupProfileResponse",
      });
    }
  });

  it("serves the reference page and its assets under the app's own CSP", async () => {
    const page = await t.app.inject({ method: "GET", url: "/_api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("<title>FundMatch API</title>");
    expect(page.headers["content-security-policy"]).toContain("script-src 'self';");
    // An HTML answer of the API scope gets the document's security headers, not the JSON set.
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      // Absolute paths under the API prefix, whichever way the page was asked for.
      expect(src).toMatch(/^\/_api\/docs\/static\//);
      const asset = await t.app.inject({ method: "GET", url: src });
      expect(asset.statusCode, src).toBe(200);
      expect(asset.headers["content-type"], src).toMatch(/javascript/);
    }
    const spec = await t.app.inject({ method: "GET", url: "/_api/docs/json" });
    expect(spec.json().openapi).toBe("3.1.0");
  });
});

describe("the coverage check", () => {
  it("reports a route built without schemas, and passes one built with them", async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const routes = collectRoutes(app);
    await registerOpenApi(app, "session");
    await app.register(
      async (api) => {
        api.post("/bare/:id", async () => ({ ok: true }));
        api.get("/no-answer", { schema: { querystring: z.object({ q: z.string() }) } }, async () => ({ ok: true }));
        api.post(
          "/complete/:id",
          {
            schema: {
              params: z.object({ id: z.string() }),
              body: z.object({ name: z.string() }),
              response: { 200: z.object({ ok: z.boolean() }) },
            },
          },
          async () => ({ ok: true }),
        );
      },
      { prefix: "/_api" },
    );
    await app.ready();
    const document = app.swagger() as unknown as OpenApiDocument;
    expect(coverageProblems(document, routes)).toEqual([
      "POST /_api/bare/:id: no response schema for its success status",
      "POST /_api/bare/:id: no params schema",
      'POST /_api/bare/:id: no request body schema (or documentedInput.body = "none")',
      "GET /_api/no-answer: no response schema for its success status",
    ]);
    await app.close();
  });

  it("reports a route missing from the document", () => {
    const route = { method: "GET", url: "/_api/hidden", schema: undefined, config: undefined };
    expect(coverageProblems({ openapi: "3.1.0", paths: {} }, [route])).toEqual([
      "GET /_api/hidden: not in the document",
    ]);
  });
});
