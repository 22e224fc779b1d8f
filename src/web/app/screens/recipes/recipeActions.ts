// A saved recipe's actions, first on its page: Cook, Scale, Plan, Shopping list, Edit. Plan opens
// a day to choose in place; Shopping list makes a list of this recipe (at the servings chosen) and
// opens it.
import type { Recipe } from "../../api/types.ts";
import { answer, client, el, errorBox, fill } from "../../lib.ts";
import { savedChoice } from "../kitchen/kitchenControls.ts";
import { isoDay, libraryId } from "../kitchen/PlanScreen.ts";
import { language, locale, t, unitSystem } from "../../i18n/i18n.ts";

export function recipeActions(x: Recipe, scaleControls: HTMLElement): HTMLElement {
  const note = el("p", { class: "muted", "aria-live": "polite" });
  const day = el("input", { type: "date", id: "plan-day", value: isoDay(new Date()) });
  const servingsNow = (): number | undefined => {
    const s = savedChoice(x.id).servings;
    return s && x.servings ? Math.round(s) : undefined;
  };
  const planForm = el(
    "form",
    {
      id: "plan-form",
      class: "kc-row plan-form",
      hidden: true,
      onsubmit: async (e: Event) => {
        e.preventDefault();
        const servings = servingsNow();
        const r = await answer(
          client.POST("/api/plans", {
            body: {
              day: day.value,
              recipeId: x.id,
              ...(servings ? { servings } : {}),
              ...(libraryId() ? { libraryId: libraryId() } : {}),
            },
          }),
        );
        fill(
          note,
          r.ok
            ? [
                t("recipes.plannedFor", { day: new Date(`${day.value}T12:00`).toLocaleDateString(locale()) }),
                " ",
                el("a", { href: "#/plan" }, t("recipes.seeThePlan")),
              ]
            : errorBox(r.body),
        );
      },
    },
    el("label", { for: "plan-day" }, t("recipes.planItFor")),
    day,
    el("button", { type: "submit" }, t("recipes.addToPlan")),
  );
  const planButton = el(
    "button",
    {
      type: "button",
      class: "secondary",
      "aria-expanded": "false",
      "aria-controls": "plan-form",
      onclick: () => {
        planForm.hidden = !planForm.hidden;
        planButton.setAttribute("aria-expanded", String(!planForm.hidden));
        if (!planForm.hidden) day.focus();
      },
    },
    t("recipes.plan"),
  );
  const shop = async (): Promise<void> => {
    const servings = servingsNow();
    const r = await answer(
      client.POST("/api/shopping-lists", {
        body: {
          name: x.name,
          recipes: [{ recipeId: x.id, ...(servings ? { servings } : {}) }],
          // Amounts in the cook's units and language (metric outside the US).
          units: unitSystem(),
          lang: language(),
          ...(libraryId() ? { libraryId: libraryId() } : {}),
        },
      }),
    );
    if (!r.ok) return void fill(note, errorBox(r.body));
    location.hash = `#/shopping/${r.body.id}`;
  };
  return el(
    "div",
    { class: "recipe-actions no-print" },
    el(
      "div",
      { class: "actions", role: "group", "aria-label": t("recipes.withThisRecipe") },
      el("a", { class: "button", href: `#/cook/${x.id}` }, t("recipes.cook")),
      el(
        "button",
        {
          type: "button",
          class: "secondary",
          onclick: () => {
            scaleControls.scrollIntoView({ block: "center" });
            scaleControls.querySelector("input")?.focus({ preventScroll: true });
          },
        },
        t("recipes.scale"),
      ),
      planButton,
      el(
        "button",
        { type: "button", class: "secondary", onclick: () => void shop() },
        t("recipes.shoppingList"),
      ),
      x.deletedAt
        ? null
        : el("a", { class: "button secondary", href: `#/recipes/${x.id}/edit` }, t("recipes.edit")),
    ),
    planForm,
    note,
  );
}
