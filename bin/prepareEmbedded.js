#!/usr/bin/env node
// Run by `npm install` / `npm ci` (postinstall) and the container build: makes the fresh embedded
// database cluster that a new data directory starts as a copy of (src/storage/initEmbedded.ts), so
// that the first `ladle serve` never runs initdb, which holds about 1 GB for a while. Never fails
// an install: without the template the first start makes its cluster as before.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { needsOwnNode, ownNode } from "./ownNode.js";

const source = fileURLToPath(new URL("../src/storage/initEmbedded.ts", import.meta.url));
const say = (line) => process.stdout.write(`ladle: ${line}\n`);

if (process.env.LADLE_SKIP_EMBEDDED_TEMPLATE === "true") {
  // Installs that always use a PostgreSQL server may skip the template.
} else if (!existsSync(source)) {
  // The container installs its packages before it copies the sources (it runs this again after).
} else if (needsOwnNode(process.versions.node)) {
  // An older Node reads no TypeScript. `npm start` would fetch Node 24 into the user's cache on its
  // first run anyway; fetching it now lets the template be made here, so that the first start
  // copies it instead of holding initdb's gigabyte on a machine that may not have one to spare.
  try {
    const node = ownNode({ say });
    const run = spawnSync(node.execPath, [fileURLToPath(import.meta.url)], {
      env: node.env,
      stdio: "inherit",
    });
    if (run.status !== 0) say("no embedded database template (the first start will make its database)");
  } catch (err) {
    say(
      `no embedded database template (${err instanceof Error ? err.message : String(err)}); the first start will make its database`,
    );
  }
} else if (!process.features.typescript) {
  // A Node new enough to run Ladle always reads TypeScript; kept so a build without it never fails the install.
} else {
  try {
    const { prepareEmbeddedTemplate, embeddedTemplateDir } = await import(source);
    const ok = await prepareEmbeddedTemplate();
    say(
      ok
        ? `embedded database template ready (${embeddedTemplateDir()})`
        : "no embedded database template (the first start will make its database)",
    );
  } catch (err) {
    say(`no embedded database template (${String(err)})`);
  }
}
