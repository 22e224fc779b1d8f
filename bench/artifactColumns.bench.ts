// The cost per task of the artifact columns a batched task outcome sends (issue 51:
// src/storage/advanceMany.ts). Before 2026-12-03 they went as nine array parameters, which the `pg`
// driver turns into PostgreSQL's array text element by element (escaping each) and the server
// parses back; now as one JSON list read by `json_to_recordset`. Both forms are built here from the
// same outcomes (three artifacts per task, the shapes an import writes) and timed:
//
// - client: building the parameters and the driver's own conversion of them (`prepareValue`);
// - round trip: the same parameters read by a statement that only sums their columns (`pg` pool to
//   DATABASE_URL's server, else embedded PGlite), so the server's parsing is in it too.
//
//   npm run bench -- artifact-columns      (ARTIFACT_COLUMNS_BATCH tasks a statement, 20)
import { createRequire } from "node:module";
import { artifactParams, type TaskOutcome } from "../src/storage/advanceMany.ts";
import { openDatabase } from "../src/storage/db.ts";

const BATCH = Number(process.env.ARTIFACT_COLUMNS_BATCH ?? 20);
// The driver's conversion of a parameter (what `pool.query` applies to each value it sends).
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils.js") as {
  prepareValue: (v: unknown) => unknown;
};

/** A batch of outcomes with an import's artifacts: snapshot text, page meta, a draft kept in the result. */
function batch(n: number, seed: number): TaskOutcome[] {
  return Array.from({ length: n }, (_, k) => {
    const id = `t-${seed}-${k}-${"x".repeat(20)}`;
    const snapshot = Buffer.from(`Whisk the eggs «${k}», then the flour. `.repeat(200));
    const meta = Buffer.from(JSON.stringify({ statusCode: 200, url: `http://127.0.0.1/r/${k}` }));
    return {
      id,
      patch: { status: "ReviewReady", progress: 100 },
      events: [],
      artifacts: [
        {
          name: "snapshot.txt",
          type: "snapshot.text",
          content_type: "text/plain",
          encoding: "identity",
          size: snapshot.length,
          original_size: snapshot.length,
          truncated: false,
          data: snapshot,
        },
        {
          name: "page.meta.json",
          type: "page.meta",
          content_type: "application/json",
          encoding: "identity",
          size: meta.length,
          original_size: meta.length,
          truncated: false,
          data: meta,
        },
        {
          name: "draft.recipe.json",
          type: "draft.recipe.json",
          content_type: "application/json",
          encoding: "in-task-result",
          size: 0,
          original_size: 0,
          truncated: false,
          data: Buffer.alloc(0),
        },
      ],
    };
  });
}

/** The parameters as advanceMany built them before (nine arrays and the bodies). */
function arrayParams(items: TaskOutcome[]): unknown[] {
  const arts = items.flatMap((i) => i.artifacts.map((a) => ({ ...a, task_id: i.id })));
  const offsets: number[] = [];
  let off = 1;
  for (const a of arts) {
    offsets.push(off);
    off += a.data.length;
  }
  const bodies = Buffer.concat(arts.map((a) => a.data));
  const col = <K extends keyof (typeof arts)[number]>(k: K) => arts.map((a) => a[k]);
  return [
    bodies,
    col("task_id"),
    col("name"),
    col("type"),
    col("content_type"),
    col("encoding"),
    col("size"),
    col("original_size"),
    col("truncated"),
    offsets,
  ];
}

function jsonParams(items: TaskOutcome[]): unknown[] {
  const { columns, bodies } = artifactParams(items);
  return [bodies, columns];
}

const ARRAY_SQL = `SELECT count(*)::int AS n, sum(length(substring($1::bytea FROM v.off FOR v.size)))::int AS b
  FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[], $9::bool[], $10::int[])
  AS v(task_id, name, type, content_type, encoding, size, original_size, truncated, off)`;
const JSON_SQL = `SELECT count(*)::int AS n, sum(length(substring($1::bytea FROM v.off FOR v.size)))::int AS b
  FROM json_to_recordset($2::json) AS v(task_id text, name text, type text, content_type text, encoding text,
    size int, original_size int, truncated bool, off int)`;

/** Bytes of the column parameters as sent (the bodies left out: the same in both forms). */
function columnBytes(params: unknown[]): number {
  return params.slice(1).reduce<number>((s, p) => s + Buffer.byteLength(String(prepareValue(p))), 0);
}

export async function run(): Promise<void> {
  const batches = Array.from({ length: 50 }, (_, s) => batch(BATCH, s));
  const tasks = batches.length * BATCH;
  const forms = [
    { label: "nine arrays (before)", build: arrayParams, text: ARRAY_SQL },
    { label: "one JSON list (now)", build: jsonParams, text: JSON_SQL },
  ];
  const client = (build: (i: TaskOutcome[]) => unknown[]) => {
    const t0 = process.hrtime.bigint();
    for (const b of batches) build(b).forEach((p) => prepareValue(p));
    return Number(process.hrtime.bigint() - t0) / 1000 / tasks;
  };
  // Warm both (JIT), then the best of 5 alternated rounds.
  for (let r = 0; r < 3; r++) for (const f of forms) client(f.build);
  const best = forms.map(() => Infinity);
  for (let r = 0; r < 5; r++) forms.forEach((f, k) => (best[k] = Math.min(best[k]!, client(f.build))));
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(url ? { databaseUrl: url } : { dataDir: null });
  try {
    const trip = async (f: (typeof forms)[number]) => {
      const t0 = process.hrtime.bigint();
      for (const b of batches) await database.pool.query(f.text, f.build(b));
      return Number(process.hrtime.bigint() - t0) / 1000 / tasks;
    };
    for (let r = 0; r < 2; r++) for (const f of forms) await trip(f);
    const bestTrip = forms.map(() => Infinity);
    for (let r = 0; r < 5; r++)
      for (const [k, f] of forms.entries()) bestTrip[k] = Math.min(bestTrip[k]!, await trip(f));
    console.log(
      `${tasks} tasks, 3 artifacts each, ${BATCH} a statement, ${url ? "PostgreSQL server" : "embedded PGlite"}:`,
    );
    forms.forEach((f, k) =>
      console.log(
        `  ${f.label}: client ${best[k]!.toFixed(1)} µs per task, round trip ${bestTrip[k]!.toFixed(1)} µs per task, ` +
          `${(columnBytes(f.build(batches[0]!)) / BATCH).toFixed(0)} bytes of columns per task`,
      ),
    );
    console.log(
      `  client ratio ${(best[0]! / best[1]!).toFixed(1)}×, round trip ${(bestTrip[0]! / bestTrip[1]!).toFixed(2)}×`,
    );
  } finally {
    await database.close();
  }
}
