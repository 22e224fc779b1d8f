import v8 from "node:v8";
import { afterEach, describe, expect, it } from "vitest";
import { restCompilers, wakeCompilers } from "../../bin/restingCompilers.js";

// A worker process starts and rests without V8's optimizing compilers (~10 MiB of the `node`
// binary's code and their output that a worker with no job never needs) and has them back with its
// first job (bin/ladle.js, JobQueue's beforeFirstJob). V8's flags are read into the tag every code
// cache entry carries: a flag left changed would make the compile cache refuse what it saved.
describe("a worker's optimizing compilers", () => {
  afterEach(() => {
    wakeCompilers();
  });

  it("rest until the first job, then come back exactly as they were", () => {
    const before = v8.cachedDataVersionTag();
    expect(restCompilers([], "")).toBe(true);
    expect(v8.cachedDataVersionTag()).not.toBe(before);
    expect(wakeCompilers()).toBe(true);
    expect(v8.cachedDataVersionTag()).toBe(before);
    // Once back they stay: a later job changes nothing.
    expect(wakeCompilers()).toBe(false);
    expect(v8.cachedDataVersionTag()).toBe(before);
  });

  it("are left as the person set them on the command line or in NODE_OPTIONS", () => {
    const before = v8.cachedDataVersionTag();
    for (const [argv, options] of [
      [["--no-opt"], ""],
      [["--max-opt=2"], ""],
      [["--jitless"], ""],
      [[], "--no-maglev --max-old-space-size=256"],
      [[], "--turbofan"],
    ] as const) {
      expect(restCompilers([...argv], options)).toBe(false);
      expect(v8.cachedDataVersionTag()).toBe(before);
      expect(wakeCompilers()).toBe(false);
    }
  });
});
