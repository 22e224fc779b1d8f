// Runs every benchmark in turn and prints its figures. `npm run bench [-- name...]` runs a subset.
const all: Record<string, () => Promise<void>> = {
  ingest: async () => (await import("./ingest.bench.ts")).run(),
  extract: async () => (await import("./extract.bench.ts")).run(),
  gateway: async () => (await import("./gateway.bench.ts")).run(),
  guardrail: async () => (await import("./guardrail.bench.ts")).run(),
};

const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(all)) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.log(`\n== ${name} ==`);
  await run();
}
