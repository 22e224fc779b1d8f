// Preloaded into Ladle processes by the queue bench's profile mode (`BENCH_QUEUE_PROFILE=dir`,
// `node --import ./bench/countQueries.ts`): counts every statement sent through the `pg` driver
// (Kysely's pool and pg-boss's alike; one call is one round trip) by statement text, with the
// time to its answer and the bytes it sends (its parameters, and its text unless prepared; strings by length). SIGUSR2 writes the counts so far to `<dir>/queries-<pid>-<n>.json`; the bench
// takes one before and one after the sustained run and subtracts. (pg_stat_statements needs
// shared_preload_libraries, which a shared server may not have.)
import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const dir = process.env.BENCH_QUEUE_PROFILE;
if (dir) {
  const counts = new Map<string, { calls: number; ms: number; bytes: number }>();
  // What a statement's parameters weigh on the wire, near enough (a string's length, not its UTF-8 size).
  const size = (v: unknown): number =>
    typeof v === "string"
      ? v.length
      : Buffer.isBuffer(v) || v instanceof Uint8Array
        ? v.byteLength
        : Array.isArray(v)
          ? v.reduce((n: number, x) => n + size(x), 0)
          : v === null || v === undefined
            ? 0
            : String(v).length;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const key = (q: unknown): string => {
    const text = typeof q === "string" ? q : ((q as { text?: string } | null)?.text ?? "?");
    return text.replace(/\s+/g, " ").trim().slice(0, 160);
  };
  proto.query = function (this: unknown, ...args: unknown[]) {
    const k = key(args[0]);
    const q = args[0] as { name?: string; text?: string; values?: unknown[] } | string;
    // A named (prepared) statement's text goes once per connection: its values only are counted.
    const bytes =
      typeof q === "string"
        ? q.length + (Array.isArray(args[1]) ? size(args[1]) : 0)
        : (q?.name ? 0 : (q?.text?.length ?? 0)) + size(q?.values ?? (Array.isArray(args[1]) ? args[1] : []));
    const t0 = performance.now();
    const note = () => {
      const c = counts.get(k) ?? { calls: 0, ms: 0, bytes: 0 };
      c.calls++;
      c.bytes += bytes;
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
