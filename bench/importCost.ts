// Instructions per import against instructions per `ladle extract` page, counted by callgrind (issue
// 51). Seconds on a shared 2-core machine move with the neighbours; instructions move ~0.2% between
// runs at low load, so a before/after pair run back to back says whether an import got cheaper.
//
//   DATABASE_URL=postgres://…/ladle_x node bench/importCost.ts
//
// An API and one worker process (`ladle serve`, defaults but per-domain politeness off) each run under
// `valgrind --tool=callgrind`, against a throwaway database on DATABASE_URL's server (PostgreSQL is
// not counted: it is not under valgrind). A warm-up of fixture pages (never a measured page), then
// the counters are zeroed (`callgrind_control -z`), N distinct corpus pages are imported from a
// loopback site in waves of W at once, every task waited final, and the counters dumped
// (`callgrind_control -d`): Ladle's instructions per import, API and worker. Then `ladle extract`
// over the same N files and over the first one, each under callgrind (one extraction thread, as
// the lead's counts): (I(N) − I(1)) / (N − 1) per page, start-up out.
//
// IMPORT_COST_N pages (60), IMPORT_COST_WARM warm-up imports (20), IMPORT_COST_WAVE in flight (20),
// IMPORT_COST_EXTRACT=0 skips the `ladle extract` runs (the import side alone, for pairs),
// IMPORT_COST_DIR keeps the callgrind files (else a temporary folder, removed).
// Timers (pg-boss's polls, progress writes) run by wall time, and valgrind runs ~50× slower: a run
// at a higher load polls more per import. Compare runs made back to back at the same load.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import {
  corpusPages,
  fixturePages,
  freePort,
  isFinal,
  ladleEnv,
  startLadle,
  startSite,
  stopLadle,
  submit,
  throwawayDatabase,
  waitAllFinal,
} from "./cluster.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const N = Number(process.env.IMPORT_COST_N ?? 60);
const WARM = Number(process.env.IMPORT_COST_WARM ?? 20);
const WAVE = Number(process.env.IMPORT_COST_WAVE ?? 20);
const EXTRACT = process.env.IMPORT_COST_EXTRACT !== "0";
const run = promisify(execFile);

/** valgrind's command line for one counted process writing into `dir` as `<name>.<pid>`. */
export function callgrind(dir: string, name: string): string[] {
  return [
    "valgrind",
    "-q",
    "--tool=callgrind",
    // `ladle serve` runs itself again with its malloc settings (execve, same pid): followed.
    "--trace-children=yes",
    "--trace-children-skip=*esbuild*,*/sh,*/bash",
    `--callgrind-out-file=${path.join(dir, `${name}.%p`)}`,
  ];
}

/** The instructions of a callgrind file (its `totals:` or `summary:` line). */
function totalOf(file: string): number {
  const m = /^(?:totals|summary): (\d+)/m.exec(readFileSync(file, "utf8"));
  if (!m) throw new Error(`no totals in ${file}`);
  return Number(m[1]);
}

/**
 * `callgrind_control` on a counted process. It finds the process's vgdb pipes by the name the
 * process gave them, which holds its `HOST` variable: a Ladle server's (`ladleEnv`), not this shell's.
 */
export async function control(args: string[]): Promise<void> {
  const { stdout, stderr } = await run("callgrind_control", args, {
    timeout: 600_000,
    env: { ...process.env, HOST: "127.0.0.1" },
  });
  if (/error|failed/i.test(stdout + stderr))
    throw new Error(`callgrind_control ${args.join(" ")}: ${stdout}${stderr}`);
}

/** Dumps a counted process's counters into a new file and returns its instructions. */
export async function dump(dir: string, pid: number): Promise<number> {
  const before = new Set(readdirSync(dir));
  await control(["-d", String(pid)]);
  for (let i = 0; i < 600; i++) {
    const f = readdirSync(dir).find((x) => x.includes(`.${pid}.`) && !before.has(x));
    if (f) {
      // Written by the process itself after the control answered: wait until it is whole.
      await new Promise((r) => setTimeout(r, 500));
      return totalOf(path.join(dir, f));
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no dump of ${pid}`);
}

/** `ladle extract` over these files under callgrind: its instructions, start-up included. */
async function extractCount(dir: string, name: string, files: string[]): Promise<number> {
  await run(
    "valgrind",
    [
      ...callgrind(dir, name).slice(1),
      process.execPath,
      path.join(ROOT, "bin/ladle.js"),
      "extract",
      ...files,
    ],
    {
      maxBuffer: 1024 * 1024 * 1024,
      env: { PATH: process.env.PATH, LADLE_CONFIG: "", LADLE_CPU_CONCURRENCY: "1" },
    },
  );
  const f = readdirSync(dir).find((x) => x.startsWith(`${name}.`));
  return totalOf(path.join(dir, f!));
}

const G = (n: number) => `${(n / 1e9).toFixed(3)} G`;
const M = (n: number) => `${(n / 1e6).toFixed(2)} M`;

export async function main(): Promise<void> {
  const all = corpusPages();
  if (!all.files.length)
    return console.log("no corpus beside the checkout (../shared/corpus/recipes): skipped");
  // Spread over the corpus (every k-th sorted page): many sites, none twice.
  const step = Math.max(1, Math.floor(all.files.length / N));
  const pick = all.files
    .map((_, i) => i)
    .filter((i) => i % step === 0)
    .slice(0, N);
  const files = pick.map((i) => all.files[i]!);
  const bodies = pick.map((i) => all.bodies[i]!);
  const warm = fixturePages();
  const dir = process.env.IMPORT_COST_DIR ?? mkdtempSync(path.join(tmpdir(), "import-cost-"));
  mkdirSync(dir, { recursive: true });
  const site = await startSite([...warm, ...bodies]);
  const db = await throwawayDatabase("ladle_cost");
  const port = await freePort();
  const env = ladleEnv(db.url, port);
  process.env.BENCH_START_TIMEOUT_MS ??= "900000";
  console.log(
    `${files.length} distinct corpus pages, warm-up ${WARM} fixture imports, waves of ${WAVE}; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  const procs = [];
  try {
    const api = await startLadle("api", env, callgrind(dir, "api"));
    procs.push(api);
    const worker = await startLadle("worker", env, callgrind(dir, "worker"));
    procs.push(worker);
    const origin = `http://127.0.0.1:${port}`;
    const waves = async (
      count: number,
      url: (i: number) => string,
      key: (i: number) => string,
      base: number,
    ) => {
      for (let w = 0; w < count; w += WAVE) {
        const ids = Array.from({ length: Math.min(WAVE, count - w) }, (_, k) => w + k);
        await Promise.all(ids.map((i) => submit(origin, url(i), key(i))));
        await waitAllFinal(db.url, base + w + ids.length, 1_800_000);
      }
    };
    await waves(
      WARM,
      (i) => `${site.origin}/r/${i % warm.length}?warm=${i}`,
      (i) => `warm-${i}`,
      0,
    );
    await control(["-z", String(api.pid)]);
    await control(["-z", String(worker.pid)]);
    const t0 = Date.now();
    const load0 = loadavg()[0]!;
    await waves(
      files.length,
      (i) => `${site.origin}/r/${warm.length + i}?m`,
      (i) => `m-${i}`,
      WARM,
    );
    const seconds = (Date.now() - t0) / 1000;
    const apiI = await dump(dir, api.pid!);
    const workerI = await dump(dir, worker.pid!);
    const done = (await waitAllFinal(db.url, WARM + files.length, 60_000)).filter((t) =>
      t.url.endsWith("?m"),
    );
    const ready = done.filter((t) => t.status === "ReviewReady").length;
    const final = done.filter((t) => isFinal(t.status)).length;
    const n = files.length;
    console.log(
      `imports: ${n} (${ready} ReviewReady, ${final - ready} other final, ${n - final} not final) in ${seconds.toFixed(0)} s under callgrind, load average ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      `  Ladle instructions per import: ${M((apiI + workerI) / n)} (API ${M(apiI / n)}, worker ${M(workerI / n)})`,
    );
    for (const p of procs.splice(0)) await stopLadle(p);
    if (EXTRACT) {
      const [many, one] = await Promise.all([
        extractCount(dir, "extractN", files),
        extractCount(dir, "extract1", files.slice(0, 1)),
      ]);
      const perPage = (many - one) / (n - 1);
      console.log(
        `ladle extract: ${G(many)} over ${n} files, ${G(one)} over 1: ${M(perPage)} per page; an import is ${((apiI + workerI) / n / perPage).toFixed(2)}× its page (worker alone ${(workerI / n / perPage).toFixed(2)}×); load average ${loadavg()[0]!.toFixed(1)}`,
      );
    }
  } finally {
    for (const p of procs) await stopLadle(p);
    await db.drop();
    await site.close();
    if (!process.env.IMPORT_COST_DIR) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
