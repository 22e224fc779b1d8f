import { describe, expect, it } from "vitest";
import { idleCores, nextThreadCount, ownShare, type ThreadWindow } from "./threadBudget.ts";

const window = (w: Partial<ThreadWindow>): ThreadWindow => ({
  threads: 1,
  max: 2,
  backlogged: true,
  idleCores: 0,
  share: 1,
  own: 0.3,
  ...w,
});

describe("nextThreadCount", () => {
  it("adds a thread while requests wait and the machine has a core to spare, up to the cores", () => {
    expect(nextThreadCount(window({ idleCores: 0.9, idleBefore: 0.8 }))).toBe(2);
    expect(nextThreadCount(window({ threads: 2, idleCores: 0.9, idleBefore: 0.8 }))).toBe(2);
    expect(nextThreadCount(window({ backlogged: false, idleCores: 0.9, idleBefore: 0.8 }))).toBe(1);
  });

  it("takes one idle window for a lull, not a spare core (two busy workers between bursts)", () => {
    expect(nextThreadCount(window({ idleCores: 0.6, idleBefore: 0.04, share: 0.4, own: 0.35 }))).toBe(1);
    expect(nextThreadCount(window({ idleCores: 0.6, share: 0.4, own: 0.35 }))).toBe(1);
  });

  it("keeps one thread per process when the machine is full (a second worker process on the host)", () => {
    expect(nextThreadCount(window({ idleCores: 0.05, share: 0.3 }))).toBe(1);
  });

  it("grows to the cores when the machine is busy mostly with this process (a worker alone)", () => {
    expect(nextThreadCount(window({ idleCores: 0.05, share: 0.5, own: 0.7 }))).toBe(2);
    // Alone, it keeps its threads though they wait for a core: its own event loop and database,
    // and its API busy with a burst of submissions (then a lone worker had 0.44-0.5 of the machine).
    expect(nextThreadCount(window({ threads: 2, idleCores: 0.05, share: 0.4, own: 0.8 }))).toBe(2);
    expect(nextThreadCount(window({ threads: 2, idleCores: 0.05, share: 0.4, own: 0.45 }))).toBe(2);
    // Nothing waits: no thread more.
    expect(nextThreadCount(window({ backlogged: false, idleCores: 0.05, own: 0.9 }))).toBe(1);
  });

  it("drops a thread while the machine is full and its threads wait for a core", () => {
    expect(nextThreadCount(window({ threads: 2, idleCores: 0.1, share: 0.45 }))).toBe(1);
    // Its threads got their cores: the machine is full of its own work, which more threads do not speed up nor slow.
    expect(nextThreadCount(window({ threads: 2, idleCores: 0.1, share: 0.95 }))).toBe(2);
    // Between the bounds nothing moves, so one window's noise does not flip it.
    expect(nextThreadCount(window({ threads: 2, idleCores: 0.4, share: 0.45 }))).toBe(2);
  });
});

describe("ownShare", () => {
  it("is this process's CPU time over the machine's busy time between two readings", () => {
    const at = (idle: number, all: number, own: number) => ({ idle, all, own, cores: 2 });
    expect(ownShare(at(0, 0, 0), at(500, 2000, 600))).toBeCloseTo(0.4);
    expect(ownShare(at(0, 0, 0), at(2000, 2000, 0))).toBe(0);
  });
});

describe("idleCores", () => {
  it("is the idle share of the machine's time between two readings times its cores", () => {
    expect(
      idleCores({ idle: 100, all: 1000, cores: 2, own: 0 }, { idle: 400, all: 2000, cores: 2, own: 0 }),
    ).toBeCloseTo(0.6);
    expect(
      idleCores({ idle: 100, all: 1000, cores: 2, own: 0 }, { idle: 100, all: 1000, cores: 2, own: 0 }),
    ).toBe(0);
  });
});
