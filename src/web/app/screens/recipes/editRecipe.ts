// Editing a saved recipe later (#/recipes/<id>/edit) with the same editor review uses (one editor,
// two places): name, description, servings, yield, times, cuisine, category, tags, picture,
// ingredient groups, steps and nutrition. Saved as a new version (PATCH /api/recipes/{id}); the old
// one stays in the history. Only what changed is sent.
import { answer, app, client, el, errorBox, stillShown } from "../../lib.ts";
import { recipeEditor } from "../review/recipeEditor.ts";
import type { DraftRecipe, EditorContext } from "../review/reviewContext.ts";
import { t } from "../../i18n/i18n.ts";
import { recipeImage } from "./words.ts";

/** The recipe's fields the editor changes; the record's own (id, versions, source…) stay as they are. */
const EDITABLE = [
  "name",
  "description",
  "servings",
  "yield",
  "prepTimeMinutes",
  "cookTimeMinutes",
  "totalTimeMinutes",
  "cuisine",
  "category",
  "tags",
  "imageUrl",
  "ingredients",
  "instructions",
  "nutrition",
] as const;

export async function renderEditRecipe(id: string): Promise<void> {
  const shown = stillShown();
  const res = await answer(client.GET("/api/recipes/{id}", { params: { path: { id } } }));
  if (!shown()) return;
  if (!res.ok)
    return void app.replaceChildren(
      el("h1", {}, t("recipes.editRecipeHeading")),
      errorBox(res.body),
      el("p", {}, el("a", { href: "#/recipes" }, t("recipes.backToRecipes"))),
    );
  const x = res.body;
  // The stored recipe is a draft recipe with the record's fields besides: the editor reads the same shape.
  const r = structuredClone(x) as unknown as DraftRecipe;
  const before = JSON.stringify(EDITABLE.map((k) => r[k] ?? null));
  const ctx: EditorContext = {
    draft: null,
    r,
    // Only the saved picture can be shown before saving: the image proxy serves a recipe's own.
    picture: () => recipeImage(x),
    source: null,
    state: { ack: false, check: null, dupOf: null, dupSeen: "" },
    noteFor: (field) => el("div", { class: "field-note", id: `note-${field.replace(/[^\w]/g, "-")}` }),
    // The server checks the edit as it saves it.
    scheduleCheck: () => undefined,
  };
  const editor = recipeEditor(ctx);
  const out = el("div", { "aria-live": "polite" });
  const save = async (e: Event): Promise<void> => {
    e.preventDefault();
    const changes: Record<string, unknown> = {};
    const was = JSON.parse(before) as unknown[];
    EDITABLE.forEach((k, n) => {
      const now = k === "ingredients" ? r.ingredients.map(({ original, ...i }) => (void original, i)) : r[k];
      if (JSON.stringify(now ?? null) !== JSON.stringify(was[n])) changes[k] = now ?? null;
    });
    if (typeof changes["name"] === "string") changes["name"] = changes["name"].trim();
    if (!Object.keys(changes).length) return void (location.hash = `#/recipes/${id}`);
    const saved = await answer(
      client.PATCH("/api/recipes/{id}", {
        params: { path: { id } },
        body: { changes, ...(x.version ? { expectedVersion: x.version } : {}) },
      }),
    );
    if (!saved.ok)
      return void out.replaceChildren(
        saved.body.code === "RECIPE_VERSION_CONFLICT"
          ? el("p", { class: "error", role: "alert" }, t("recipes.editConflict"))
          : errorBox(saved.body),
      );
    location.hash = `#/recipes/${id}`;
  };
  app.replaceChildren(
    el(
      "form",
      { class: "card rx review edit-recipe", onsubmit: save },
      el("h1", {}, t("recipes.editHeading", { name: x.name })),
      el("p", { class: "muted" }, t("recipes.editSavedAsVersion")),
      ...editor.parts,
      el(
        "div",
        { class: "save-bar sticky" },
        out,
        el(
          "div",
          { class: "actions" },
          el("button", { type: "submit" }, t("recipes.saveChanges")),
          el("a", { href: `#/recipes/${id}` }, t("recipes.cancel")),
        ),
      ),
    ),
  );
  editor.draw();
  document.getElementById("f-name")?.focus({ preventScroll: true });
}
