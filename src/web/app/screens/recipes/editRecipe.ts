// Editing a saved recipe later (#/recipes/<id>/edit): its name, description, servings, times,
// ingredients (one per line, read again by the server) and steps (one per paragraph). Saved as a
// new version (PATCH /api/recipes/{id}); the old one stays in the history. Only what changed is sent.
import type { components } from "../../api/schema.gen.ts";
import { answer, app, client, el, stillShown } from "../../lib.ts";

type Recipe = components["schemas"]["StoredRecipe"];

const lines = (s: string) =>
  s
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
const paragraphs = (s: string) =>
  s
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);

function field(id: string, label: string, input: HTMLElement): HTMLElement {
  return el("div", { class: "field" }, el("label", { for: id }, label), input);
}

export async function renderEditRecipe(id: string): Promise<void> {
  const shown = stillShown();
  const r = await answer(client.GET("/api/recipes/{id}", { params: { path: { id } } }));
  if (!shown()) return;
  if (!r.ok)
    return void app.replaceChildren(
      el("h1", {}, "Edit recipe"),
      el("p", { class: "error", role: "alert" }, r.body.message),
      el("p", {}, el("a", { href: "#/recipes" }, "Back to your recipes")),
    );
  const x: Recipe = r.body;
  const text = (fid: string, value: string | null | undefined) =>
    el("input", { id: fid, value: value ?? "" });
  const number = (fid: string, value: number | null | undefined) =>
    el("input", { id: fid, type: "number", min: 0, inputmode: "numeric", value: value || "" });
  const name = text("edit-name", x.name);
  const description = el("textarea", { id: "edit-description", rows: 3, value: x.description ?? "" });
  const servings = number("edit-servings", x.servings);
  const prep = number("edit-prep", x.prepTimeMinutes);
  const cook = number("edit-cook", x.cookTimeMinutes);
  const total = number("edit-total", x.totalTimeMinutes);
  const ingredientText = x.ingredients.map((i) => i.text).join("\n");
  const ingredients = el("textarea", {
    id: "edit-ingredients",
    rows: Math.min(20, x.ingredients.length + 2),
    value: ingredientText,
  });
  const stepText = x.instructions.map((s) => s.text).join("\n\n");
  const steps = el("textarea", {
    id: "edit-steps",
    rows: Math.min(24, x.instructions.length * 3 + 2),
    value: stepText,
  });
  const out = el("div", { "aria-live": "polite" });
  const save = async (e: Event) => {
    e.preventDefault();
    const num = (input: HTMLInputElement) => (input.value === "" ? 0 : Math.round(Number(input.value)));
    const changes: Record<string, unknown> = {};
    if (name.value.trim() !== x.name) changes["name"] = name.value.trim();
    if ((description.value.trim() || null) !== (x.description ?? null))
      changes["description"] = description.value.trim() || null;
    if (num(servings) !== (x.servings ?? 0)) changes["servings"] = num(servings);
    if (num(prep) !== (x.prepTimeMinutes ?? 0)) changes["prepTimeMinutes"] = num(prep);
    if (num(cook) !== (x.cookTimeMinutes ?? 0)) changes["cookTimeMinutes"] = num(cook);
    if (num(total) !== (x.totalTimeMinutes ?? 0)) changes["totalTimeMinutes"] = num(total);
    if (ingredients.value !== ingredientText) changes["ingredients"] = lines(ingredients.value);
    if (steps.value !== stepText) changes["instructions"] = paragraphs(steps.value);
    if (!Object.keys(changes).length) return void (location.hash = `#/recipes/${id}`);
    const res = await answer(
      client.PATCH("/api/recipes/{id}", {
        params: { path: { id } },
        body: { changes, ...(x.version ? { expectedVersion: x.version } : {}) },
      }),
    );
    if (!res.ok)
      return void out.replaceChildren(
        el(
          "p",
          { class: "error", role: "alert" },
          res.body.code === "RECIPE_VERSION_CONFLICT"
            ? "Someone changed this recipe while you were editing it. Open it again to see their changes, then redo yours."
            : res.body.message,
        ),
      );
    location.hash = `#/recipes/${id}`;
  };
  app.replaceChildren(
    el(
      "form",
      { class: "card rx edit-recipe", onsubmit: save },
      el("h1", {}, `Edit “${x.name}”`),
      el(
        "p",
        { class: "muted" },
        "Your changes are saved as a new version; the earlier one stays in the recipe's history.",
      ),
      field("edit-name", "Name", name),
      field("edit-description", "Description", description),
      el(
        "div",
        { class: "row" },
        field("edit-servings", "Servings", servings),
        field("edit-prep", "Preparation (minutes)", prep),
        field("edit-cook", "Cooking (minutes)", cook),
        field("edit-total", "Total (minutes)", total),
      ),
      field("edit-ingredients", "Ingredients, one per line", ingredients),
      field("edit-steps", "Steps, with an empty line between them", steps),
      out,
      el(
        "div",
        { class: "actions" },
        el("button", { type: "submit" }, "Save changes"),
        el("a", { href: `#/recipes/${id}` }, "Cancel"),
      ),
    ),
  );
  name.focus();
}
