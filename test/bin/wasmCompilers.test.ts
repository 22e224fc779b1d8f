import { describe, expect, it } from "vitest";
import { wasmFlags } from "../../bin/wasmCompilers.js";

describe("wasmFlags", () => {
  it("runs WebAssembly on the baseline compiler only, unless the person chose otherwise", () => {
    expect(wasmFlags([], "")).toEqual(["--liftoff-only"]);
    expect(wasmFlags(["--max-old-space-size=512"], "--enable-source-maps")).toEqual(["--liftoff-only"]);
    // Already so (npm start, or this process after running itself again): nothing to add.
    expect(wasmFlags(["--liftoff-only"], "")).toEqual([]);
    expect(wasmFlags(["--no-liftoff"], "")).toEqual([]);
    expect(wasmFlags([], "--wasm-tier-up")).toEqual([]);
  });
});
