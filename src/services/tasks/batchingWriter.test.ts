import { describe, expect, it } from "vitest";
import { BatchingWriter } from "./batchingWriter.ts";

describe("BatchingWriter", () => {
  it("writes the items of one moment in one batch, answering each in order; those asked for while a batch is written go in the next", async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const writer = new BatchingWriter<number, string>(
      async (items) => {
        batches.push(items);
        if (batches.length === 1) await new Promise<void>((r) => (release = r));
        return items.map((n) => `#${n}`);
      },
      { gatherMs: 5 },
    );
    const first = [writer.write(1), writer.write(2), writer.write(3)];
    await new Promise((r) => setTimeout(r, 20));
    // The first batch is in flight: these wait for it, then go together.
    const later = [writer.write(4), writer.write(5)];
    await new Promise((r) => setTimeout(r, 20));
    expect(batches).toEqual([[1, 2, 3]]);
    release();
    expect(await Promise.all([...first, ...later])).toEqual(["#1", "#2", "#3", "#4", "#5"]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('"turn" writes what was asked for in the same turn together; a failed batch fails each of its writes, and the next batch is written', async () => {
    const batches: string[][] = [];
    const writer = new BatchingWriter<string, string>(async (items) => {
      batches.push(items);
      if (items.includes("bad")) throw new Error("statement failed");
      return items.map((s) => s.toUpperCase());
    }, "turn");
    const failed = await Promise.allSettled([writer.write("a"), writer.write("bad")]);
    expect(failed.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(await Promise.all([writer.write("c"), writer.write("d")])).toEqual(["C", "D"]);
    expect(batches).toEqual([
      ["a", "bad"],
      ["c", "d"],
    ]);
  });
});
