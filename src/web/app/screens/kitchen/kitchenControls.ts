// Scaling and converting a recipe on its page: the server's kitchen engine does the arithmetic,
// these controls ask for it and redraw the lists with its lines. DOM is built with textContent only.
import type { operations } from "../../api/schema.gen.ts";
import type { Recipe } from "../../api/types.ts";
import { chosenUnits, language, t } from "../../i18n/i18n.ts";
import { announce, answer, client, el, errorBox, fill } from "../../lib.ts";

type Ingredient = Recipe["ingredients"][number];
type Query = NonNullable<operations["getRecipe"]["parameters"]["query"]>;
/** What the cook asked for: a number of servings (or a factor), or "I have" an amount of one ingredient. */
type Ask =
  | { servings: number; ingredient?: undefined; have?: undefined }
  | { servings?: undefined; ingredient: number; have: string };
/** What the cook chose on a recipe's page (servings, units), kept for this tab. */
export type Saved = { servings?: number; units?: string };

/** The servings and units the cook last chose for a recipe in this tab ({} when none). */
export function savedChoice(recipeId: string): Saved {
  const v: unknown = JSON.parse(sessionStorage.getItem(`ladle.kitchen.${recipeId}`) || "{}");
  if (!v || typeof v !== "object") return {};
  return {
    ...("servings" in v && typeof v.servings === "number" ? { servings: v.servings } : {}),
    ...("units" in v && typeof v.units === "string" ? { units: v.units } : {}),
  };
}

/** The unit choices, named in the cook's language (a function: words are looked up when drawn). */
const units = (): [string, string][] => [
  ["original", t("kitchen.unitsAsWritten")],
  ["metric", t("kitchen.unitsMetric")],
  ["us", t("kitchen.unitsUs")],
];

/** One ingredient line as the engine scaled it; lines it could not read are marked. */
export function ingredientItem(i: Ingredient): HTMLLIElement {
  return el(
    "li",
    { class: i.status === "unparsed" ? "unparsed" : null },
    i.display ?? i.text,
    i.status === "unparsed" && i.hint ? el("span", { class: "muted small" }, ` (${i.hint})`) : null,
    i.hint && i.status !== "unparsed" ? el("span", { class: "muted small" }, ` ${i.hint}`) : null,
  );
}

function drawLists(x: Recipe, ingList: HTMLElement, stepsList?: HTMLElement): void {
  const items: HTMLElement[] = [];
  let section: string | null | undefined;
  for (const i of x.ingredients) {
    if (i.section && i.section !== section) items.push(el("li", { class: "section" }, i.section));
    section = i.section;
    items.push(ingredientItem(i));
  }
  fill(ingList, items);
  if (stepsList) {
    const steps: HTMLElement[] = [];
    let s2: string | null | undefined;
    for (const s of x.instructions) {
      if (s.section && s.section !== s2) steps.push(el("li", { class: "section" }, s.section));
      s2 = s.section;
      steps.push(el("li", {}, s.text));
    }
    fill(stepsList, steps);
  }
}

/**
 * The recipe page's scale and convert controls: servings, units, or "I have" one ingredient. The
 * server's kitchen engine does the arithmetic; the lists are redrawn with its lines.
 */
export function kitchenControls(x: Recipe, ingList: HTMLElement, stepsList?: HTMLElement): HTMLElement {
  const base = x.servings || 0;
  const saved = savedChoice(x.id);
  const servings = el("input", {
    type: "number",
    id: "scale",
    min: 1,
    max: 1000,
    value: saved.servings || base || 1,
  });
  const unitSelect = el(
    "select",
    { id: "units" },
    units().map(([v, label]) =>
      el("option", { value: v, selected: (saved.units || chosenUnits() || "original") === v }, label),
    ),
  );
  const haveWhich = el(
    "select",
    { id: "have-which" },
    x.ingredients.map((i, n) =>
      i.quantity > 0 && i.confidence >= 0.5 ? el("option", { value: n }, i.name) : null,
    ),
  );
  // An amount with a unit symbol, the same in every language the app speaks.
  // eslint-disable-next-line ladle/no-untranslated-text
  const haveAmount = el("input", { id: "have-amount", placeholder: "300 g", autocomplete: "off" });
  const problem = el("div");
  const summary = el("p", { class: "muted", "aria-live": "polite" });
  let last = "";
  const query = (extra: Ask): Query => ({
    ...(extra.have
      ? { ingredient: extra.ingredient, have: extra.have }
      : base
        ? { servings: Number(extra.servings) }
        : { factor: Number(extra.servings) }),
    ...(unitSelect.value === "metric"
      ? { units: "metric" }
      : unitSelect.value === "us"
        ? { units: "us" }
        : {}),
    // The amounts the kitchen writes, in the cook's language ("1,5 kg", "2 EL").
    lang: language(),
  });
  const apply = async (extra: Ask): Promise<void> => {
    const params = query(extra);
    const q = JSON.stringify(params);
    last = q;
    const r = await answer(
      client.GET("/api/recipes/{id}", {
        params: { path: { id: x.id }, query: params },
      }),
    );
    if (q !== last) return;

    if (!r.ok) {
      fill(problem, errorBox(r.body));
      return;
    }
    fill(problem);
    drawLists(r.body, ingList, stepsList);
    const s = r.body.scaling;
    if (!s) return; // a kitchen query is always answered with its scaling

    sessionStorage.setItem(
      `ladle.kitchen.${x.id}`,
      JSON.stringify({ servings: s.servings || Number(servings.value), units: unitSelect.value }),
    );
    if (extra.have && s.servings) servings.value = String(Math.round(s.servings * 100) / 100);
    fill(
      summary,
      s.factor === 1 && s.units === "original"
        ? t("kitchen.summaryAsWritten")
        : t("kitchen.scalingSummary", {
            by: s.servings ? "servings" : "factor",
            servings: s.servings ?? 0,
            factor: Math.round(s.factor * 100) / 100,
            units: s.units,
            unparsed: s.unparsed ?? 0,
          }),
    );
    announce(summary.textContent ?? "");
  };
  const byServings = () => {
    const n = Number(servings.value);
    if (n > 0) void apply({ servings: n });
  };
  servings.addEventListener("input", byServings);
  unitSelect.addEventListener("change", byServings);
  if (saved.servings || saved.units || chosenUnits()) queueMicrotask(byServings);
  return el(
    "div",
    { class: "scale kitchen-controls no-print" },
    el(
      "div",
      { class: "kc-row" },
      el("label", { for: "scale" }, t("kitchen.servingsQuestion")),
      servings,
      base ? null : el("span", { class: "muted" }, ` ${t("kitchen.servingsUnknown")}`),
    ),
    el("div", { class: "kc-row" }, el("label", { for: "units" }, t("kitchen.unitsLabel")), unitSelect),
    haveWhich.options.length
      ? el(
          "form",
          {
            class: "kc-row",
            onsubmit: (e: Event) => {
              e.preventDefault();
              if (haveAmount.value.trim())
                void apply({ ingredient: Number(haveWhich.value), have: haveAmount.value.trim() });
            },
          },
          el("label", { for: "have-which" }, t("kitchen.iHave")),
          haveAmount,
          el("label", { for: "have-amount", class: "sr-only" }, t("kitchen.howMuch")),
          el("span", {}, t("kitchen.haveOf")),
          haveWhich,
          el("button", { type: "submit", class: "secondary" }, t("kitchen.scaleToIt")),
        )
      : null,
    summary,
    problem,
  );
}
