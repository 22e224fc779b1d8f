import { afterEach, describe, expect, it, vi } from "vitest";
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

  describe("a stream of writes", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("gathers for streamMs while writes come one by one, gatherMs for a lone write, and writes a full batch at once", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setImmediate", "performance"] });
      const batches: number[][] = [];
      const writer = new BatchingWriter<number, number>(
        async (items) => {
          batches.push(items);
          return items;
        },
        { gatherMs: 10, streamMs: 100, maxBatch: 4 },
      );
      const all: Promise<number>[] = [];
      // A lone write: nothing came before it, so it waits gatherMs only.
      all.push(writer.write(1));
      await vi.advanceTimersByTimeAsync(10);
      expect(batches).toEqual([[1]]);
      // Tasks ending 30 ms apart: with 10 ms each went alone; now they share a statement.
      for (const n of [2, 3, 4]) {
        await vi.advanceTimersByTimeAsync(30);
        all.push(writer.write(n));
      }
      // The batch opened by 2 (30 ms after 1's write) waits 100 ms from it.
      await vi.advanceTimersByTimeAsync(39);
      expect(batches).toEqual([[1]]);
      await vi.advanceTimersByTimeAsync(1);
      expect(batches).toEqual([[1], [2, 3, 4]]);
      // A full batch does not wait for the window.
      for (const n of [5, 6, 7, 8]) {
        await vi.advanceTimersByTimeAsync(5);
        all.push(writer.write(n));
      }
      await vi.advanceTimersByTimeAsync(0);
      expect(batches).toEqual([[1], [2, 3, 4], [5, 6, 7, 8]]);
      // The stream over (a quiet second): a lone write waits gatherMs again.
      await vi.advanceTimersByTimeAsync(1000);
      all.push(writer.write(9));
      await vi.advanceTimersByTimeAsync(10);
      expect(batches).toEqual([[1], [2, 3, 4], [5, 6, 7, 8], [9]]);
      expect(await Promise.all(all)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    });
  });
});
