#!/usr/bin/env node
// Entry point for `npx ladle` and `npm start`. On a Node too old for Ladle it runs itself again on
// Ladle's own Node 24 (fetched once into the user's cache: see ownNode.js). Node 22.18+/23.6+ runs
// the TypeScript sources itself (type stripping); older Node registers the tsx loader first.
import module from "node:module";
import { fileURLToPath } from "node:url";
import { OwnNodeError, needsOwnNode, ownNode } from "./ownNode.js";
import { serverMallocEnv } from "./serverMalloc.js";

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
 * A server process runs with glibc's malloc settings of serverMalloc.js (two arenas, blocks from
 * 1 MiB mapped on their own: fewer MiB resident at rest, a page's body reused memory). glibc reads
 * them only when a process starts, so the server runs itself again with them (same process id,
 * nothing left behind); a value the person set is kept, and elsewhere (musl, macOS, Windows)
 * nothing changes.
 */
function mallocForServer() {
  const env = process.platform === "linux" ? serverMallocEnv(process.env) : null;
  if (!env) return;
  if (typeof process.execve !== "function" || !process.report?.getReport().header.glibcVersionRuntime) return;
  process.execve(
    process.execPath,
    [process.execPath, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    env,
  );
}
