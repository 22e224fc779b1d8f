import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// An API process at rest holds no extraction code: the pipeline, the readers, the ingredient
// tagger, OCR and PDF reading load with the first job that needs them, in a worker (issue 51: each
// process's memory is the install's). A static import of any of them from what the API loads
// brings them back; this test names the one that did.
const ROOT = path.resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const HOOK = path.join(ROOT, "test/helpers/moduleList.ts");

/**
 * Source files and packages that are extraction, never the API's at rest; and, on the PostgreSQL
 * server, the job system, which loads with the first job the API sends (pg-boss with its scheduler,
 * cron and rrule code: ~5 MiB of a process that has sent nothing). The embedded install starts it
 * with the process on purpose: a send inside a transaction would wait forever for the database's
 * only connection (src/queue/queue.ts).
 */
const JOB_SYSTEM = /\/node_modules\/(pg-boss|cron-parser|luxon|rrule-temporal)\//;
const EXTRACTION = [
  ...(process.env.DATABASE_URL ? [JOB_SYSTEM] : []),
  /\/src\/extract\//,
  /\/src\/pipeline\//,
  /\/src\/guardrail\//,
  // documentReader.ts only forks the reader's own process; what reads in it:
  /\/src\/services\/imports\/(ocr|documentWorker|fractionGlyphs)\.ts$/,
  /\/node_modules\/(htmlparser2|parse-ingredient|tesseract\.js|unpdf|entities)\//,
  // Node's TypeScript stripper (amaro, a WebAssembly swc: ~17 MiB until the process ends). The API
  // starts from an empty compile cache, as after an upgrade: it strips before serving, saves the
  // cache and runs itself again without the stripper (bin/ladle.js).
  /^node-internal:NativeModule internal\/deps\/amaro\//,
  // Each family's routes load with the first request for them (lazyRoutes.ts); the first screen
  // needs none (the web app's own routes are in src/web).
  /\/src\/api\/.+\.routes\.ts$/,
  /\/src\/mcp\/mcpRoutes\.ts$/,
];
/** What the API uses of those folders, with why. */
const ALLOWED = [
  "src/extract/detectBlock.ts", // the gateway's test of a challenge page, on every fetch
  "src/extract/numberWords.ts", // number words the kitchen's cooking steps read
  "src/extract/lazyRequire.ts", // the prompts' template engine loaded with its first use
  "src/extract/captions.ts", // an upload's kind sniffed from its bytes
  "src/pipeline/validateRecipe.ts", // a recipe's checks, run on every edit and commit
  "src/pipeline/severalRecipes.ts", // the several-recipes warning's test, on a collection's pages
  "src/pipeline/thumbnail.ts", // a bookmark's thumbnail (sharp itself loads with its first use)
  "src/pipeline/context.ts",
  "src/pipeline/ingest.config.ts",
];

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("an API process", () => {
  it("loads no extraction code, job system nor TypeScript stripper while starting (from a cold compile cache) and serving its first screen", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-api-modules-"));
    dirs.push(dir);
    const list = path.join(dir, "modules.txt");
    const child = spawn(process.execPath, ["--import", HOOK, "bin/ladle.js", "serve", "--role", "api"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        // The PostgreSQL server when the run has one, else the embedded database in a fresh directory.
        ...(process.env.DATABASE_URL ? {} : { LADLE_DATA_DIR: path.join(dir, "data") }),
        HOST: "127.0.0.1",
        // A port the system picks, read back from the start line: one drawn at random here was
        // taken meanwhile by another test's connection (EADDRINUSE under a full CI run).
        PORT: "0",
        LADLE_SINGLE_PERSON: "true",
        LADLE_MODULE_LIST: list,
        // An empty compile cache of its own, from the process's start (this hook included).
        NODE_COMPILE_CACHE: path.join(dir, "compile-cache"),
        LOG_LEVEL: "info",
        LOG_FORMAT: "json",
      },
    });
    let out = "";
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    try {
      await new Promise<void>((resolve, reject) => {
        const on = (d: Buffer) => {
          out += d.toString();
          if (out.includes("Ladle api started")) resolve();
        };
        child.stdout!.on("data", on);
        child.stderr!.on("data", on);
        void exited.then(() => reject(new Error(`the API exited: ${out.slice(-2000)}`)));
      });
      const api = /Ladle api started[^\n]*? on (http:\/\/[^"\s]+)/.exec(out)?.[1];
      if (!api) throw new Error(`no address in the start line: ${out.slice(-2000)}`);
      expect((await fetch(`${api}/healthz`)).status).toBe(200);
      await fetch(`${api}/`).then((r) => r.text());
      child.kill("SIGUSR2");
      await expect.poll(() => existsSync(list)).toBe(true);
      const loaded = readFileSync(list, "utf8")
        .split("\n")
        .map((u) => (u.startsWith("file:") ? fileURLToPath(u) : u));
      const extraction = loaded.filter(
        (f) => EXTRACTION.some((re) => re.test(f)) && !ALLOWED.some((a) => f === path.join(ROOT, a)),
      );
      expect(extraction.map((f) => path.relative(ROOT, f))).toEqual([]);
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
  });
});
