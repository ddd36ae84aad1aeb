/**
 * The house rules, checked in `npm test` (scripts/test.mjs) by dependency-cruiser. A violation
 * fails the suite and names the rule. The layering they enforce is written up in
 * docs/decisions/0010-layering.md; change a rule there first.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "client-features-are-independent",
      comment:
        "A client feature never imports another feature: what two features share moves down to src/client/lib, src/client/components or src/shared.",
      severity: "error",
      from: { path: "^src/client/features/([^/]+)/" },
      to: { path: "^src/client/features/([^/]+)/", pathNot: "^src/client/features/$1/" },
    },
    {
      name: "shared-stands-alone",
      comment: "src/shared is imported by the server and the client, so it imports neither.",
      severity: "error",
      from: { path: "^src/shared/" },
      to: { path: "^src/(server|client)/" },
    },
    {
      name: "client-and-server-apart",
      comment:
        "The client never imports server code and the server never imports client code; both meet in src/shared.",
      severity: "error",
      from: { path: "^src/client/" },
      to: { path: "^src/server/" },
    },
    {
      name: "server-and-client-apart",
      comment:
        "The client never imports server code and the server never imports client code; both meet in src/shared.",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: "^src/client/" },
    },
    {
      name: "one-owner-per-table",
      comment:
        "A server domain never imports another domain's repository: it asks the owning domain's service. The one exception is the users repository, which every domain that touches accounts calls (the users domain owns that table and has no rules of its own to add).",
      severity: "error",
      from: { path: "^src/server/([^/]+)/", pathNot: "\\.test\\.ts$" },
      to: {
        path: ["^src/server/[^/]+/repository\\.ts$", "^src/server/[^/]+/[^/]+/repository\\.ts$"],
        pathNot: ["^src/server/$1/", "^src/server/users/repository\\.ts$"],
      },
    },
    {
      name: "only-repositories-query",
      comment:
        "Only repositories (and the database layer itself) import the query builder or the schema's tables; row types may be imported as types anywhere on the server.",
      severity: "error",
      from: {
        path: "^src/",
        pathNot: ["(^|/)repository\\.ts$", "^src/server/db/", "\\.test\\.ts$"],
      },
      to: { path: ["^node_modules/drizzle-orm/", "^src/server/db/schema/"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "db-knows-no-domain",
      comment:
        "The database layer (client, schema, migrations) imports no domain: domains depend on it, never the reverse.",
      severity: "error",
      from: { path: "^src/server/db/" },
      to: { path: "^src/server/", pathNot: ["^src/server/db/", "^src/server/paths\\.ts$", "^src/server/config\\.ts$"] },
    },
    {
      name: "http-knows-no-domain",
      comment:
        "src/server/http holds the plumbing every domain uses (errors, guards, limits, request helpers); it imports no domain.",
      severity: "error",
      from: { path: "^src/server/http/" },
      to: {
        path: "^src/server/",
        pathNot: [
          "^src/server/http/",
          "^src/server/errors\\.ts$",
          "^src/server/config\\.ts$",
          "^src/server/paths\\.ts$",
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/server/db/migrations/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs"],
    },
  },
};
