import fs from "node:fs";
import { defineConfig } from "vitest/config";

/** Words of a test file that reaches a database: its helpers, the storage layer, the drivers. */
const REACHES_DATABASE =
  /testDb|testLadle|openTestDatabase|startTestLadle|helpers\/users|DATABASE_URL|storage\/|database|Database|[Pp][Gg]lite|[Kk]ysely|pg-boss|\bpg\b|\/queue\//;

/**
 * `LADLE_UNIT_SCOPE=database` leaves out the unit files that never reach a database (pure rules,
 * readers, the corpus scores: 155 of 245 files). CI's server run sets it: those files ran in the
 * quick start on the same Node, and what they check does not depend on the database. A file is
 * left out only when none of REACHES_DATABASE's words appears in it, so a doubt keeps it in.
 */
function unitFilesWithoutDatabase(scope = process.env.LADLE_UNIT_SCOPE): string[] {
  if (!scope) return [];
  if (scope !== "database") throw new Error(`LADLE_UNIT_SCOPE=${scope}: expected database`);
  const root = new URL(".", import.meta.url);
  return fs
    .globSync(["src/**/*.test.ts", "test/**/*.test.ts"], { cwd: root })
    .filter((f) => !f.startsWith("test/e2e/") && !f.endsWith(".process.test.ts"))
    .filter((f) => !REACHES_DATABASE.test(fs.readFileSync(new URL(f, root), "utf8")));
}

/**
 * `LADLE_BROWSER_SHARE=k[,k…]/n` runs, of the browser tests (`test/e2e/*.ui.test.ts`, in name
 * order), only the k-th of every n; the others are left out. CI runs the screens once, shared
 * between its two databases' runs (.ci/run): what a screen shows does not depend on the database
 * behind the API, whose every route the unit tests drive on both. Unset: all of them.
 */
function browserTestsLeftOut(share = process.env.LADLE_BROWSER_SHARE): string[] {
  if (!share) return [];
  const m = /^(\d+(?:,\d+)*)\/(\d+)$/.exec(share);
  if (!m) throw new Error(`LADLE_BROWSER_SHARE=${share}: expected k/n or k,k/n, as 1,2/3`);
  const keep = new Set(m[1]!.split(",").map(Number));
  const n = Number(m[2]);
  return fs
    .readdirSync(new URL("test/e2e/", import.meta.url))
    .filter((f) => f.endsWith(".ui.test.ts"))
    .sort()
    .filter((_, i) => !keep.has((i % n) + 1))
    .map((f) => `test/e2e/${f}`);
}

// Two projects: `unit` (npm test: pure rules, routes through app.request(), repos, services, the
// corpus scores) and `e2e` (npm run test:e2e: browsers, CLI and worker processes, faults and
// restarts), which spawn processes and take most of the time. A test beside the code that spawns
// processes is named `*.process.test.ts` and runs with e2e. `npm run test:all` runs both, as CI does.
export default defineConfig({
  // Vitest keeps each file's last duration here and starts the slowest files first, so that no
  // long file starts last and runs alone at the end of a run. Outside node_modules, so that it
  // outlives an `npm ci` between two runs of one checkout (a fresh clone, as in CI, has none yet).
  cacheDir: ".cache/vite",
  test: {
    // As every Ladle process runs (bin/ladle.js): the embedded database's WebAssembly on V8's
    // baseline compiler, without a TurboFan compile of it in each test file's process (a quarter of
    // the CPU of the storage tests).
    execArgv: ["--liftoff-only"],
    // One migrated database per run, copied by each test file (see test/helpers/globalSetup.ts).
    globalSetup: ["test/helpers/globalSetup.ts"],
    // Bounds for a hang, never speed checks, and the only ones: tests set no timeouts of their own.
    // CI hosts differ fourfold in speed and run the two databases' suites side by side on 2 cores
    // (load 12-15): a browser test that took 62 s at one width took over 90 s at the other, and a
    // bound tuned per test was met again wherever the host was slower than the one it was tuned on.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // expect.poll waits for a condition; its 1 s default, then 20 s, then 60 s were met by a busy
    // 2-core machine.
    expect: { poll: { timeout: 180_000 } },
    // Each file gets its own fresh database; keep parallelism modest on 2-core machines.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["test/e2e/**", "**/*.process.test.ts", ...unitFilesWithoutDatabase()],
          // Every route's answer is checked against its definition (src/api/defineRoute.ts): an
          // undeclared status or shape answers 500 and fails the test that met it.
          env: { LADLE_CHECK_RESPONSES: "1" },
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts", "src/**/*.process.test.ts"],
          exclude: browserTestsLeftOut(),
        },
      },
    ],
  },
});
