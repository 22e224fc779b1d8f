import { describe, expect, it } from "vitest";
import { progressReporter } from "./progress.ts";

function stream(isTTY: boolean) {
  const writes: string[] = [];
  return {
    writes,
    s: { isTTY, columns: 80, write: (x: string) => writes.push(x) } as unknown as NodeJS.WriteStream,
  };
}

describe("progress on stderr", () => {
  it("draws one bar in place on a terminal and clears it when done", () => {
    const { s, writes } = stream(true);
    const p = progressReporter(s);
    p.report({ progress: 17, total: 100, message: "fetching the page" });
    p.report({ progress: 100, total: 100, message: "ready for review" });
    p.done();
    expect(writes[0]).toBe(`\r\x1b[2K[####${"-".repeat(20)}]  17% fetching the page`);
    expect(writes[1]).toMatch(/\[#{24}\] 100% ready for review$/);
    expect(writes.at(-1)).toBe("\r\x1b[2K");
    expect(writes.join("")).not.toContain("\n");
  });

  it("writes plain lines, once per step, elsewhere; nothing when quiet", () => {
    const { s, writes } = stream(false);
    const p = progressReporter(s);
    p.report({ progress: 0, message: "queued" });
    p.report({ progress: 0, message: "queued" });
    p.report({ progress: 61, total: 100, message: "reading the recipe" });
    p.done();
    expect(writes).toEqual(["  0% queued\n", " 61% reading the recipe\n"]);
    const quiet = stream(false);
    progressReporter(quiet.s, { quiet: true }).report({ progress: 5 });
    expect(quiet.writes).toEqual([]);
  });
});
