import type { Progress } from "../mcp/operation.ts";

/**
 * Progress on stderr: a bar redrawn in place on a terminal, one plain line per step otherwise
 * (logs, pipes, CI). Hand-written: one line of output needs no library.
 */
export function progressReporter(
  stream: NodeJS.WriteStream = process.stderr,
  opts: { quiet?: boolean; tty?: boolean } = {},
): { report: (p: Progress) => void; done: () => void } {
  if (opts.quiet) return { report: () => {}, done: () => {} };
  const tty = opts.tty ?? Boolean(stream.isTTY);
  let lastLine = "";
  let drawn = false;
  return {
    report(p) {
      const pct = Math.max(0, Math.min(100, Math.round((p.progress / (p.total || 100)) * 100)));
      const msg = p.message ?? "";
      if (tty) {
        const width = 24;
        const full = Math.round((pct / 100) * width);
        const bar = `[${"#".repeat(full)}${"-".repeat(width - full)}] ${String(pct).padStart(3)}% ${msg}`;
        stream.write(`\r\x1b[2K${bar.slice(0, (stream.columns || 80) - 1)}`);
        drawn = true;
        return;
      }
      const line = `${String(pct).padStart(3)}% ${msg}`.trimEnd();
      if (line !== lastLine) stream.write(line + "\n");
      lastLine = line;
    },
    done() {
      if (tty && drawn) stream.write("\r\x1b[2K");
      drawn = false;
    },
  };
}
