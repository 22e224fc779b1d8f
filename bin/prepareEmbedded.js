#!/usr/bin/env node
// Run by `npm install` / `npm ci` (postinstall) and the container build: makes the fresh embedded
// database cluster that a new data directory starts as a copy of (src/storage/initEmbedded.ts), so
// that the first `ladle serve` never runs initdb, which holds about 1 GB for a while. Never fails
// an install: without the template the first start makes its cluster as before.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { needsOwnNode } from "./ownNode.js";

const source = fileURLToPath(new URL("../src/storage/initEmbedded.ts", import.meta.url));
if (process.env.LADLE_SKIP_EMBEDDED_TEMPLATE === "true") {
  // Installs that always use a PostgreSQL server may skip the template.
} else if (!existsSync(source) || needsOwnNode(process.versions.node) || !process.features.typescript) {
  // The container installs its packages before it copies the sources (it runs this again after),
  // and an older Node reads no TypeScript: the first start makes the cluster instead.
} else {
  try {
    const { prepareEmbeddedTemplate, embeddedTemplateDir } = await import(source);
    const ok = await prepareEmbeddedTemplate();
    process.stdout.write(
      ok
        ? `ladle: embedded database template ready (${embeddedTemplateDir()})\n`
        : "ladle: no embedded database template (the first start will make its database)\n",
    );
  } catch (err) {
    process.stdout.write(`ladle: no embedded database template (${String(err)})\n`);
  }
}
