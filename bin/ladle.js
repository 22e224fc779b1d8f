#!/usr/bin/env node
// Entry point for `npx ladle` and `npm start`. On a Node too old for Ladle it runs itself again on
// Ladle's own Node 24 (fetched once into the user's cache: see ownNode.js). Node 22.18+/23.6+ runs
// the TypeScript sources itself (type stripping); older Node registers the tsx loader first.
import module from "node:module";
import { fileURLToPath } from "node:url";
import { OwnNodeError, needsOwnNode, ownNode } from "./ownNode.js";

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
  if (process.argv[2] === "serve") mallocForServer();
  // Node caches the type-stripped sources and their compiled code on disk: every command starts in
  // about half the CPU time after the first run (hundreds of modules).
  module.enableCompileCache?.();
  if (!process.features.typescript) {
    const { register } = await import("tsx/esm/api");
    register();
  }
  const { start } = await import("../src/cli/start.ts");
  process.exitCode = await start(process.argv.slice(2));
}

/**
 * A server process runs with glibc's malloc held to two arenas: by default each thread that
 * allocates (V8's compiler and GC helpers, libuv's pool, the extraction threads) gets its own arena,
 * and the memory freed in each stays resident. Two cost a few MiB less per process at rest (an API
 * and a worker process on PostgreSQL, `npm run bench -- memory`). Blocks from 128 KiB up are mapped
 * on their own and given back when freed: glibc otherwise raises that threshold to the largest block
 * freed so far (up to 32 MiB), and the big blocks freed while starting then stay resident (3-4 MiB
 * less for the two at rest). glibc reads
 * these only when a process starts, so the server runs itself again with them (same process id,
 * nothing left behind); a value the person set is kept, and elsewhere (musl, macOS, Windows)
 * nothing changes.
 */
function mallocForServer() {
  if (process.platform !== "linux" || process.env.MALLOC_ARENA_MAX !== undefined) return;
  if (typeof process.execve !== "function" || !process.report?.getReport().header.glibcVersionRuntime) return;
  process.execve(
    process.execPath,
    [process.execPath, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { MALLOC_MMAP_THRESHOLD_: "131072", ...process.env, MALLOC_ARENA_MAX: "2" },
  );
}
