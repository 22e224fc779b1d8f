import { describe, expect, it } from "vitest";
import { SpareBuffers } from "./spareBuffers.ts";

describe("SpareBuffers", () => {
  it("copies into the smallest kept buffer that fits, else a new one of a power of two from 64 KiB", () => {
    const spares = new SpareBuffers(3);
    const small = spares.copy(new Uint8Array([1, 2, 3]));
    expect([...small]).toEqual([1, 2, 3]);
    expect(small.buffer.byteLength).toBe(65536);
    const large = spares.copy(new Uint8Array(200_000).fill(9));
    expect(large.buffer.byteLength).toBe(262144);
    spares.keep(large.buffer as ArrayBuffer);
    spares.keep(small.buffer as ArrayBuffer);
    const again = spares.copy(new Uint8Array(70_000).fill(5));
    expect(again.buffer).toBe(large.buffer);
    expect(again.length).toBe(70_000);
    expect(again.every((b) => b === 5)).toBe(true);
    expect(spares.size).toBe(1);
  });

  it("keeps at most its count, the largest, and none that is empty (detached) or over 1 MiB", () => {
    const spares = new SpareBuffers(2);
    for (const n of [65536, 131072, 262144]) spares.keep(new ArrayBuffer(n));
    spares.keep(new ArrayBuffer(0));
    spares.keep(new ArrayBuffer(2 << 20));
    expect(spares.size).toBe(2);
    expect(spares.copy(new Uint8Array(10)).buffer.byteLength).toBe(131072);
    spares.clear();
    expect(spares.size).toBe(0);
  });
});
