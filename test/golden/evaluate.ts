import type { Recipe } from "../../src/domain/recipe.ts";
import { extractRecipe } from "../../src/extract/extractRecipe.ts";
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

function f1(got: string[], want: string[]): number {
  if (!got.length && !want.length) return 1;
  const counts = new Map<string, number>();
  for (const t of want) counts.set(t, (counts.get(t) ?? 0) + 1);
  let hit = 0;
  for (const t of got) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      hit++;
      counts.set(t, c - 1);
    }
  }
  if (!hit) return 0;
  const p = hit / got.length;
  const r = hit / want.length;
  return (2 * p * r) / (p + r);
}

export interface FieldScore {
  field: string;
  score: number;
  failures: string[];
}

/** Scores the extractor on the golden pages, per field (fractions 0..1; F1 for token fields). */
export function evaluate(pages: GoldenPage[] = goldenPages()): { pages: number; fields: FieldScore[] } {
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
    const g = p.recipe;
    score("found", res.ok ? 1 : 0, p.id);
    score("title", norm(r.name) === norm(g.name) ? 1 : 0, p.id);
    const gotLines = (r.ingredients ?? []).map((i) => i.text);
    const wantLines = g.ingredients.map((i) => i.line);
    score(
      "ingredient list exact",
      gotLines.length === wantLines.length && gotLines.every((l, i) => norm(l) === norm(wantLines[i]))
        ? 1
        : 0,
      p.id,
    );
    score("ingredient tokens F1", f1(tokens(gotLines), tokens(wantLines)), p.id);
    if (!STRUCTURED.has(p.shape))
      score("ingredient tokens F1, no structured data", f1(tokens(gotLines), tokens(wantLines)), p.id);
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
    });
    if (parsedN) score("ingredient parse (qty/unit/name)", parsedOk / parsedN, p.id);
    const gotSteps = (r.instructions ?? []).map((s) => s.text);
    score(
      "instruction steps exact",
      gotSteps.length === g.steps.length && gotSteps.every((s, i) => norm(s) === norm(g.steps[i])) ? 1 : 0,
      p.id,
    );
    score("instruction tokens F1", f1(tokens(gotSteps), tokens(g.steps)), p.id);
    score("yield number", r.servings === g.servings ? 1 : 0, p.id);
    score("prep time", Math.abs((r.prepTimeMinutes ?? -9) - g.prep) <= 1 ? 1 : 0, p.id);
    score("cook time", Math.abs((r.cookTimeMinutes ?? -9) - g.cook) <= 1 ? 1 : 0, p.id);
    score("total time", Math.abs((r.totalTimeMinutes ?? -9) - g.total) <= 1 ? 1 : 0, p.id);
    score("author", norm(r.author) === norm(g.author) ? 1 : 0, p.id);
    score("image", r.imageUrl === g.image ? 1 : 0, p.id);
    score("description", norm(r.description) === norm(g.description) ? 1 : 0, p.id);
  }
  return {
    pages: pages.length,
    fields: [...acc.entries()].map(([field, a]) => ({ field, score: a.sum / a.n, failures: a.failures })),
  };
}
