// Over every given real page (../shared/corpus/recipes; skipped without it): the snapshot is never
// empty where a recipe was read, and the copy check sees the site's own words in what was copied.
import { describe, expect, it } from "vitest";
import { readRecipePage } from "../../src/extract/readRecipePage.ts";
import { loadRecipeCorpus } from "./realPages.ts";

const GUARDRAIL = {
  TokenOverlapWarningThreshold: 40,
  TokenOverlapErrorThreshold: 80,
  NgramSimilarityWarningThreshold: 0.2,
  NgramSimilarityErrorThreshold: 0.35,
  NgramSize: 5,
};

const pages = loadRecipeCorpus();

describe.skipIf(!pages.length)("snapshot on every given page", () => {
  it("is non-empty for each draft with steps, and the guardrail flags the copied steps (≤ 2% blind)", () => {
    let withSteps = 0;
    const empty: string[] = [];
    const blind: string[] = [];
    for (const p of pages) {
      const r = readRecipePage({ html: p.html, url: p.url, guardrail: GUARDRAIL });
      if (!r.ok || !r.recipe.instructions.length) continue;
      withSteps++;
      if (!r.snapshot.trim()) empty.push(p.id);
      // The steps are the published page's own words: a check that does not flag them is blind.
      if (!r.guardrail!.report.violatesPolicy) blind.push(p.id);
    }
    expect(withSteps).toBeGreaterThan(400);
    expect(empty).toEqual([]);
    expect(blind.length / withSteps, blind.join(", ")).toBeLessThanOrEqual(0.02);
  });
});
