import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const SCRIPT = fileURLToPath(new URL("./reliabilityChild.ts", import.meta.url));

/** Starts test/helpers/reliabilityChild.ts in another Node process. */
export function startChild(args: string[]): {
  child: ChildProcess;
  lines: string[];
  waitFor(line: string, ms?: number): Promise<void>;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ["--import", "tsx", SCRIPT, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, LOG_FORMAT: "json" },
  });
  const lines: string[] = [];
  let buf = "";
  let stderr = "";
  const waiters: { line: string; resolve(): void }[] = [];
  child.stdout!.on("data", (d: Buffer) => {
    buf += d.toString();
    let i;
    while ((i = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      lines.push(line);
      for (const w of waiters.filter((x) => x.line === line)) w.resolve();
    }
  });
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  return {
    child,
    lines,
    exited,
    waitFor: (line, ms = 60_000) =>
      lines.includes(line)
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const t = setTimeout(
              () => reject(new Error(`child never printed "${line}": ${stderr.slice(-2000)}`)),
              ms,
            );
            waiters.push({
              line,
              resolve: () => {
                clearTimeout(t);
                resolve();
              },
            });
            void exited.then(() => {
              if (!lines.includes(line))
                reject(new Error(`child exited before "${line}": ${stderr.slice(-2000)}`));
            });
          }),
  };
}
