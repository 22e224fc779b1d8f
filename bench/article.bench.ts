import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const CORPUS = fileURLToPath(new URL("../../shared/corpus/articles/", import.meta.url));
const BIN = fileURLToPath(new URL("../bin/ladle.js", import.meta.url));

/** `ladle article` over the shared article corpus: articles per second, one process for all files. */
export async function run(): Promise<void> {
  if (!existsSync(CORPUS)) {
    console.log("article corpus not found (../shared/corpus/articles); skipped");
    return;
  }
  const files = readdirSync(CORPUS)
    .map((d) => path.join(CORPUS, d, "source.html"))
    .filter((f) => existsSync(f));
  // /usr/bin/time reports the CPU the process used: on a shared machine wall time mostly measures the neighbours.
  const timed = existsSync("/usr/bin/time");
  const args = [BIN, "article", "--base-url", "http://fakehost/test/page.html", ...files];
  const t0 = performance.now();
  const { stdout, stderr } = await promisify(execFile)(
    timed ? "/usr/bin/time" : process.execPath,
    timed ? ["-f", "cpu %U %S", process.execPath, ...args] : args,
    { maxBuffer: 512 * 1024 * 1024, env: { ...process.env, LADLE_CONFIG: "" } },
  );
  const s = (performance.now() - t0) / 1000;
  const lines = stdout.trim().split("\n");
  const ok = lines.filter((l) => (JSON.parse(l) as { ok: boolean }).ok).length;
  const cpu = /cpu ([\d.]+) ([\d.]+)/.exec(stderr);
  const cpuS = cpu ? Number(cpu[1]) + Number(cpu[2]) : null;
  console.log(
    `ladle article: ${files.length} corpus pages in ${s.toFixed(1)} s wall (process start included): ${(files.length / s).toFixed(1)} articles/s` +
      (cpuS
        ? `; ${cpuS.toFixed(1)} CPU s: ${(files.length / cpuS).toFixed(1)} articles per CPU second`
        : "") +
      `; ${ok} read, ${lines.length - ok} failed`,
  );
}
