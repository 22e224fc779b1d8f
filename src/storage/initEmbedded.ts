// Creates a new embedded database cluster in its own short-lived process (see initEmbeddedCluster).
import { spawn } from "node:child_process";
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
 * databases and a copy of their files (about 700 MB on a machine that rests at a third of that).
 * Run here, that memory belongs to a process that ends before the server opens the database, and
 * the server's own process never grows to it. Resolves false when the process could not do it; the
 * caller then lets PGlite create the cluster itself.
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
