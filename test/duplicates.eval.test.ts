import { describe, expect, it } from "vitest";
import { scoreCorpus, scoreRecipePairs, scoreUrls } from "../bench/evalDuplicates.ts";

// The figures of `npm run eval -- duplicates`, held: a change to the detector that loses precision
// or recall on the fixtures or the corpus pairs fails here.
describe("duplicate detector: precision and recall", () => {
  it("addresses (test/fixtures/duplicates/urls.json): every variant caught, no hard negative merged", () => {
    const s = scoreUrls();
    expect(s.misses).toEqual([]);
    expect(s.pairs).toBeGreaterThanOrEqual(40);
  });

  it("recipe pairs (test/fixtures/duplicates/recipes.json)", () => {
    const s = scoreRecipePairs();
    expect(s.precision).toBeGreaterThanOrEqual(0.9);
    expect(s.recall).toBeGreaterThanOrEqual(0.9);
  });

  it("corpus pairs built from ../shared/corpus/recipes (not checked when it is absent)", (ctx) => {
    const s = scoreCorpus();
    if (!s) return ctx.skip();
    expect(s.negatives).toBeGreaterThan(300);
    expect(s.precision).toBeGreaterThanOrEqual(0.95);
    expect(s.recall).toBeGreaterThanOrEqual(0.99);
  });
});
