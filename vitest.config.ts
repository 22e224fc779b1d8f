import { defineConfig } from "vitest/config";

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
    // One migrated database per run, copied by each test file (see test/helpers/globalSetup.ts).
    globalSetup: ["test/helpers/globalSetup.ts"],
    // Bounds for a hang, not speed checks: CI hosts differ fourfold in speed and may be loaded (a
    // first import in a test file took over 20 s at load 27 on 2 cores).
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // expect.poll waits for a condition; its 1 s default, then 20 s, were met by a busy 2-core machine.
    expect: { poll: { timeout: 60_000 } },
    // Each file gets its own fresh database; keep parallelism modest on 2-core machines.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["test/e2e/**", "**/*.process.test.ts"],
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
          // Their hooks start a Ladle, a browser or child processes: a bound for a hang, not a
          // speed check (bookmarks.ui's start took over 60 s at load 26 on 2 cores).
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
