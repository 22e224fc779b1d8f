// Loaded with `--import` into a child process: records every module it loads and writes their
// URLs, one a line, to LADLE_MODULE_LIST once the process receives SIGUSR2 (a test's "now").
import { writeFileSync } from "node:fs";
import module from "node:module";

const loaded = new Set<string>();
module.registerHooks({
  resolve(specifier, context, next) {
    const r = next(specifier, context);
    loaded.add(r.url);
    return r;
  },
});
// Node's own modules too ("node-internal:" and the name), as loaded by then: its TypeScript stripper
// among them, which a server started from a cold compile cache must not keep (bin/ladle.js).
process.on("SIGUSR2", () =>
  writeFileSync(
    process.env.LADLE_MODULE_LIST!,
    [
      ...loaded,
      ...(process as unknown as { moduleLoadList: string[] }).moduleLoadList.map((m) => `node-internal:${m}`),
    ].join("\n"),
  ),
);
