import { cliActor } from "./cliActor.ts";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { zRecipe } from "../domain/recipe.ts";
import { zUnitSystem } from "../domain/kitchen.ts";
import { parseIngredientList } from "../extract/ingredients.ts";
import { scaleRecipe, type ScaleRequest } from "../kitchen/scaleRecipe.ts";

export { SCALE_HELP } from "./scaleHelp.ts";
import { SCALE_HELP } from "./scaleHelp.ts";
import { helpText } from "./i18n/cliHelp.ts";
import { say } from "./i18n/cliWords.ts";
import { problemWords } from "./i18n/cliProblems.ts";

/** `ladle scale`: the kitchen engine from the command line (in-process, on the configured database). */
export async function scaleCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      servings: { type: "string" },
      factor: { type: "string" },
      have: { type: "string" },
      ingredient: { type: "string" },
      units: { type: "string", default: "original" },
      json: { type: "boolean", default: false },
    },
  });
  const usage = (why: string) => {
    process.stderr.write(`ladle scale: ${why}\n\n${helpText("scale", { english: SCALE_HELP })}\n`);
    return 2;
  };
  const what = positionals[0];
  if (!what || positionals.length > 1) return usage(say("scaleOneRecipe"));
  const units = zUnitSystem.safeParse(values.units);
  if (!units.success) return usage(say("scaleUnits"));
  const req: ScaleRequest = { units: units.data };
  if (values.servings !== undefined) req.servings = Number(values.servings);
  if (values.factor !== undefined) req.factor = Number(values.factor);
  if (values.have !== undefined) {
    const n = Number(values.ingredient);
    if (!Number.isInteger(n) || n < 1) return usage(say("scaleHave"));
    req.have = { ingredient: n - 1, amount: values.have };
  }

  let recipe;
  if (what.endsWith(".json")) {
    // A file may give its ingredients as lines; they are read as extraction reads them.
    const raw = JSON.parse(readFileSync(what, "utf8")) as {
      ingredients?: unknown[];
      instructions?: unknown[];
    };
    if (raw.ingredients?.every((i) => typeof i === "string"))
      raw.ingredients = parseIngredientList(raw.ingredients as string[]);
    if (raw.instructions?.every((s) => typeof s === "string"))
      raw.instructions = raw.instructions.map((text) => ({ text }));
    recipe = zRecipe.parse(raw);
  } else {
    const { Ladle } = await import("../app/ladle.ts");
    const config = loadConfig({ overrides: { Server: { LogLevel: "warn" } } });
    const ladle = await Ladle.start({ config, queue: false, role: "api" });
    try {
      const got = await ladle.recipes.get(what, await cliActor(ladle));
      if (!got.ok) {
        process.stderr.write(`ladle scale: ${problemWords(got.code, got.message)}\n`);
        return 1;
      }
      recipe = got.value;
    } finally {
      await ladle.stop();
    }
  }
  const res = scaleRecipe(recipe, req);
  if (!res.ok) {
    process.stderr.write(`ladle scale: ${problemWords(res.code, res.message)}\n`);
    return 1;
  }
  const x = res.value;
  if (values.json) {
    process.stdout.write(JSON.stringify(x, null, 2) + "\n");
    return 0;
  }
  const out = [x.name, x.scaling.servings ? `Serves ${x.scaling.servings}` : "", "", "Ingredients"];
  for (const i of x.ingredients)
    out.push(
      `- ${i.display}${i.status === "unparsed" ? "  (not scaled: could not read it)" : ""}${i.hint ? `  (${i.hint})` : ""}`,
    );
  out.push("", "Steps");
  x.instructions.forEach((s, n) => out.push(`${n + 1}. ${s.text}`));
  process.stdout.write(out.filter((l, n) => l !== "" || n > 1).join("\n") + "\n");
  return 0;
}
