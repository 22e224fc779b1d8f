import { afterEach, describe, expect, it, vi } from "vitest";
import { FileLineQueue } from "./htmlFiles.ts";

const files = Array.from({ length: 20 }, (_, i) => `page-${i}.html`);
const written = (write: { mock: { calls: unknown[][] } }) =>
  write.mock.calls.map((c) => String(c[0])).join("");

describe("FileLineQueue", () => {
  afterEach(() => vi.restoreAllMocks());

  it("hands each file to one worker and writes the lines in the order given, whoever finished first", async () => {
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const queue = new FileLineQueue({ files, baseUrl: "https://site.test/" });
    const seen: string[] = [];
    // A slow worker (a few event-loop turns a file) beside a fast one that joins later.
    const slow = queue.work(async (file, url) => {
      seen.push(file);
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      return `${file} ${url}\n`;
    });
    await new Promise((r) => setImmediate(r));
    const fast = queue.work(async (file) => (seen.push(file), `${file}\n`));
    await Promise.all([queue.write(3), slow, fast]);
    expect([...seen].sort()).toEqual([...files].sort());
    const lines = written(write).trim().split("\n");
    expect(lines.map((l) => l.split(" ")[0])).toEqual(files);
    expect(lines[0]).toBe("page-0.html https://site.test/");
    expect(queue.left).toBe(0);
  });

  it("throws the first failed line's error when its turn comes; the lines before it are written", async () => {
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const queue = new FileLineQueue({ files: ["a", "b", "c"], baseUrl: undefined });
    const worker = queue.work(async (file) => {
      if (file === "b") throw new Error("disk on fire");
      return `${file}\n`;
    });
    await expect(queue.write(1)).rejects.toThrow("disk on fire");
    await worker;
    expect(written(write)).toBe("a\n");
    // The worker stopped at the failure: "c" is still there for another.
    expect(queue.left).toBe(1);
  });

  it("a worker with a condition stops taking files once it says no; the others take the rest", async () => {
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const queue = new FileLineQueue({ files, baseUrl: undefined });
    const byLane: string[] = [];
    // The lane asks before each file: it stops with 15 files left, whatever it holds then.
    const lane = queue.work(
      async (file) => (byLane.push(file), `${file}\n`),
      () => queue.left > 15,
    );
    await lane;
    expect(byLane).toEqual(files.slice(0, 5));
    expect(queue.left).toBe(15);
    await Promise.all([queue.write(4), queue.work(async (file) => `${file}\n`)]);
    expect(written(write).trim().split("\n")).toEqual(files);
  });
});
