// The layout of docs/architecture.md, as rules `npm run check` enforces (npm run deps).
// Tests may set up state through any layer; the rules are about the product code.
// Type-only imports count too (a pure layer that names the network layer's types is coupled to it),
// except for the database rule, where naming Kysely's types to hand a transaction through is allowed.

/**
 * Which families each HTTP folder (src/api/<folder>/) may use, through their index.ts; every folder
 * may use src/services/shared/. A folder not named here may use no family: name it here first.
 */
const API_FAMILIES = {
  archives: ["archives"],
  backups: ["backups"],
  captures: ["captures"],
  collections: ["collections"],
  discovery: ["tasks"],
  duplicates: ["tasks"],
  feeds: ["feeds"],
  highlights: ["highlights"],
  household: ["users"],
  imports: ["imports"],
  items: ["items"],
  libraries: ["users"],
  // The articles' routes and the image proxy, which also serves a recipe's, a file's and a draft's picture.
  media: ["articles", "recipes", "collections", "tasks"],
  normalize: ["tasks"],
  // The operator's status: the house's readiness and queues, and the parse requests' counts.
  ops: ["parseRequests"],
  parseRequests: ["parseRequests"],
  plans: ["kitchen"],
  // The commit request is the review's (tasks family); a recipe's kitchen view is the kitchen's.
  recipes: ["recipes", "tasks", "kitchen"],
  refresh: ["tasks"],
  search: ["search"],
  session: ["users"],
  share: ["share"],
  shares: ["kitchen"],
  shopping: ["kitchen", "users"],
  storage: ["backups"],
  tasks: ["tasks"],
  users: ["users"],
  webhooks: ["webhooks"],
};
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const named = Object.keys(API_FAMILIES).map(escape).join("|");

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
      name: "api-meets-families-through-their-index",
      severity: "error",
      comment:
        "The HTTP adapter uses a family only through its index.ts (its create<Family>() factory and " +
        "what it exports), as families use each other; src/services/shared/ is everyone's.",
      from: { path: "^src/api/", pathNot: "\\.test\\.ts$" },
      to: { path: "^src/services/", pathNot: ["^src/services/shared/", "^src/services/[^/]+/index\\.ts$"] },
    },
    ...Object.entries(API_FAMILIES).map(([folder, families]) => ({
      name: "api-folder-uses-its-family",
      severity: "error",
      comment:
        `src/api/${folder}/ is handed its family and uses no other (API_FAMILIES in ` +
        ".dependency-cruiser.cjs names the families each HTTP folder may use).",
      from: { path: `^src/api/${escape(folder)}/`, pathNot: "\\.test\\.ts$" },
      to: {
        path: "^src/services/",
        pathNot: ["^src/services/shared/", ...families.map((f) => `^src/services/${escape(f)}/`)],
      },
    })),
    {
      name: "api-folder-uses-its-family",
      severity: "error",
      comment:
        "An HTTP folder not named in API_FAMILIES (.dependency-cruiser.cjs) uses no family: " +
        "name the families it is handed there.",
      from: { path: `^src/api/(?!(${named})/)[^/]+/`, pathNot: "\\.test\\.ts$" },
      to: { path: "^src/services/", pathNot: "^src/services/shared/" },
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
      to: { path: "^src/(services|app|api|mcp|cli)/" },
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
