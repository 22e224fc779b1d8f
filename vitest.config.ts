import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // One migrated embedded database, copied by each test file (see test/helpers/globalSetup.ts).
    globalSetup: ["test/helpers/globalSetup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own fresh database; keep parallelism modest on 2-core machines.
    maxWorkers: 2,
  },
});
