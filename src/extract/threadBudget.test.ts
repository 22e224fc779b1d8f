import { describe, expect, it } from "vitest";
import { idleCores, nextThreadCount, type ThreadWindow } from "./threadBudget.ts";

const window = (w: Partial<ThreadWindow>): ThreadWindow => ({
  threads: 1,
  max: 2,
  backlogged: true,
  idleCores: 0,
  share: 1,
  ...w,
});

describe("nextThreadCount", () => {
  it("adds a thread while requests wait and the machine has a core to spare, up to the cores", () => {
    expect(nextThreadCount(window({ idleCores: 0.9 }))).toBe(2);
    expect(nextThreadCount(window({ threads: 2, idleCores: 0.9 }))).toBe(2);
    expect(nextThreadCount(window({ backlogged: false, idleCores: 0.9 }))).toBe(1);
  });

  it("keeps one thread per process when the machine is full (a second worker process on the host)", () => {
    expect(nextThreadCount(window({ idleCores: 0.05, share: 0.3 }))).toBe(1);
  });

  it("drops a thread while the machine is full and its threads wait for a core", () => {
    expect(nextThreadCount(window({ threads: 2, idleCores: 0.1, share: 0.45 }))).toBe(1);
    // Its threads got their cores: the machine is full of its own work, which more threads do not speed up nor slow.
    expect(nextThreadCount(window({ threads: 2, idleCores: 0.1, share: 0.95 }))).toBe(2);
    // Between the bounds nothing moves, so one window's noise does not flip it.
    expect(nextThreadCount(window({ threads: 2, idleCores: 0.4, share: 0.45 }))).toBe(2);
  });
});

describe("idleCores", () => {
  it("is the idle share of the machine's time between two readings times its cores", () => {
    expect(idleCores({ idle: 100, all: 1000, cores: 2 }, { idle: 400, all: 2000, cores: 2 })).toBeCloseTo(
      0.6,
    );
    expect(idleCores({ idle: 100, all: 1000, cores: 2 }, { idle: 100, all: 1000, cores: 2 })).toBe(0);
  });
});
