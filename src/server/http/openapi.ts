import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from "fastify";
import { createJsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import * as accountSchemas from "../../shared/schemas/account.js";
import * as adminSchemas from "../../shared/schemas/admin.js";
import * as adminFundSchemas from "../../shared/schemas/admin-funds.js";
import * as authSchemas from "../../shared/schemas/auth.js";
import * as billingSchemas from "../../shared/schemas/billing.js";
import * as blogSchemas from "../../shared/schemas/blog.js";
import * as fieldSchemas from "../../shared/schemas/fields.js";
import { errorResponseSchema } from "../../shared/schemas/fields.js";
import * as fundInputSchemas from "../../shared/schemas/fund-input.js";
import * as fundReportSchemas from "../../shared/schemas/fund-reports.js";
import * as fundUpdateSchemas from "../../shared/schemas/fund-update.js";
import * as fundSchemas from "../../shared/schemas/funds.js";
import * as importSchemas from "../../shared/schemas/import.js";
import * as matchSchemas from "../../shared/schemas/match.js";
import * as pitchSchemas from "../../shared/schemas/pitches.js";
import * as savedSearchSchemas from "../../shared/schemas/saved-searches.js";
import { API_PREFIX } from "./route-inventory.js";

/** Where the document and its reference page live, under the API prefix. */
export const OPENAPI_PATH = "/openapi.json";
export const DOCS_PATH = "/docs";

/**
 * Input a route reads itself rather than through a validated schema, described for the document
 * only: a multipart upload, Stripe's signed bytes, an identity provider's redirect. `body: "none"`
 * says a POST reads no body at all (the coverage test asks every POST for one or the other).
 */
export type DocumentedInput = {
  body?: { contentType: string; schema: z.ZodType; description: string } | "none";
  querystring?: z.ZodType;
  headers?: z.ZodType;
};

declare module "fastify" {
  interface FastifyContextConfig {
    documentedInput?: DocumentedInput;
  }
}

const SHARED_SCHEMA_MODULES = [
  fieldSchemas,
  fundSchemas,
  fundInputSchemas,
  fundUpdateSchemas,
  fundReportSchemas,
  adminFundSchemas,
  importSchemas,
  authSchemas,
  accountSchemas,
  adminSchemas,
  billingSchemas,
  blogSchemas,
  matchSchemas,
  pitchSchemas,
  savedSearchSchemas,
];

/**
 * Names the shared contracts (`fundSearchResponseSchema` is `FundSearchResponse`), so that each
 * appears once under components and routes refer to it. Parameter schemas stay unnamed: the swagger
 * plugin turns a querystring, params or headers schema into parameters only when it sees its
 * properties. The names go into zod's global registry, where descriptions already live; done once
 * per process, when the document is first built.
 */
let contractsNamed = false;
function nameContracts() {
  if (contractsNamed) return;
  contractsNamed = true;
  for (const module of SHARED_SCHEMA_MODULES) {
    for (const [name, value] of Object.entries(module)) {
      if (!(value instanceof z.core.$ZodType) || !name.endsWith("Schema")) continue;
      if (/(Query|Params|Headers)Schema$/.test(name) || z.globalRegistry.get(value)?.id) continue;
      const id = name.slice(0, -"Schema".length);
      z.globalRegistry.add(value, { ...z.globalRegistry.get(value), id: id.charAt(0).toUpperCase() + id.slice(1) });
    }
  }
}

const ERROR_RESPONSES = {
  "4XX": {
    description:
      "Refused: `{error}` says why (bad input 400, signed out 401, not allowed 403, unknown 404, conflict 409, too large 413, too many requests 429).",
    content: { "application/json": { schema: errorResponseSchema } },
  },
  "5XX": {
    description: "A failure on our side or at a provider (Stripe, the LLM): `{error}` says which.",
    content: { "application/json": { schema: errorResponseSchema } },
  },
};

const ADMIN_NOTE = "Admin only: needs the session of an admin account (401 without a session, 403 for any other role).";

/** The tag of a path: its area of the product. */
function tagOf(url: string): string {
  const path = url.slice(API_PREFIX.length);
  if (path.startsWith("/admin/")) return "admin";
  if (path.startsWith("/auth/demo-issuer/")) return "demo sign-in provider";
  if (path.startsWith("/auth/")) return "auth";
  if (path.startsWith("/user/")) return "account";
  if (path.startsWith("/funds") || path === "/countries") return "funds";
  if (path.startsWith("/blog/")) return "blog";
  if (path.startsWith("/billing/demo/")) return "demo payments";
  if (path.startsWith("/stripe/") || path === "/checkout-callback") return "billing";
  return "site";
}

type RouteDocument = { schema: FastifySchema & { hide?: boolean }; url: string; route: RouteOptions };

/**
 * What the document says of one route: its zod schemas turned into JSON Schema, plus the tag, the
 * session it needs, the shared error answers and any input the route reads itself. Routes outside
 * the API (robots.txt, the sitemap, the feed, health, the pages) are not part of it.
 */
function routeTransform() {
  const toJsonSchema = createJsonSchemaTransform({ skipList: [] });

  const transform = (document: RouteDocument) => {
    nameContracts();
    const { url, route } = document;
    const schema = document.schema ?? {};
    if (schema.hide || (url !== API_PREFIX && !url.startsWith(`${API_PREFIX}/`))) {
      return { schema: { hide: true }, url };
    }
    const documented = route.config?.documentedInput;
    const { querystring, params, headers, body, response, ...rest } = schema;
    const tag = tagOf(url);
    const described: FastifySchema = {
      ...rest,
      tags: rest.tags ?? [tag],
      response: { ...ERROR_RESPONSES, ...(response as object | undefined) },
    };
    if (body) described.body = body;
    else if (documented?.body && documented.body !== "none") {
      described.body = documented.body.schema.describe(documented.body.description);
      described.consumes = [documented.body.contentType];
    }
    const query = querystring ?? documented?.querystring;
    if (query) described.querystring = query;
    if (params) described.params = params;
    const header = headers ?? documented?.headers;
    if (header) described.headers = header;
    if (tag === "admin") {
      described.security = [{ adminSession: [] }];
      described.description = [ADMIN_NOTE, rest.description].filter(Boolean).join(" ");
    } else if (!rest.security && url.startsWith(`${API_PREFIX}/user/`)) {
      described.security = [{ session: [] }];
    }
    return toJsonSchema({ ...document, schema: described } as never);
  };
  const transformObject = (document: Parameters<typeof jsonSchemaTransformObject>[0]) =>
    withoutUnused(jsonSchemaTransformObject(document) as Components) as ReturnType<typeof jsonSchemaTransformObject>;
  return { transform, transformObject };
}

/**
 * Drops the components nothing refers to: every contract is converted both as a request (…Input)
 * and as an answer, and most are only ever one of the two.
 */
type Operation = { responses?: Record<string, { description?: string }> };
type Components = { components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> } };
function withoutUnused<T extends Components>(document: T): T {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] ?? "");
  const { components, ...rest } = document;
  const used = new Set(refsIn(rest));
  for (let queue = [...used]; queue.length > 0; ) {
    for (const name of refsIn(schemas[queue.pop() ?? ""])) {
      if (!used.has(name)) {
        used.add(name);
        queue.push(name);
      }
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  // The swagger plugin's stand-in for an answer without a description of its own.
  for (const operations of Object.values((rest as { paths?: Record<string, Record<string, Operation>> }).paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (answer.description === "Default Response" && status.startsWith("2")) answer.description = "Success";
      }
    }
  }
  return { ...document, components: { ...components, schemas: kept } };
}

/**
 * Collects the routes for the OpenAPI 3.1 document. Registered on the root instance before any
 * route: the swagger plugin sees routes through an onRoute hook. The document is built on its
 * first request, not at start-up, and kept.
 */
export async function registerOpenApi(app: FastifyInstance, sessionCookie: string): Promise<void> {
  const { transform, transformObject } = routeTransform();
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "FundMatch API",
        version: "1",
        description:
          "The JSON API the FundMatch web app calls, under /_api. Requests and answers are JSON unless an operation says otherwise; every refusal is `{error}` with a reason a person can read. Signed-in calls carry the session cookie set by log-in; a state-changing call from a browser must come from the app's own origin.",
      },
      components: {
        securitySchemes: {
          session: {
            type: "apiKey",
            in: "cookie",
            name: sessionCookie,
            description: "The HttpOnly session cookie that log-in, registration and OpenID sign-in set.",
          },
          adminSession: {
            type: "apiKey",
            in: "cookie",
            name: sessionCookie,
            description:
              "The session cookie of an admin account. Every /_api/admin call needs it: 401 without a session, 403 for any other role.",
          },
        },
      },
      tags: [
        { name: "funds", description: "Search, fund pages, the Excel export and 'Report outdated info'." },
        { name: "auth", description: "Password and OpenID sign-in, sessions." },
        { name: "account", description: "The signed-in user's saved funds, pipeline, profile and data." },
        { name: "billing", description: "Checkout, the customer portal and Stripe's webhook." },
        { name: "blog", description: "Published posts (superjson answers)." },
        { name: "admin", description: ADMIN_NOTE },
        { name: "demo sign-in provider", description: "The built-in OpenID issuer of OIDC_MODE=demo." },
        { name: "demo payments", description: "The demo checkout and billing portal pages (no Stripe keys)." },
        { name: "site", description: "Liveness and reference data." },
      ],
    },
    transform: transform as never,
    transformObject,
  });
}

type OpenApiObject = Components & {
  paths?: Record<string, unknown>;
  tags?: Array<{ name: string }>;
  components?: Components["components"] & { securitySchemes?: Record<string, unknown> };
};

/**
 * The document as a visitor or a member gets it: without the admin calls. The admin guard keeps
 * even the existence of admin paths from anyone but an admin, and the document must not undo that.
 */
function withoutAdminCalls(full: OpenApiObject): OpenApiObject {
  const adminPrefix = `${API_PREFIX}/admin/`;
  const paths = Object.fromEntries(Object.entries(full.paths ?? {}).filter(([path]) => !path.startsWith(adminPrefix)));
  const { adminSession: _admin, ...securitySchemes } = full.components?.securitySchemes ?? {};
  return withoutUnused({
    ...full,
    paths,
    tags: full.tags?.filter((tag) => tag.name !== "admin"),
    components: { ...full.components, securitySchemes },
  }) as OpenApiObject;
}

/** The document for this request: whole for an admin, without the admin calls for anyone else. */
function documentFor(api: FastifyInstance) {
  const publicViews = new WeakMap<object, OpenApiObject>();
  return (request: FastifyRequest, reply: FastifyReply) => {
    const full = api.swagger() as unknown as OpenApiObject;
    // The answer depends on the session cookie: no shared cache may keep one for everyone.
    reply.header("cache-control", "private, no-cache").header("vary", "cookie");
    if (request.user?.role === "admin") return full;
    let view = publicViews.get(full);
    if (!view) {
      view = withoutAdminCalls(full);
      publicViews.set(full, view);
    }
    return view;
  };
}

/**
 * The document at /_api/openapi.json and its reference page (Swagger UI) at /_api/docs, in the API
 * scope, where the session is known. The page's scripts and styles are files served from here, so
 * the app's own CSP holds.
 */
export const apiDocsRoutes: FastifyPluginAsync = async (api) => {
  const forRequest = documentFor(api);
  api.get(OPENAPI_PATH, { schema: { hide: true } }, async (request, reply) => forRequest(request, reply));
  await api.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    // The page links its assets by absolute path when opened without a trailing slash; inside the
    // API scope the plugin only knows its own prefix, not the scope's.
    indexPrefix: API_PREFIX,
    theme: { title: "FundMatch API" },
    uiConfig: { deepLinking: true, docExpansion: "list", defaultModelsExpandDepth: 0 },
    // The page reads the document from its own ./json: the same view, never modified, so not cloned.
    transformSpecification: (_document, request, reply) => forRequest(request, reply),
    transformSpecificationClone: false,
  });
};
