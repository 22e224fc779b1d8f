// Preloaded into Ladle processes by the queue bench's profile mode (`BENCH_QUEUE_PROFILE=dir`,
// `node --import ./bench/countQueries.ts`): counts every statement sent through the `pg` driver
// (Kysely's pool and pg-boss's alike; one call is one round trip) by statement text, with the
// time to its answer. SIGUSR2 writes the counts so far to `<dir>/queries-<pid>-<n>.json`; the bench
// takes one before and one after the sustained run and subtracts. (pg_stat_statements needs
// shared_preload_libraries, which a shared server may not have.)
import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const dir = process.env.BENCH_QUEUE_PROFILE;
if (dir) {
  const counts = new Map<string, { calls: number; ms: number }>();
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const key = (q: unknown): string => {
    const text = typeof q === "string" ? q : ((q as { text?: string } | null)?.text ?? "?");
    return text.replace(/\s+/g, " ").trim().slice(0, 160);
  };
  proto.query = function (this: unknown, ...args: unknown[]) {
    const k = key(args[0]);
    const t0 = performance.now();
    const note = () => {
      const c = counts.get(k) ?? { calls: 0, ms: 0 };
      c.calls++;
      c.ms += performance.now() - t0;
      counts.set(k, c);
    };
    const out = original.apply(this, args);
    if (out && typeof (out as Promise<unknown>).then === "function")
      (out as Promise<unknown>).then(note, note);
    else note();
    return out;
  };
  let n = 0;
  process.on("SIGUSR2", () => {
    const file = path.join(dir, `queries-${process.pid}-${n++}.json`);
    // Whole or not at all: the bench reads it as soon as the name appears.
    writeFileSync(`${file}.tmp`, JSON.stringify(Object.fromEntries(counts)));
    renameSync(`${file}.tmp`, file);
  });
}
