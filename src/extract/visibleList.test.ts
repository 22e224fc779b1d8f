import { describe, expect, it } from "vitest";
import { parseIngredientList } from "./ingredients.ts";
import { withWholeVisibleList, withWholeVisibleSteps } from "./visibleList.ts";

// The whole-list checks read the snapshot's lines by offset and skip, unfolded, items whose first
// letter no structured line starts with: lines whose first letters fold (accents written as
// combining marks, a no-break space, "½") must still be found.
describe("withWholeVisibleList", () => {
  it("finds structured lines written with combining marks", () => {
    // Every structured line starts with a letter the page writes as "e" and a combining accent.
    const structured = parseIngredientList(["écrasé de pommes", "épinards hachés"]);
    const snapshot = [
      "# My cake",
      "- Home",
      "- Recipes",
      "Some words about the cake.",
      "# Ingredients",
      "- e\u0301crase\u0301 de pommes",
      "- e\u0301pinards hache\u0301s",
      "- 3 tbsp sugar",
      "# Method",
      "Mix it all.",
    ].join("\n");
    const whole = withWholeVisibleList(snapshot, structured);
    expect(whole?.map((i) => i.text)).toHaveLength(3);
    expect(whole?.[2]?.text).toBe("3 tbsp sugar");
  });

  it("finds structured lines after a no-break space and written with a slash for ½", () => {
    const structured = parseIngredientList(["2 eggs", "½ cup milk"]);
    const snapshot = ["# Ingredients", "- \u00a02 eggs", "- 1/2 cup milk", "- 3 tbsp sugar"].join("\n");
    expect(withWholeVisibleList(snapshot, structured)?.map((i) => i.text)).toHaveLength(3);
  });

  it("says nothing when a structured line is not shown", () => {
    const structured = parseIngredientList(["2 eggs", "1 cup flour"]);
    const snapshot = ["# Ingredients", "- 2 eggs", "- 3 tbsp sugar"].join("\n");
    expect(withWholeVisibleList(snapshot, structured)).toBeNull();
  });
});

describe("withWholeVisibleSteps", () => {
  it("reads the method the page shows after the structured first steps", () => {
    const steps = [{ text: "Heat the oven to 180 degrees.", section: null }];
    const snapshot = [
      "- 2 eggs",
      "# Method",
      "- Heat the oven to 180 degrees.",
      "- Beat the eggs with the sugar until pale.",
      "",
    ].join("\n");
    expect(withWholeVisibleSteps(snapshot, steps)?.map((s) => s.text)).toEqual([
      "Heat the oven to 180 degrees.",
      "Beat the eggs with the sugar until pale.",
    ]);
  });

  // Items whose first letter no structured step starts with are skipped unfolded: a step whose
  // first letter folds (a full-width letter after its glued number, a combining accent) is read.
  it("finds the structured steps in lines whose first letters fold", () => {
    const steps = [
      { text: "Whisk the eggs with the sugar.", section: null },
      { text: "Étalez la pâte sur la plaque.", section: null },
    ];
    const snapshot = [
      "- 2 eggs",
      "- Whisk the eggs with the sugar until it foams.",
      "# Method",
      "- 1\uff37hisk the eggs with the sugar.",
      "- 2. E\u0301talez la pa\u0302te sur la plaque.",
      "- 3 Enfournez pour vingt minutes.",
      "",
    ].join("\n");
    expect(withWholeVisibleSteps(snapshot, steps)?.map((s) => s.text)).toEqual([
      ...steps.map((s) => s.text),
      "Enfournez pour vingt minutes.",
    ]);
  });
});
