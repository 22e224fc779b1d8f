import { describe, expect, it } from "vitest";
import { plainRegexpBytecode } from "../../bin/regexpBytecode.js";

describe("plainRegexpBytecode", () => {
  it("turns V8's regular-expression peephole pass off, unless the person chose the engine's flags", () => {
    expect(plainRegexpBytecode([], "")).toBe(true);
    expect(plainRegexpBytecode(["--max-old-space-size=512"], "--enable-source-maps")).toBe(true);
    expect(plainRegexpBytecode(["--regexp-peephole-optimization"], "")).toBe(false);
    expect(plainRegexpBytecode([], "--no-regexp-tier-up")).toBe(false);
    expect(plainRegexpBytecode(["--regexp-interpret-all"], "")).toBe(false);
  });

  it("leaves what a pattern matches as it was", () => {
    plainRegexpBytecode([], "");
    // A pattern run once stays in the bytecode the flag touches; run again, on native code.
    const heading = /^(?:the\s+)?(?:ingredients?|zutaten|ingrédients)\s*:?$/iu;
    expect(["Ingredients:", "ZUTATEN", "the ingrédients", "method"].map((t) => heading.test(t))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
