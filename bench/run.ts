// Runs every benchmark in turn and prints its figures. `npm run bench [-- name...]` runs a subset.
const all: Record<string, () => Promise<void>> = {
  ingest: async () => (await import("./ingest.bench.ts")).run(),
  extract: async () => (await import("./extract.bench.ts")).run(),
  gateway: async () => (await import("./gateway.bench.ts")).run(),
  guardrail: async () => (await import("./guardrail.bench.ts")).run(),
  imports: async () => (await import("./imports.bench.ts")).run(),
  bookmarks: async () => (await import("./bookmarks.bench.ts")).run(),
  // Reliability: imports/s with one and two worker processes on PostgreSQL, 500-URL burst p50/p95.
  queue: async () => (await import("./queue.bench.ts")).run(),
  // A batched task outcome's artifact columns: µs and bytes per task, nine arrays against one JSON list.
  "artifact-columns": async () => (await import("./artifactColumns.bench.ts")).run(),
  // Every corpus page imported by URL through API + worker: failures (walls, kinds) and drafts that
  // read otherwise than the extractor alone (exit 1 on either).
  corpus: async () => (await import("./corpusImport.bench.ts")).run(),
  // Fair queues: one user's single import while another's 300 are queued (submit → final).
  fairness: async () => (await import("./fairness.bench.ts")).run(),
  // Safe to share: three users against API + worker processes (cross-user, limits, bomb, faults).
  share: async () => (await import("./share.bench.ts")).run(),
  discovery: async () => (await import("./discovery.bench.ts")).run(),
  normalize: async () => (await import("./normalize.bench.ts")).run(),
  article: async () => (await import("./article.bench.ts")).run(),
  parse: async () => (await import("./parse.bench.ts")).run(),
  // Ingredient lines: the tagger's lines/s (goal 50,000 per CPU second) and model load time.
  ingredients: async () => (await import("./ingredients.bench.ts")).run(),
  // Search: p95 over 10,000 recipes + 10,000 articles (goal ≤ 50 ms); DATABASE_URL for the server.
  search: async () => (await import("./search.bench.ts")).run(),
  // Whole-install resident memory summed by process: embedded start peak, at rest, after 200 imports;
  // an API and a worker process on the PostgreSQL server at rest.
  memory: async () => (await import("./memory.bench.ts")).run(),
  // A big library in the browser at 390 px: list, search, recipe under 1 s; the review's height in screens.
  ui: async () => (await import("./ui.bench.ts")).run(),
};

// Names of benches; flags (`--check`) are the benches' own.
const wanted = process.argv.slice(2).filter((a) => !a.startsWith("--"));
for (const [name, run] of Object.entries(all)) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.log(`\n== ${name} ==`);
  await run();
}
