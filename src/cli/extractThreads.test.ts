import { describe, expect, it } from "vitest";
import { freeCores, type MachineCpu } from "../extract/threadBudget.ts";

// Two cores over 100 ms: 200 ms of CPU time in all.
const at = (idle: number, own: number): [MachineCpu, MachineCpu] => [
  { idle: 0, all: 0, own: 0, cores: 2 },
  { idle, all: 200, own, cores: 2 },
];

describe("ladle extract's threads", () => {
  it("takes both cores of an idle machine, counting the one it was using itself", () => {
    expect(freeCores(...at(200, 0))).toBe(2);
    expect(freeCores(...at(100, 100))).toBe(2);
  });

  it("takes one thread when the rest of the machine keeps a core or more busy", () => {
    expect(freeCores(...at(0, 0))).toBe(1);
    expect(freeCores(...at(0, 100))).toBe(1);
    expect(freeCores(...at(60, 20))).toBe(1);
  });

  it("never fewer than one thread, never more than the cores", () => {
    expect(freeCores(at(0, 0)[0], at(0, 0)[0])).toBe(1);
    expect(freeCores(...at(200, 200))).toBe(2);
  });
});
