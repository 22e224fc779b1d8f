// A seeded split of the recipe corpus by site, to measure how rules generalise: a rule designed on
// the misses of half A is worth keeping when half B (whose misses were not looked at) moves too.
import { createHash } from "node:crypto";
import { printTable } from "./corpusScore.ts";
import {
  FIELDS,
  loadRecipeCorpus,
  printMisses,
  scoreRecipeCorpus,
  VARIANTS,
  type CorpusPage,
} from "./realPages.ts";

/** The half of a site: the sites sorted by a seeded hash, the first half of them is A. */
export function splitBySite(pages: CorpusPage[], seed: number): { A: CorpusPage[]; B: CorpusPage[] } {
  const siteOf = (p: CorpusPage) => p.id.split("/")[0]!;
  const key = (site: string) => createHash("sha256").update(`${seed}:${site}`).digest("hex");
  const sites = [...new Set(pages.map(siteOf))].sort((a, b) => key(a).localeCompare(key(b)));
  const inA = new Set(sites.slice(0, Math.ceil(sites.length / 2)));
  return {
    A: pages.filter((p) => inA.has(siteOf(p))),
    B: pages.filter((p) => !inA.has(siteOf(p))),
  };
}

/**
 * `npm run eval -- recipes --holdout [--seed N] [--half A|B] [--variant stripped|bare]`: the two
 * halves side by side, per field and per failure class; with `--verbose`, the misses of the half
 * named by `--half` only (A by default), so the other half stays unseen while a rule is designed.
 */
export function printHoldout(opts: {
  verbose: boolean;
  only?: string;
  seed: number;
  half: "A" | "B";
  variant?: keyof typeof VARIANTS;
}): void {
  const strip = opts.variant ? VARIANTS[opts.variant].strip : (h: string) => h;
  const pages = loadRecipeCorpus().map((p) => ({ ...p, html: strip(p.html) }));
  if (!pages.length) return;
  const halves = splitBySite(pages, opts.seed);
  const scored = { A: scoreRecipeCorpus(halves.A), B: scoreRecipeCorpus(halves.B) };
  const all = (h: "A" | "B") => scored[h].groups.get("all")!;
  const sites = (h: "A" | "B") => new Set(halves[h].map((p) => p.id.split("/")[0])).size;
  printTable(
    `holdout split by site (seed ${opts.seed}${opts.variant ? `, ${opts.variant} pages` : ""}): A ${sites("A")} sites, B ${sites("B")} sites`,
    [
      { name: "A", n: all("A").n },
      { name: "B", n: all("B").n },
    ],
    FIELDS.map(([field, f1]) => ({
      field,
      f1,
      cells: [all("A").fields.get(field), all("B").fields.get(field)],
    })),
  );
  console.log("\nfailing pages by class (A, B)");
  const classes = new Set([...scored.A.classes.keys(), ...scored.B.classes.keys()]);
  for (const c of [...classes].sort()) {
    const n = (h: "A" | "B") => String(scored[h].classes.get(c)?.length ?? 0).padStart(4);
    console.log(`  ${n("A")} ${n("B")}  ${c}`);
  }
  if (opts.verbose) {
    console.log(`\nfailing pages of half ${opts.half} by class`);
    for (const [c, ids] of [...scored[opts.half].classes].sort(([a], [b]) => a.localeCompare(b)))
      console.log(`  ${c}: ${ids.join(", ")}`);
    console.log(`\nmisses of half ${opts.half}`);
    printMisses(all(opts.half), opts.only);
  }
}
