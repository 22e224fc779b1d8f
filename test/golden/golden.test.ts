import { describe, expect, it } from "vitest";
import { extractRecipe } from "../../src/extract/extractRecipe.ts";
import { goldenCases } from "./cases.ts";
import { evaluate } from "./evaluate.ts";
import { goldenPages } from "./shapes.ts";

describe("golden set", () => {
  const pages = goldenPages();

  it("has every case file paired with its page and a note", () => {
    for (const c of goldenCases()) expect(c.html.length, c.id).toBeGreaterThan(0);
  });

  it("has at least 60 pages over every shape and 8 languages", () => {
    expect(pages.length).toBeGreaterThanOrEqual(60);
    expect(new Set(pages.map((p) => p.shape)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(pages.map((p) => p.recipe.lang)).size).toBe(8);
  });

  // A regression guard: every field stays at or above 95% on our own constructed pages.
  it.each(evaluate().fields.map((f) => [f.field, f.score, f.failures.slice(0, 5).join(", ")] as const))(
    "%s stays ≥ 95%%",
    (_field, score, failures) => {
      expect(score, failures).toBeGreaterThanOrEqual(0.95);
    },
  );

  it("reads recipe-card plugins by their markup and records the method", () => {
    for (const shape of ["wprm", "tasty", "mediavine", "zip", "generic"]) {
      const p = pages.find((x) => x.shape === shape)!;
      const r = extractRecipe({ html: p.html, url: p.url });
      expect(r.ok && r.method, shape).toBe("Heuristic");
      expect(r.ok && r.fieldMethods.ingredients).toBe("Heuristic");
    }
    const rdfa = pages.find((x) => x.shape === "rdfa")!;
    expect(extractRecipe({ html: rdfa.html, url: rdfa.url })).toMatchObject({ ok: true, method: "Rdfa" });
  });
});
