import { describe, expect, it } from "vitest";
import { applyRefresh, mergeRefresh } from "./refreshMerge.ts";

const ing = (text: string, section: string | null = null) => ({ text, name: text, quantity: 0, section });
const step = (text: string) => ({ text, section: null });

const base = {
  name: "Pancakes",
  description: "Fluffy.",
  servings: 4,
  tags: ["breakfast"],
  ingredients: [ing("1 cup flour"), ing("1 egg"), ing("1 cup milk"), ing("1 tbsp sugar")],
  instructions: [step("Mix."), step("Rest 10 minutes."), step("Cook.")],
};

const all = (changes: { id: number }[]) => new Set(changes.map((c) => c.id));

describe("mergeRefresh", () => {
  it("nothing changed anywhere: nothing to review", () => {
    expect(mergeRefresh(base, structuredClone(base), structuredClone(base))).toEqual([]);
  });

  it("only the user changed things: nothing to review, their version stays", () => {
    const mine = structuredClone(base);
    mine.name = "Sunday pancakes";
    mine.ingredients[1] = ing("2 eggs");
    expect(mergeRefresh(base, structuredClone(base), mine)).toEqual([]);
  });

  it("a field only the source changed is proposed as a replace against the user's version", () => {
    const now = { ...structuredClone(base), servings: 6 };
    const changes = mergeRefresh(base, now, structuredClone(base));
    expect(changes).toEqual([
      {
        id: 0,
        kind: "change",
        field: "servings",
        at: null,
        then: 4,
        mine: 4,
        source: 6,
        ops: [{ op: "replace", path: "/servings", value: 6 }],
      },
    ]);
    expect(applyRefresh(base, changes, all(changes)).doc.servings).toBe(6);
  });

  it("a field both changed differently is a conflict; both changed the same way is nothing", () => {
    const now = { ...structuredClone(base), name: "Best pancakes", description: "Light." };
    const mine = { ...structuredClone(base), name: "Sunday pancakes", description: "Light." };
    const changes = mergeRefresh(base, now, mine);
    expect(changes.map((c) => [c.kind, c.field, c.mine, c.source])).toEqual([
      ["conflict", "name", "Sunday pancakes", "Best pancakes"],
    ]);
    // Not picked: the user's side is kept.
    expect(applyRefresh(mine, changes, new Set()).doc.name).toBe("Sunday pancakes");
    expect(applyRefresh(mine, changes, all(changes)).doc.name).toBe("Best pancakes");
  });

  it("merges ingredient lines one by one: the user's edited line stays, the source's line next to it is proposed", () => {
    const mine = structuredClone(base);
    mine.ingredients[1] = ing("2 eggs");
    const now = structuredClone(base);
    now.ingredients[2] = ing("1 1/4 cups buttermilk");
    const changes = mergeRefresh(base, now, mine);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ kind: "change", field: "ingredients", at: 2 });
    expect(changes[0]!.ops).toEqual([
      { op: "replace", path: "/ingredients/2", value: ing("1 1/4 cups buttermilk") },
    ]);
    const out = applyRefresh(mine, changes, all(changes));
    expect(out.errors).toEqual([]);
    expect((out.doc.ingredients as { text: string }[]).map((i) => i.text)).toEqual([
      "1 cup flour",
      "2 eggs",
      "1 1/4 cups buttermilk",
      "1 tbsp sugar",
    ]);
  });

  it("the same line changed on both sides is a conflict shown with the three versions", () => {
    const mine = structuredClone(base);
    mine.instructions[1] = step("Rest 5 minutes.");
    const now = structuredClone(base);
    now.instructions[1] = step("Rest 30 minutes.");
    const [c] = mergeRefresh(base, now, mine);
    expect(c).toMatchObject({
      kind: "conflict",
      field: "instructions",
      at: 1,
      then: [step("Rest 10 minutes.")],
      mine: [step("Rest 5 minutes.")],
      source: [step("Rest 30 minutes.")],
    });
  });

  it("lines added and removed at the source keep their positions against an edited list, in any pick", () => {
    const mine = structuredClone(base);
    // The user added a line at the top: every source position shifts by one.
    mine.ingredients.unshift(ing("pinch of salt"));
    const now = structuredClone(base);
    now.ingredients.splice(1, 1); // the egg is gone
    now.ingredients.push(ing("1 tsp vanilla")); // vanilla is new at the end
    const changes = mergeRefresh(base, now, mine);
    expect(changes.map((c) => [c.kind, c.at, c.ops.map((o) => `${o.op} ${o.path}`)])).toEqual([
      ["change", 2, ["remove /ingredients/2"]],
      ["change", 5, ["add /ingredients/5"]],
    ]);
    const texts = (picked: number[]) =>
      (applyRefresh(mine, changes, new Set(picked)).doc.ingredients as { text: string }[]).map((i) => i.text);
    expect(texts([0, 1])).toEqual([
      "pinch of salt",
      "1 cup flour",
      "1 cup milk",
      "1 tbsp sugar",
      "1 tsp vanilla",
    ]);
    expect(texts([0])).toEqual(["pinch of salt", "1 cup flour", "1 cup milk", "1 tbsp sugar"]);
    expect(texts([1])).toEqual([
      "pinch of salt",
      "1 cup flour",
      "1 egg",
      "1 cup milk",
      "1 tbsp sugar",
      "1 tsp vanilla",
    ]);
  });

  it("a re-parse of the same words is the same line (quantities read differently are not a change)", () => {
    const now = structuredClone(base);
    now.ingredients[0] = { ...ing("1 cup flour"), quantity: 1 };
    expect(mergeRefresh(base, now, structuredClone(base))).toEqual([]);
  });

  it("a region the user rewrote while the source rewrote it differently is one conflict", () => {
    const mine = structuredClone(base);
    mine.instructions = [step("Mix everything and cook.")];
    const now = structuredClone(base);
    now.instructions = [step("Mix."), step("Cook on a hot griddle."), step("Serve.")];
    const changes = mergeRefresh(base, now, mine);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.kind).toBe("conflict");
    const out = applyRefresh(mine, changes, all(changes));
    expect((out.doc.instructions as { text: string }[]).map((s) => s.text)).toEqual([
      "Mix.",
      "Cook on a hot griddle.",
      "Serve.",
    ]);
  });
});
