import type { Recipe } from "../../src/domain/recipe.ts";
import { extractRecipe } from "../../src/extract/extractRecipe.ts";
import { goldenCases } from "./cases.ts";
import { tokenF1 } from "./corpusScore.ts";
import type { GoldenIngredient } from "./recipes.ts";
import { goldenPages, type GoldenPage } from "./shapes.ts";

const STRUCTURED = new Set(["jsonld", "jsonld-graph", "jsonld-broken", "microdata", "rdfa"]);

/** Text compared after Unicode, white space, quote and dash normalization. */
export function norm(s: string | null | undefined): string {
  return (s ?? "")
    .normalize("NFKC")
    .replace(/[\u2018\u2019\u201a\u2032`´]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

function tokens(lines: string[]): string[] {
  return lines.flatMap((l) => norm(l).split(" ")).filter(Boolean);
}

export interface FieldScore {
  field: string;
  score: number;
  failures: string[];
}

/** What a golden page should yield; a field left out is not scored for that page. */
export interface Expected {
  name?: string;
  ingredients?: GoldenIngredient[];
  steps?: string[];
  /** The section (heading) each step belongs to, null for none; scored when given. */
  stepSections?: (string | null)[];
  servings?: number | null;
  prep?: number | null;
  cook?: number | null;
  total?: number | null;
  author?: string | null;
  image?: string | null;
  description?: string | null;
  /** False for pages without JSON-LD, microdata or RDFa (scored separately for ingredient F1). */
  structured?: boolean;
}

/** The expectation of a generated golden page: every field of its recipe. */
export function expectedOf(p: GoldenPage): Expected {
  const g = p.recipe;
  return {
    name: g.name,
    ingredients: g.ingredients,
    steps: g.steps,
    servings: g.servings,
    prep: g.prep,
    cook: g.cook,
    total: g.total,
    author: g.author,
    image: g.image,
    description: g.description,
    structured: STRUCTURED.has(p.shape),
  };
}

// The recipe stores 0 for an unknown time or yield, so an expected null means 0.
const sameMinutes = (got: number | null | undefined, want: number | null) =>
  want === null ? !got : got != null && Math.abs(got - want) <= 1;
const sameText = (got: string | null | undefined, want: string | null) =>
  want === null ? !got : norm(got) === norm(want);

/** One page to score: its HTML and what it should yield. */
export interface EvalPage {
  id: string;
  url: string;
  html: string;
  expected: Expected;
}

/** Every scored page: the generated golden pages and the hand-written cases (test/golden/cases). */
export function evalPages(): EvalPage[] {
  return [
    ...goldenPages().map((p) => ({ id: p.id, url: p.url, html: p.html, expected: expectedOf(p) })),
    ...goldenCases(),
  ];
}

/** Scores the extractor per field (fractions 0..1; F1 for token fields). */
export function evaluate(pages: EvalPage[] = evalPages()): { pages: number; fields: FieldScore[] } {
  const acc = new Map<string, { sum: number; n: number; failures: string[] }>();
  const score = (field: string, value: number, id: string) => {
    const a = acc.get(field) ?? { sum: 0, n: 0, failures: [] };
    a.sum += value;
    a.n++;
    if (value < 1) a.failures.push(id);
    acc.set(field, a);
  };
  for (const p of pages) {
    const res = extractRecipe({ html: p.html, url: p.url });
    const r: Partial<Recipe> = res.ok ? res.recipe : {};
    const g = p.expected;
    score("found", res.ok ? 1 : 0, p.id);
    if (g.name !== undefined) score("title", norm(r.name) === norm(g.name) ? 1 : 0, p.id);
    if (g.ingredients) {
      const gotLines = (r.ingredients ?? []).map((i) => i.text);
      const wantLines = g.ingredients.map((i) => i.line);
      score(
        "ingredient list exact",
        gotLines.length === wantLines.length && gotLines.every((l, i) => norm(l) === norm(wantLines[i]))
          ? 1
          : 0,
        p.id,
      );
      score("ingredient tokens F1", tokenF1(tokens(gotLines), tokens(wantLines)), p.id);
      if (g.structured === false)
        score("ingredient tokens F1, no structured data", tokenF1(tokens(gotLines), tokens(wantLines)), p.id);
      let parsedOk = 0;
      let parsedN = 0;
      g.ingredients.forEach((gi, i) => {
        const got = r.ingredients?.[i];
        if (gi.quantity !== undefined) {
          parsedN++;
          if (got && Math.abs(got.quantity - gi.quantity) < 0.01) parsedOk++;
        }
        if (gi.unit !== undefined) {
          parsedN++;
          if (got && (got.unit ?? null) === gi.unit) parsedOk++;
        }
        if (gi.name !== undefined) {
          parsedN++;
          if (got && norm(got.name) === norm(gi.name)) parsedOk++;
        }
        if (gi.preparation !== undefined) {
          parsedN++;
          if (got && norm(got.preparation) === norm(gi.preparation)) parsedOk++;
        }
      });
      if (parsedN) score("ingredient parse (qty/unit/name)", parsedOk / parsedN, p.id);
    }
    if (g.steps) {
      const gotSteps = (r.instructions ?? []).map((s) => s.text);
      const want = g.steps;
      score(
        "instruction steps exact",
        gotSteps.length === want.length && gotSteps.every((s, i) => norm(s) === norm(want[i])) ? 1 : 0,
        p.id,
      );
      score("instruction tokens F1", tokenF1(tokens(gotSteps), tokens(want)), p.id);
    }
    if (g.stepSections) {
      const got = (r.instructions ?? []).map((s) => s.section);
      const want = g.stepSections;
      score(
        "instruction sections",
        got.length === want.length && got.every((s, i) => (s === null ? "" : norm(s)) === norm(want[i]))
          ? 1
          : 0,
        p.id,
      );
    }
    if (g.servings !== undefined)
      score("yield number", (r.servings || null) === (g.servings || null) ? 1 : 0, p.id);
    if (g.prep !== undefined) score("prep time", sameMinutes(r.prepTimeMinutes, g.prep) ? 1 : 0, p.id);
    if (g.cook !== undefined) score("cook time", sameMinutes(r.cookTimeMinutes, g.cook) ? 1 : 0, p.id);
    if (g.total !== undefined) score("total time", sameMinutes(r.totalTimeMinutes, g.total) ? 1 : 0, p.id);
    if (g.author !== undefined) score("author", sameText(r.author, g.author) ? 1 : 0, p.id);
    if (g.image !== undefined) score("image", (r.imageUrl ?? null) === g.image ? 1 : 0, p.id);
    if (g.description !== undefined)
      score("description", sameText(r.description, g.description) ? 1 : 0, p.id);
  }
  return {
    pages: pages.length,
    fields: [...acc.entries()].map(([field, a]) => ({ field, score: a.sum / a.n, failures: a.failures })),
  };
}
