import { goldenCases } from "../test/golden/cases.ts";
import { evaluate } from "../test/golden/evaluate.ts";
import { printIngredientCorpus } from "../test/golden/ingredientLines.ts";
import { printRecipeCorpus, printStrippedCorpus } from "../test/golden/realPages.ts";
import { goldenPages, SHAPES } from "../test/golden/shapes.ts";

// `npm run eval [-- SUITE...] [--verbose] [--field NAME] [--limit N]`: extraction accuracy.
// Suites: `golden` (test/golden), `recipes` (../shared/corpus/recipes, real pages, per field and
// extraction method, then the error budget: each goal of the extraction budget (bench/recipe-budget*.json) and the failing pages by class,
// counts kept in bench/recipe-budget.json so a regression is a diff), `ingredients`
// (../shared/corpus/ingredients, labelled lines), `articles` (../shared/corpus/articles: shingle F1,
// precision and recall), `stripped` (the recipe pages without their structured data: the page-text
// reader alone on 512 page shapes, counts kept in bench/recipe-budget-stripped.json), `bare` (the
// same without class and id names as well: the recipe found by what its lines say, counts in
// bench/recipe-budget-bare.json). No suite named runs all six.
// `--verbose` prints each miss as a diff (`-` expected, `+` got); `--field` keeps the misses of fields starting with NAME; `--limit` caps the ingredient-line misses shown.
// Ingredient lines are scored on the held-out slice the tagger never trained on (`--slice dev|train|all`
// for another), rules alone, tagger alone and combined; `--parser rules|tagger|combined` picks whose
// misses `--verbose` shows.
const args = process.argv.slice(2);
const verbose = args.includes("--verbose");
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = option("--field");
const limit = Number(option("--limit") ?? 100);
const suites = args.filter(
  (a, i) =>
    !a.startsWith("--") &&
    ![
      "--field",
      "--limit",
      "--slice",
      "--parser",
      "--kind",
      "--offset",
      "--seed",
      "--seeds",
      "--half",
      "--variant",
    ].includes(args[i - 1] ?? ""),
);
const wanted = (s: string) => suites.length === 0 || suites.includes(s);

if (wanted("golden")) {
  const { pages, fields } = evaluate();
  console.log(
    `golden set: ${pages} pages (${goldenPages().length} generated in ${Object.keys(SHAPES).length} shapes, ${goldenCases().length} hand-written cases)`,
  );
  for (const f of fields) {
    const shown = f.failures.slice(0, verbose ? 50 : 4).join(", ");
    console.log(
      `${f.field.padEnd(34)} ${(f.score * 100).toFixed(1).padStart(6)}%${f.failures.length ? `   misses: ${shown}${f.failures.length > 4 && !verbose ? ", ..." : ""}` : ""}`,
    );
  }
}
// `--holdout [--seed N] [--half A|B] [--variant stripped|bare]`: the corpus split by site in two
// halves, scored side by side (test/golden/holdout.ts), instead of the recipe suites.
const holdout = args.includes("--holdout");
if (holdout && wanted("recipes"))
  (await import("../test/golden/holdout.ts")).printHoldout({
    verbose,
    only,
    seed: Number(option("--seed") ?? 50),
    half: option("--half") === "B" ? "B" : "A",
    variant:
      option("--variant") === "bare" ? "bare" : option("--variant") === "stripped" ? "stripped" : undefined,
  });
if (wanted("recipes") && !holdout) printRecipeCorpus({ verbose, only });
if (wanted("stripped") && !holdout) printStrippedCorpus({ verbose, only });
if (wanted("bare") && !holdout) printStrippedCorpus({ verbose, only, variant: "bare" });
if (wanted("ingredients"))
  printIngredientCorpus({ verbose, only, limit, slice: option("--slice"), parser: option("--parser") });
// `articles --holdout [--seeds N,M]`: the article pages split by site, each half scored (bench/evalArticles.ts).
if (wanted("articles"))
  (await import("./evalArticles.ts")).printArticleCorpus({
    verbose,
    holdout,
    seeds: (option("--seeds") ?? option("--seed") ?? "50,51,52").split(",").map(Number),
    half: option("--half") === "B" ? "B" : "A",
  });
// Not in the default run: `npm run eval -- duplicates` (the duplicate detector, fixtures and corpus pairs).
if (suites.includes("duplicates")) (await import("./evalDuplicates.ts")).printDuplicates({ verbose });
// Not in the default run (Chromium and OCR take minutes): `npm run eval -- sources [--limit N]
// [--offset N] [--kind typed,pdf,photo]`, typed, printed and photographed recipes (bench/sources/).
if (suites.includes("sources"))
  await (
    await import("./sources/evalSources.ts")
  ).printSourcesCorpus({
    verbose,
    only,
    limit: Number(option("--limit") ?? 40),
    offset: Number(option("--offset") ?? 0),
    kinds: option("--kind"),
  });
