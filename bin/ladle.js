#!/usr/bin/env node
// Entry point for `npx ladle` and `npm start`. On a Node too old for Ladle it runs itself again on
// Ladle's own Node 24 (fetched once into the user's cache: see ownNode.js). Node 22.18+/23.6+ runs
// the TypeScript sources itself (type stripping); older Node registers the tsx loader first.
import { readdirSync } from "node:fs";
import module from "node:module";
import { fileURLToPath } from "node:url";
import { OwnNodeError, needsOwnNode, ownNode } from "./ownNode.js";
import { plainRegexpBytecode } from "./regexpBytecode.js";
import { restCompilers } from "./restingCompilers.js";
import { serverMallocEnv } from "./serverMalloc.js";
import { wasmFlags } from "./wasmCompilers.js";

if (needsOwnNode(process.versions.node)) {
  let node;
  try {
    node = ownNode();
  } catch (err) {
    if (!(err instanceof OwnNodeError)) throw err;
    process.stderr.write(`ladle: ${err.message}\n`);
    process.exit(1);
  }
  const { runForeground } = await import("./runForeground.js");
  runForeground(
    node.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    node.env,
  );
} else {
  runAgainTuned();
  // A worker process waits for its first job without V8's optimizing compilers (restingCompilers.js);
  // before the compile cache, whose folder is named after V8's flags.
  if (process.argv[2] === "serve" && workerRole()) restCompilers();
  // Each regular expression's bytecode serves about one match before V8 compiles it to native code:
  // not worth V8's peephole pass (regexpBytecode.js). Before the compile cache, like the line above.
  plainRegexpBytecode();
  // Node caches the type-stripped sources and their compiled code on disk: every command starts in
  // about half the CPU time after the first run (hundreds of modules).
  module.enableCompileCache?.();
  if (process.argv[2] === "serve") await strippedBeforeServing();
  if (!process.features.typescript) {
    const { register } = await import("tsx/esm/api");
    register();
  }
  const { start } = await import("../src/cli/start.ts");
  process.exitCode = await start(process.argv.slice(2));
}

/** `ladle serve --role worker`: a process that runs jobs and serves no HTTP. */
function workerRole() {
  return process.argv.some(
    (a, i) => a === "--role=worker" || (a === "worker" && process.argv[i - 1] === "--role"),
  );
}

/**
 * Every command runs WebAssembly on V8's baseline compiler only (`--liftoff-only`). The embedded
 * database is ~25 MB of WebAssembly: with tier-up, V8 compiles it again with TurboFan on background
 * threads, which a short command pays at its exit (`ladle users list` on an embedded database:
 * 4.5 s and 5.8 s of CPU, 1.6 s and 2.0 s without), and which a server pays in memory (PGlite's
 * tier-up peaked near 700 MiB: bench/README.md). Its queries are small; what is heavy in WebAssembly
 * (OCR) runs in the document reader's own process, with its own flags.
 *
 * A server also runs with glibc's malloc settings of serverMalloc.js (two arenas, blocks from
 * 1 MiB mapped on their own: fewer MiB resident at rest, a page's body reused memory). glibc reads
 * them only when a process starts.
 *
 * V8 reads its WebAssembly flags when it starts too, so the process runs itself again with what it
 * lacks (same process id, nothing left behind). What the person set is kept: their own WebAssembly
 * or malloc settings; and elsewhere (no execve: Windows) nothing changes.
 */
function runAgainTuned() {
  if (typeof process.execve !== "function") return;
  const flags = wasmFlags();
  const env =
    process.argv[2] === "serve" &&
    process.platform === "linux" &&
    process.report?.getReport().header.glibcVersionRuntime
      ? serverMallocEnv(process.env)
      : null;
  if (!flags.length && !env) return;
  process.execve(
    process.execPath,
    [
      process.execPath,
      ...flags,
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    env ?? process.env,
  );
}

/**
 * A server's first start after an upgrade or a source change strips TypeScript with Node's
 * WebAssembly build of swc (amaro), which then stays loaded in the process for good: ~17 MiB of
 * each API and worker process until its next restart (issue 51). So a server loads its start-up
 * modules first without starting anything; if that needed the stripper, it saves the compile
 * cache at once and runs itself again (same process id, nothing listening or connected yet),
 * starting from the cache without the stripper. A start from a warm cache pays only the check.
 * The marker stops a second round where the cache cannot be written (read-only, disabled).
 */
async function strippedBeforeServing() {
  const WARMED = "LADLE_COMPILE_CACHE_WARMED";
  if (process.env[WARMED] !== undefined) {
    // Not handed on to what this server starts (the embedded database's helper, extraction threads).
    delete process.env[WARMED];
    return;
  }
  if (!process.features.typescript || typeof process.execve !== "function" || !module.getCompileCacheDir?.())
    return;
  const loads = [import("../src/cli/start.ts"), import("../src/cli/serve.ts")];
  // What an HTTP server loads as it starts (src/api/server.ts); a worker loads neither.
  const worker = workerRole();
  if (!worker) loads.push(import("../src/api/app.ts"), import("../src/web/buildApp.ts"));
  await Promise.all(loads);
  if (!process.moduleLoadList.includes("NativeModule internal/deps/amaro/dist/index")) return;
  // The cache is being rebuilt (an upgrade, a change): what a server may load later goes into it
  // too, since this process is replaced anyway. A change to one of these alone is not seen here.
  // Modules a server loads after it started, or only in one setting: the embedded database's
  // socket, the migrations (each read only to run it), an API's routes (each family's with its
  // first request: src/api/lazyRoutes.ts).
  const under = (dir, test) =>
    readdirSync(new URL(dir, import.meta.url), { recursive: true })
      .filter((f) => test.test(f))
      .map((f) => new URL(dir + f, import.meta.url).href);
  const later = [
    ...under("../src/storage/migrations/", /^\d+_\w+\.ts$/),
    ...(worker
      ? []
      : [...under("../src/api/", /\.routes\.ts$/), new URL("../src/mcp/mcpRoutes.ts", import.meta.url).href]),
  ];
  await Promise.all([import("../src/storage/pgliteServer.ts"), ...later.map((m) => import(m))]);
  module.flushCompileCache();
  process.execve(
    process.execPath,
    [process.execPath, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { ...process.env, [WARMED]: "1" },
  );
}
