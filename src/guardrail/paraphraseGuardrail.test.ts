import { describe, expect, it } from "vitest";
import { checkParaphrase, internTokens, tokenize, TokenTable } from "./paraphraseGuardrail.ts";

const OPTS = {
  TokenOverlapWarningThreshold: 40,
  TokenOverlapErrorThreshold: 80,
  NgramSimilarityWarningThreshold: 0.2,
  NgramSimilarityErrorThreshold: 0.35,
  NgramSize: 5,
};

// Distinct words, so overlaps are exactly what we build.
const words = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const SOURCE = [...words(200, "src"), "."].join(" ");
const copy = (start: number, n: number) =>
  words(200, "src")
    .slice(start, start + n)
    .join(" ");
const fresh = (n: number) => words(n, "new").join(" ");

describe("tokenize", () => {
  it("splits on white space, lower-cases and strips punctuation", () => {
    expect(tokenize("Whisk the EGGS, then—fold (gently)!  ½ cup")).toEqual([
      "whisk",
      "the",
      "eggs",
      "thenfold",
      "gently",
      "½",
      "cup",
    ]);
  });
});

describe("contiguous token overlap thresholds", () => {
  it.each([
    [39, 0, 0],
    [40, 1, 0],
    [79, 1, 0],
    [80, 0, 1],
  ])("a %i-token verbatim run gives %i warning(s) and %i error(s)", (n, w, e) => {
    // In the description, so the step measure stays out of it.
    const r = checkParaphrase(
      SOURCE,
      { description: `${fresh(3)} ${copy(10, n)} ${fresh(3)}`, instructions: [] },
      OPTS,
    );
    expect(r.report.maxContiguousTokenOverlap).toBe(n);
    expect(r.warnings.filter((x) => x.includes("word for word"))).toHaveLength(w);
    expect(r.errors.filter((x) => x.includes("word for word"))).toHaveLength(e);
    expect(r.report.violatesPolicy).toBe(e > 0);
  });

  it("counts a block copied across several short steps", () => {
    const steps = [0, 20, 40, 60].map((s) => ({ text: copy(s, 20) }));
    const r = checkParaphrase(
      SOURCE,
      { description: null, instructions: steps },
      { ...OPTS, NgramSimilarityErrorThreshold: 1.01, NgramSimilarityWarningThreshold: 1.01 },
    );
    expect(r.report.maxContiguousTokenOverlap).toBe(80);
    expect(r.report.violatesPolicy).toBe(true);
  });
});

describe("n-gram Jaccard thresholds", () => {
  // A step of k tokens whose first m tokens are copied: with 5-grams, a window aligned on the copy
  // shares m-4 of the step's k-4 n-grams, so Jaccard = (m-4) / ((k-4) + (k-4) - (m-4)).
  const step = (k: number, m: number) => `${copy(50, m)} ${fresh(k - m)}`;
  const jaccard = (k: number, m: number) => (m - 4) / (2 * (k - 4) - (m - 4));

  it("scores a verbatim step 1 and a fresh one 0", () => {
    expect(
      checkParaphrase(SOURCE, { description: null, instructions: [{ text: copy(30, 12) }] }, OPTS).report
        .maxNgramSimilarity,
    ).toBe(1);
    expect(
      checkParaphrase(SOURCE, { description: null, instructions: [{ text: fresh(12) }] }, OPTS).report
        .maxNgramSimilarity,
    ).toBe(0);
  });

  it("warns at exactly 0.20 and errors at exactly 0.35", () => {
    // k=34, m=14 → 10/50 = 0.20 ; k=31, m=18 → 14/40 = 0.35
    expect(jaccard(34, 14)).toBeCloseTo(0.2);
    expect(jaccard(31, 18)).toBeCloseTo(0.35);
    const warn = checkParaphrase(SOURCE, { description: null, instructions: [{ text: step(34, 14) }] }, OPTS);
    expect(warn.report.maxNgramSimilarity).toBeCloseTo(0.2, 3);
    expect(warn.warnings.some((w) => w.includes("close to the site's wording"))).toBe(true);
    expect(warn.errors).toEqual([]);
    const err = checkParaphrase(SOURCE, { description: null, instructions: [{ text: step(31, 18) }] }, OPTS);
    expect(err.report.maxNgramSimilarity).toBeCloseTo(0.35, 3);
    expect(err.errors.some((e) => e.includes("Step 1"))).toBe(true);
    expect(err.flaggedSteps).toEqual([0]);
  });

  it("stays quiet just under each threshold", () => {
    // k=35, m=14 → 10/52 ≈ 0.192 ; k=32, m=18 → 14/42 ≈ 0.333
    expect(
      checkParaphrase(SOURCE, { description: null, instructions: [{ text: step(35, 14) }] }, OPTS).warnings,
    ).toEqual([]);
    const r = checkParaphrase(SOURCE, { description: null, instructions: [{ text: step(32, 18) }] }, OPTS);
    expect(r.errors).toEqual([]);
    expect(r.warnings).toHaveLength(1);
  });

  it("honours a configured n-gram size", () => {
    const r = checkParaphrase(
      SOURCE,
      { description: null, instructions: [{ text: copy(0, 4) }] },
      { ...OPTS, NgramSize: 3 },
    );
    expect(r.report.maxNgramSimilarity).toBe(1);
  });
});

describe("internTokens, the one-pass tokenizer", () => {
  it("cuts the tokens of the definition on mixed scripts, punctuation and odd spaces", () => {
    const samples = [
      "Crème brûlée — “Süß”, isn't it?  Ünïcödé\u00a0spaces\u2003and\ttabs\nnew-lines",
      "İstanbul ÇAY 350°F (175 °C) ½ cup; 1/2 tsp… “quoted” 'single' «guillemets» ¿qué? ¡sí!",
      "肉じゃがの作り方。味噌汁、焼き魚！ 宫保鸡丁 — 牛肉麵 #hashtag @mention $5 100% a+b=c",
      "",
      "   ",
    ];
    let seed = 42;
    const alphabet = "abcXYZ 019.,;:!?'\"()-–—…°½é\u00a0\t\nß€$%&*/_[]{}<>@#";
    for (let k = 0; k < 200; k++) {
      let s = "";
      for (let i = 0; i < 60; i++)
        s += alphabet[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % alphabet.length];
      samples.push(s);
    }
    // Same id exactly when the defined token is the same.
    const table = new TokenTable();
    const seen = new Map<string, number>();
    for (const s of samples) {
      const ids = [...internTokens(s, table)];
      const tokens = tokenize(s);
      expect(ids).toHaveLength(tokens.length);
      tokens.forEach((t, i) => {
        if (!seen.has(t)) seen.set(t, ids[i]!);
        expect(ids[i]).toBe(seen.get(t));
      });
    }
    expect(new Set(seen.values()).size).toBe(seen.size);
  });
});

describe("nothing to compare with", () => {
  it("reports the check as not done (never as a pass) when the page gave no text", () => {
    for (const snapshot of ["", "  \n", "Menu"]) {
      const r = checkParaphrase(snapshot, { description: null, instructions: [{ text: copy(0, 30) }] }, OPTS);
      expect(r.report).toMatchObject({ checked: false, violatesPolicy: false });
      expect(r.report.details).toMatch(/^Not checked/);
      expect(r.warnings).toEqual([expect.stringMatching(/could not compare/)]);
    }
  });

  it("is checked when the page has text", () => {
    const r = checkParaphrase(SOURCE, { description: null, instructions: [{ text: fresh(30) }] }, OPTS);
    expect(r.report).toMatchObject({ checked: true, violatesPolicy: false });
  });
});

// The windows' n-gram counts are kept between the ranges of windows of a check: a step whose
// n-grams occur in several places of the page, and the steps after it, score as if each window
// were counted afresh.
describe("n-gram Jaccard over several places of the page", () => {
  const grams = (w: string[], n: number) =>
    new Set(w.slice(0, w.length - n + 1).map((_, i) => w.slice(i, i + n).join(" ")));
  const jaccard = (a: Set<string>, b: Set<string>) => {
    const inter = [...a].filter((g) => b.has(g)).length;
    return inter / (a.size + b.size - inter);
  };
  // Every window of the step's length, counted afresh.
  const best = (source: string[], step: string[], n: number) => {
    const target = grams(step, n);
    if (step.length < n || source.length < n) return 0;
    const w = Math.min(step.length - n + 1, source.length - n + 1);
    let top = 0;
    for (let s = 0; s + w + n - 1 <= source.length; s++)
      top = Math.max(top, jaccard(target, grams(source.slice(s, s + w + n - 1), n)));
    return top;
  };

  it("scores every step as its best window does", () => {
    let seed = 7;
    const word = () => `w${(seed = (seed * 48271) % 2147483647) % 9}`;
    for (let round = 0; round < 20; round++) {
      const source = Array.from({ length: 400 }, word);
      const steps = [0, 1, 2].map(() => Array.from({ length: 12 + (seed % 20) }, word));
      const r = checkParaphrase(
        source.join(" "),
        { description: null, instructions: steps.map((s) => ({ text: s.join(" ") })) },
        { ...OPTS, NgramSize: 3 },
      );
      const want = Math.max(...steps.map((s) => best(source, s, 3)));
      expect(r.report.maxNgramSimilarity).toBe(Math.round(want * 1000) / 1000);
    }
  });
});
