import { describe, expect, it } from "vitest";
import { zRecipe, type Recipe, type RecipeInput } from "../domain/recipe.ts";
import {
  formatNumbers,
  formatTemperatures,
  lowRiskOps,
  tidyWhitespace,
  titleCase,
} from "./normalizeRules.ts";
import { proposeNormalization } from "./proposeNormalization.ts";

const ing = (text: string, quantity: number, unit: string | null, name: string) => ({
  text,
  quantity,
  unit,
  name,
});
const recipe = (r: Partial<RecipeInput> = {}): Recipe =>
  zRecipe.parse({
    name: "Pancakes",
    ingredients: [ing("2 cups flour", 2, "cup", "flour")],
    instructions: [{ text: "Mix." }],
    ...r,
  });
const unitOps = (units: string[]) =>
  lowRiskOps(recipe({ ingredients: units.map((u, i) => ing(`1 ${u} x${i}`, 1, u, `x${i}`)) }))
    .filter((o) => o.path.endsWith("/unit"))
    .map((o) => o.value);

describe("Low rules", () => {
  it("unit abbreviations to one house style in the eight languages", () => {
    // English, German, French, Spanish, Italian, Dutch, Portuguese, Swedish
    expect(unitOps(["tablespoons", "Teaspoon", "ounces", "lbs", "grams", "Litres"])).toEqual([
      "tbsp",
      "tsp",
      "oz",
      "lb",
      "g",
      "l",
    ]);
    expect(unitOps(["Esslöffel", "Teel.", "Gramm", "Prisen"])).toEqual(["EL", "TL", "g", "Prise"]);
    expect(unitOps(["cuillère à soupe", "càc", "grammes"])).toEqual(["c. à soupe", "c. à café", "g"]);
    expect(unitOps(["cucharadas", "cucharadita", "gramos", "tazas"])).toEqual(["cda", "cdta", "g", "taza"]);
    expect(unitOps(["cucchiai", "cucchiaini", "grammi", "litri"])).toEqual([
      "cucchiaio",
      "cucchiaino",
      "g",
      "l",
    ]);
    expect(unitOps(["eetlepels", "theelepel"])).toEqual(["el", "tl"]);
    expect(unitOps(["colheres de sopa", "colheres de chá", "xícaras", "gramas"])).toEqual([
      "colher de sopa",
      "colher de chá",
      "xícara",
      "g",
    ]);
    expect(unitOps(["matskedar", "tesked", "kryddmått"])).toEqual(["msk", "tsk", "krm"]);
    // Already house style, or unknown: nothing to do.
    expect(unitOps(["tbsp", "g", "EL", "handful"])).toEqual([]);
  });

  it("whitespace and casing", () => {
    expect(tidyWhitespace("  Mix   the\tflour , then  rest .  ")).toBe("Mix the flour, then rest.");
    expect(titleCase("SUNDAY PANCAKES")).toBe("Sunday Pancakes");
    expect(titleCase("Crème brûlée")).toBe("Crème brûlée");
    const ops = lowRiskOps(
      recipe({
        name: "BUTTERMILK PANCAKES ",
        instructions: [{ text: "whisk  the eggs." }, { text: "RÜHREN SIE GUT UM." }],
        tags: ["Breakfast", "breakfast ", "Brunch"],
      }),
    );
    const byPath = Object.fromEntries(ops.map((o) => [o.path, o.value]));
    expect(byPath["/name"]).toBe("Buttermilk Pancakes");
    expect(byPath["/instructions/0/text"]).toBe("Whisk the eggs.");
    expect(byPath["/instructions/1/text"]).toBe("Rühren sie gut um.");
    expect(byPath["/tags"]).toEqual(["breakfast", "brunch"]);
    expect(ops.every((o) => o.riskCategory === "Low")).toBe(true);
  });

  it("numeric formatting without conversion", () => {
    expect(formatNumbers("add .5 cup, then 1½ cups and ¾ tsp")).toBe(
      "add 0.5 cup, then 1 1/2 cups and 3/4 tsp",
    );
    expect(formatNumbers("1-1/2 Tassen, 2 ½ EL")).toBe("1 1/2 Tassen, 2 1/2 EL");
    expect(formatNumbers("Bake 25 min. Serves 4.")).toBe("Bake 25 min. Serves 4.");
    expect(formatNumbers("1,5 kg")).toBe("1,5 kg");
  });

  it("temperature formatting", () => {
    expect(formatTemperatures("Preheat the oven to 350 F.")).toBe("Preheat the oven to 350°F.");
    expect(formatTemperatures("Bake at 350 degrees F")).toBe("Bake at 350°F");
    expect(formatTemperatures("Four à 180 ° C, puis 200 degrés C")).toBe("Four à 180°C, puis 200°C");
    expect(formatTemperatures("Horno a 180 grados C")).toBe("Horno a 180°C");
    expect(formatTemperatures("Ugn 225 grader C")).toBe("Ugn 225°C");
    expect(formatTemperatures("Add 2 C of milk and 12 C sugar")).toBe("Add 2 C of milk and 12 C sugar");
    expect(formatTemperatures("already 180°C")).toBe("already 180°C");
  });
});

describe("proposals", () => {
  const base = recipe({
    ingredients: [
      ing("2 tablespoons sugar", 2, "tablespoons", "sugar"),
      ing("1 cup scallions", 1, "cup", "scallions"),
      ing("200 g flour", 200, "g", "flour"),
    ],
    instructions: [{ text: "Preheat to 350 F." }, { text: "Mix." }, { text: "Bake." }],
  });

  it("without an LLM: Low operations (and conversion offered as High) with a warning that High proposals were skipped", async () => {
    const r = await proposeNormalization(base, { convertUnits: "none", llm: null });
    const ops = r.patch.filter((o) => o.op !== "test");
    expect(ops.map((o) => [o.path, o.value, o.riskCategory])).toEqual([
      ["/ingredients/0/unit", "tbsp", "Low"],
      ["/instructions/0/text", "Preheat to 350°F.", "Low"],
    ]);
    expect(r.warnings[0]).toMatch(/High-risk proposals .* skipped: no LLM provider/);
    // Each change is guarded by a test of the value it was computed from.
    expect(r.patch.filter((o) => o.op === "test")).toEqual([
      { op: "test", path: "/ingredients/0/unit", value: "tablespoons", riskCategory: "Low", guards: 0 },
      {
        op: "test",
        path: "/instructions/0/text",
        value: "Preheat to 350 F.",
        riskCategory: "Low",
        guards: 1,
      },
    ]);
    expect(r.diffSummary[0]).toBe("Normalized units: tablespoons -> tbsp (Low)");
    expect(r.validation.isValid).toBe(true);
  });

  it("unit conversion is offered as High: the minority system to the majority", async () => {
    const r = await proposeNormalization(base, { convertUnits: "auto", llm: null });
    const conv = r.patch.filter((o) => o.rule === "unit conversion");
    // cup is US, g metric, tablespoons a spoon (no system): one each, so US wins the tie.
    expect(conv).toHaveLength(1);
    expect(conv[0]).toMatchObject({ path: "/ingredients/2", riskCategory: "High" });
    expect(conv[0]!.value).toMatchObject({ quantity: 7, unit: "oz", text: "7 oz flour" });
    const metric = await proposeNormalization(base, { convertUnits: "metric", llm: null });
    expect(metric.patch.find((o) => o.rule === "unit conversion")!.value).toMatchObject({
      quantity: 240,
      unit: "ml",
    });
  });

  it("relabels mislabelled Low operations and drops invalid ones with reasons", async () => {
    const llm = async () => ({
      ok: true as const,
      value: {
        patch: [
          {
            op: "replace" as const,
            path: "/ingredients/1/name",
            value: "green onions",
            riskCategory: "Low" as const,
            reason: "canonical name",
          },
          {
            op: "replace" as const,
            path: "/ingredients/2/quantity",
            value: 250,
            riskCategory: "Low" as const,
          },
          { op: "replace" as const, path: "/ingredients/2/unit", value: "ml", riskCategory: "Low" as const },
          {
            op: "move" as const,
            from: "/instructions/2",
            path: "/instructions/1",
            riskCategory: "Low" as const,
          },
          { op: "replace" as const, path: "/ingredients/9/name", value: "x", riskCategory: "High" as const },
          {
            op: "replace" as const,
            path: "/source/url",
            value: "https://evil.example",
            riskCategory: "Low" as const,
          },
          {
            op: "replace" as const,
            path: "/ingredients/2/quantity",
            value: -3,
            riskCategory: "High" as const,
          },
          { op: "remove" as const, path: "/name", riskCategory: "High" as const },
          {
            op: "replace" as const,
            path: "/ingredients/1/notes",
            value: "chopped",
            riskCategory: "Low" as const,
          },
          {
            op: "replace" as const,
            path: "/instructions/0/text",
            value: "Heat the oven to 350°F.",
            riskCategory: "High" as const,
          },
        ],
      },
    });
    const r = await proposeNormalization(base, { convertUnits: "none", llm });
    const byPath = Object.fromEntries(r.patch.filter((o) => o.op !== "test").map((o) => [o.path, o]));
    expect(byPath["/ingredients/1/name"]).toMatchObject({
      riskCategory: "High",
      relabelled: "labelled Low, but it changes words",
    });
    expect(byPath["/ingredients/2/quantity"]).toMatchObject({
      riskCategory: "High",
      relabelled: expect.stringMatching(/quantity/),
    });
    expect(byPath["/ingredients/2/unit"]).toMatchObject({ riskCategory: "High" });
    expect(byPath["/instructions/1"]).toMatchObject({ op: "move", riskCategory: "High" });
    expect(byPath["/ingredients/1/notes"]).toMatchObject({ riskCategory: "High" });
    expect(r.dropped.map((d) => d.reason)).toEqual([
      "/ingredients/9/name does not exist in the recipe",
      "/source/url is not a field normalization may change",
      expect.stringMatching(/^the result is not a valid recipe \(ingredients\.2\.quantity/),
      expect.stringMatching(/^the result is not a valid recipe \(name/),
      "overlaps operation 1 on /instructions/0/text",
    ]);
    expect(r.diffSummary).toContain("canonical name (High: labelled Low, but it changes words)");
  });
});
