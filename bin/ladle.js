#!/usr/bin/env node
// Entry point for `npx ladle` and `npm start`. Node 22.18+/23.6+ runs the TypeScript sources itself
// (type stripping); older Node registers the tsx loader first.
import module from "node:module";
import { nodeTooOld } from "./requireNode.js";

const tooOld = nodeTooOld(process.versions.node);
if (tooOld) {
  process.stderr.write(`ladle: ${tooOld}\n`);
  process.exit(1);
}
// Node caches the type-stripped sources and their compiled code on disk: every command starts in
// about half the CPU time after the first run (hundreds of modules).
module.enableCompileCache?.();
if (!process.features.typescript) {
  const { register } = await import("tsx/esm/api");
  register();
}
const { main } = await import("../src/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
