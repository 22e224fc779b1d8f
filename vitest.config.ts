import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own fresh database; keep parallelism modest on 2-core machines.
    maxWorkers: 2,
  },
});
