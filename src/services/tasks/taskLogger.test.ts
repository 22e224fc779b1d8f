import { Writable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { createLogger } from "../../logger.ts";
import { taskLogger } from "./taskLogger.ts";

function capture(level: string) {
  const lines: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: createLogger(level, { destination: out, format: "json" }) };
}

describe("taskLogger", () => {
  it("makes no child logger while nothing is logged at an enabled level", () => {
    const { logger, lines } = capture("info");
    const child = vi.spyOn(logger, "child");
    const bindings = vi.fn(() => ({ taskId: "t1" }));
    const log = taskLogger(logger, bindings);
    log("debug")?.debug({ phase: "Ingest.Fetch" }, "phase");
    expect(log("debug")).toBeUndefined();
    expect(child).not.toHaveBeenCalled();
    expect(bindings).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it("writes a line with the task's bindings, making the child once", () => {
    const { logger, lines } = capture("info");
    const child = vi.spyOn(logger, "child");
    const log = taskLogger(logger, () => ({ taskId: "t1", sourceUrl: "https://example.com/r" }));
    log("info")?.info({ code: "BLOCKED" }, "task failed");
    log("warn")?.warn("again");
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toHaveLength(2);
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(first).toMatchObject({
      taskId: "t1",
      sourceUrl: "https://example.com/r",
      code: "BLOCKED",
      msg: "task failed",
    });
  });

  it("is undefined without a logger", () => {
    expect(taskLogger(undefined, () => ({}))("error")).toBeUndefined();
  });
});
