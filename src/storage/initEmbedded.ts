// Creates a new embedded database cluster in its own short-lived process (see initEmbeddedCluster),
// and keeps a fresh one made at install time as the template of every new data directory.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Memory settings of the embedded database, sized for one household on a small machine. */
export const EMBEDDED_SETTINGS = [
  "-c",
  "shared_buffers=16MB",
  "-c",
  "work_mem=2MB",
  "-c",
  "maintenance_work_mem=16MB",
];

/**
 * PGlite creates a new cluster by starting a second database in the same process, running initdb
 * in it and copying its files over: for a few seconds the first start of a fresh install held two
 * databases and a copy of their files (about 1 GB, measured with `/usr/bin/time -v`, on a machine
 * that rests at a third of that). Run here, that memory belongs to a process that ends before the
 * server opens the database, and the server's own process never grows to it. Resolves false when
 * the process could not do it; the caller then lets PGlite create the cluster itself.
 */
export function initEmbeddedCluster(pgdata: string): Promise<boolean> {
  const args = [
    ...(process.features.typescript ? [] : ["--import", "tsx"]),
    fileURLToPath(import.meta.url),
    pgdata,
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] });
    child.stderr.resume();
    child.once("error", () => resolve(false));
    child.once("exit", (code) => resolve(code === 0));
  });
}

/**
 * Where the fresh cluster made at install time is kept: beside the PGlite it was made by, under
 * node_modules/.cache (gone with node_modules, made again by the next install), named after
 * PGlite's version so that an upgraded PGlite never opens another version's files.
 */
export function embeddedTemplateDir(): string | null {
  try {
    const entry = fileURLToPath(import.meta.resolve("@electric-sql/pglite"));
    const at = entry.lastIndexOf(`${path.sep}@electric-sql${path.sep}pglite${path.sep}`);
    if (at < 0) return null;
    const pkgDir = entry.slice(0, at + `${path.sep}@electric-sql${path.sep}pglite`.length);
    const { version } = JSON.parse(readFileSync(path.join(pkgDir, "package.json"), "utf8")) as {
      version: string;
    };
    return path.join(path.dirname(path.dirname(pkgDir)), ".cache", "ladle", `embedded-pgdata-${version}`);
  } catch {
    return null;
  }
}

/**
 * Makes the template cluster once (in its own process, as above), for `npm install` and the
 * container build: the first start of an install then copies its files instead of running
 * initdb, and never holds initdb's gigabyte. True when the template is there afterwards.
 */
export async function prepareEmbeddedTemplate(dir = embeddedTemplateDir()): Promise<boolean> {
  if (!dir) return false;
  if (existsSync(path.join(dir, "PG_VERSION"))) return true;
  // Made beside its final place and renamed into it: a half-made template is never seen.
  const tmp = `${dir}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  try {
    if (!(await initEmbeddedCluster(tmp)) || !existsSync(path.join(tmp, "PG_VERSION"))) return false;
    renameSync(tmp, dir);
    return true;
  } catch {
    // Another install renamed its own first: that one serves.
    return existsSync(path.join(dir, "PG_VERSION"));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Gives `pgdata` (absent or empty) a fresh cluster: a copy of the install's template when there is
 * one, else one made in a short-lived process. False when neither worked (PGlite then runs initdb
 * itself, in this process).
 */
export async function createEmbeddedCluster(
  pgdata: string,
  template = embeddedTemplateDir(),
): Promise<boolean> {
  if (template && existsSync(path.join(template, "PG_VERSION"))) {
    try {
      cpSync(template, pgdata, { recursive: true });
      return true;
    } catch {
      rmSync(pgdata, { recursive: true, force: true });
    }
  }
  return initEmbeddedCluster(pgdata);
}

async function main(pgdata: string): Promise<void> {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create({
    dataDir: pgdata,
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS],
  });
  await db.close();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(process.argv[2]!).then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`${String(err)}\n`);
      process.exit(1);
    },
  );
}
