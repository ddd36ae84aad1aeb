/**
 * The house rules, checked in `npm test` (scripts/test.mjs) by dependency-cruiser. A violation
 * fails the suite and names the rule. The layering they enforce is written up in
 * docs/decisions/0010-layering.md; change a rule there first.
 */

/**
 * Which tables each repository owns, as the schema modules (src/server/db/schema/<module>.ts) that
 * hold them. A repository imports only these; a read of another domain's table goes through that
 * domain's repository (one-owner-per-table says which repositories a domain may call).
 */
const TABLE_OWNERS = {
  "src/server/account/repository.ts": [
    "confirmation-codes",
    "email-preferences",
    "pipeline-reminders",
    "saved-funds",
    "saved-searches",
    "startup-profiles",
  ],
  "src/server/auth/repository.ts": ["oauth", "password-tokens", "sessions", "sign-in-throttles"],
  "src/server/auth/demo-issuer/repository.ts": ["demo-issuer"],
  "src/server/billing/repository.ts": ["billing"],
  "src/server/billing/stripe-emulator/repository.ts": ["demo-stripe-objects"],
  "src/server/blog/repository.ts": ["blog"],
  "src/server/funds/repository.ts": ["funds", "fund-facts", "fund-fact-changes"],
  "src/server/funds/audience/repository.ts": ["fund-monthly-counts"],
  "src/server/funds/import/repository.ts": ["import-runs"],
  "src/server/funds/reports/repository.ts": ["fund-reports"],
  "src/server/investors/repository.ts": ["fund-teams"],
  "src/server/jobs/repository.ts": ["jobs"],
  "src/server/mail/repository.ts": ["email-signing-keys"],
  "src/server/pitches/repository.ts": ["pitches"],
  "src/server/users/repository.ts": ["users"],
};

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "No module imports itself through others: a cycle means two modules are one, or that what both need belongs in a third.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "services-know-no-http",
      comment:
        "A service holds rules and throws domain errors; it imports nothing of HTTP (src/server/http, fastify). Who is asking (the Viewer) lives with the sessions in src/server/auth.",
      severity: "error",
      from: { path: "^src/server/.+(^|/|-)service\\.ts$" },
      to: { path: ["^src/server/http/", "(^|/)node_modules/(fastify|@fastify/)"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "client-lib-and-components-below-features",
      comment:
        "src/client/lib and src/client/components serve every feature and the app shell, so they import neither: what they need moves down to them or to src/shared.",
      severity: "error",
      from: { path: "^src/client/(lib|components)/" },
      to: { path: "^src/client/(features|app)/" },
    },
    {
      name: "schema-barrel-for-the-database-layer",
      comment:
        "Repositories import the schema modules of their own tables, never the barrel (db/schema/index.ts), which is for drizzle-kit and the database layer.",
      severity: "error",
      from: { path: "(^|/)repository\\.ts$" },
      to: { path: "^src/server/db/schema/index\\.ts$" },
    },
    ...Object.entries(TABLE_OWNERS).map(([repository, modules]) => ({
      name: "repository-owns-its-tables",
      comment: `${repository} imports only its own tables (${modules.join(", ")}): a read of another domain's table goes through that domain's repository. The owners are listed in TABLE_OWNERS at the top of this file.`,
      severity: "error",
      from: { path: `^${escapeRegExp(repository)}$` },
      to: {
        path: "^src/server/db/schema/",
        pathNot: [
          `^src/server/db/schema/(${modules.map(escapeRegExp).join("|")})\\.ts$`,
          "^src/server/db/schema/index\\.ts$",
        ],
      },
    })),
    {
      name: "repository-owns-its-tables",
      comment: "A repository not in TABLE_OWNERS owns no table yet: list it there with its schema modules.",
      severity: "error",
      from: {
        path: "(^|/)repository\\.ts$",
        pathNot: Object.keys(TABLE_OWNERS).map((path) => `^${escapeRegExp(path)}$`),
      },
      to: { path: "^src/server/db/schema/" },
    },
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
      to: { path: ["(^|/)node_modules/drizzle-orm/", "^src/server/db/schema/"], dependencyTypesNot: ["type-only"] },
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
    exclude: { path: ["^src/server/db/migrations/", "^tests/e2e/\\.output/"] },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs"],
    },
  },
};
