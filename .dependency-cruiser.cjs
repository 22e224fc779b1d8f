// The layout of docs/architecture.md, as rules `npm run check` enforces (npm run deps).
// Tests may set up state through any layer; the rules are about the product code.
// Type-only imports count too (a pure layer that names the network layer's types is coupled to it),
// except for the database rule, where naming Kysely's types to hand a transaction through is allowed.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A circle means neither file can be understood (or loaded) without the other.",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "pure-layers-stay-pure",
      severity: "error",
      comment:
        "src/extract/ (pure readers) and src/pipeline/ (phases) get what they need handed in; " +
        "they never reach into the network (fetcher), the database (storage) or an adapter (api).",
      from: { path: "^src/(extract|pipeline)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^src/(fetcher|storage|api)/" },
    },
    {
      name: "adapters-go-through-services",
      severity: "error",
      comment: "The HTTP adapter calls a use case in src/services/, never a repository.",
      from: { path: "^src/api/", pathNot: "\\.test\\.ts$" },
      to: { path: "^src/storage/.+\\.repo\\.ts$" },
    },
    {
      name: "families-meet-through-their-index",
      severity: "error",
      comment:
        "A family (src/services/<family>/) uses another family only through that family's index.ts " +
        "(its create<Family>() factory and what it exports); src/services/shared/ is everyone's.",
      from: { path: "^src/services/([^/]+)/", pathNot: "\\.test\\.ts$" },
      to: {
        path: "^src/services/[^/]+/",
        pathNot: ["^src/services/$1/", "^src/services/shared/", "^src/services/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "shared-knows-no-family",
      severity: "error",
      comment: "src/services/shared/ is what every family uses; it imports none of them.",
      from: { path: "^src/services/shared/", pathNot: "\\.test\\.ts$" },
      to: { path: "^src/services/(?!shared/)" },
    },
    {
      name: "queue-knows-no-family",
      severity: "error",
      comment:
        "src/queue/ is the job queue every family uses; a family's jobs (definitions, handlers) live " +
        "in its own folder under src/services/.",
      from: { path: "^src/queue/", pathNot: "\\.test\\.ts$" },
      to: { path: "^src/(services|app)/" },
    },
    {
      name: "only-storage-talks-to-the-database",
      severity: "error",
      comment:
        "SQL lives in src/storage/ (db, migrations, *.repo.ts). src/queue/ hands pg-boss its pool. " +
        "Elsewhere only Kysely's types may be named (a transaction handed through).",
      from: { path: "^src/", pathNot: ["^src/storage/", "^src/queue/", "\\.test\\.ts$"] },
      to: {
        path: "node_modules/(pg|pg-pool|kysely|@electric-sql/pglite[^/]*|pg-boss)/",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "queue-only-for-the-pool",
      severity: "error",
      comment: "src/queue/ may open pg-boss and its pool, but writes no SQL of its own through Kysely.",
      from: { path: "^src/queue/", pathNot: "\\.test\\.ts$" },
      to: { path: "node_modules/kysely/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "web-app-is-a-client",
      severity: "error",
      comment:
        "src/web/app/ runs in the browser: it reaches the server only through the generated API " +
        "client, never by importing server code (only the API's generated types).",
      from: { path: "^src/web/(app|sw)/" },
      to: { path: "^src/(?!web/(app|sw)/)" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    exclude: { path: "^src/web/static/" },
    // The browser app is resolved with its own tsconfig (DOM, Preact JSX).
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
