// "You already have this": on the review screen, a draft that matches a recipe the cook
// has shows that recipe beside the draft, changed lines marked, and three ways on: update the one
// they have (a new version of it), keep both, or drop the draft. The review editor (screens/review)
// owns saving; this module draws the panel and hands the choice back.
import type { components } from "../../api/schema.gen.ts";
import type { Recipe } from "../../api/types.ts";
import { t } from "../../i18n/i18n.ts";
import { answer, client, el } from "../../lib.ts";

type Match = components["schemas"]["DuplicateMatch"];
type Reason = Match["reason"];
/** What the comparison reads of a recipe: the stored one, or the draft as the review editor holds it. */
export type Comparable = {
  name: string;
  yield?: string | null;
  servings?: number | null;
  ingredients?: { original?: string | null; text?: string | null; name?: string | null }[];
  instructions?: { text?: string | null }[];
};
/** The review editor's choice: update the recipe the cook has, keep both, or drop the draft. */
export type DuplicateAction = "replace" | "keepBoth" | "drop";
type Mark = "gone" | "new";

/** Why a match was found, as a short note beside its name. */
const reasonWords = (reason: Reason): string =>
  reason === "same address" ? t("duplicates.reasonSamePage") : t("duplicates.reasonSameRecipe");

/** Lines compared loosely: case, spacing and punctuation at the ends do not count as changes. */
const norm = (s: string | null | undefined): string =>
  String(s ?? "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/^[\s.,;:]+|[\s.,;:]+$/g, "");

// The yield as written says it best; the servings number when there is none.
const yields = (r: Comparable): string =>
  r.yield || (r.servings ? t("duplicates.servings", { count: r.servings }) : "—");
const ingredientLines = (r: Comparable): string[] =>
  (r.ingredients ?? []).map((i) => i.original ?? i.text ?? i.name ?? "").filter((s) => s.trim());
const stepLines = (r: Comparable): string[] =>
  (r.instructions ?? []).map((s) => s.text ?? "").filter((s) => s.trim());

/** One side of a list: each line marked when the other side does not have it. */
function side(lines: string[], other: string[], mark: Mark): HTMLElement {
  const theirs = new Set(other.map(norm));
  if (!lines.length) return el("p", { class: "muted" }, t("duplicates.none"));
  return el(
    "ul",
    { class: "dup-lines" },
    lines.map((l) =>
      theirs.has(norm(l))
        ? el("li", {}, l)
        : el(
            "li",
            { class: `dup-${mark}` },
            el("span", { class: "dup-sign", "aria-hidden": "true" }, mark === "gone" ? "−" : "+"),
            l,
            el(
              "span",
              { class: "sr-only" },
              ` ${mark === "gone" ? t("duplicates.onlyInYours") : t("duplicates.onlyInDraft")}`,
            ),
          ),
    ),
  );
}

/** A row of the comparison: the field's name, then the recipe the cook has and the draft. */
function row(label: string, mine: Node, draft: Node): HTMLElement {
  return el(
    "div",
    { class: "dup-row" },
    el("h4", {}, label),
    el("div", { class: "dup-cell", "data-side": t("duplicates.yours") }, mine),
    el("div", { class: "dup-cell", "data-side": t("duplicates.thisDraft") }, draft),
  );
}

function scalar(mine: string, draft: string): [HTMLElement, HTMLElement] {
  const changed = norm(mine) !== norm(draft);
  return [
    el("p", changed ? { class: "dup-gone" } : {}, mine),
    el("p", changed ? { class: "dup-new" } : {}, draft),
  ];
}

/** The side-by-side comparison of the recipe the cook has and the draft. */
export function duplicateDiff(existing: Comparable, draft: Comparable): HTMLElement {
  const [tMine, tDraft] = scalar(existing.name, draft.name);
  const [yMine, yDraft] = scalar(yields(existing), yields(draft));
  const iMine = ingredientLines(existing);
  const iDraft = ingredientLines(draft);
  const sMine = stepLines(existing);
  const sDraft = stepLines(draft);
  return el(
    "div",
    { class: "dup-diff", role: "group", "aria-label": t("duplicates.besideLabel") },
    el(
      "div",
      { class: "dup-row dup-head", "aria-hidden": "true" },
      el("span"),
      el("strong", {}, t("duplicates.yours")),
      el("strong", {}, t("duplicates.thisDraft")),
    ),
    row(t("duplicates.nameRow"), tMine, tDraft),
    row(t("duplicates.yieldRow"), yMine, yDraft),
    row(t("duplicates.ingredientsRow"), side(iMine, iDraft, "gone"), side(iDraft, iMine, "new")),
    row(t("duplicates.stepsRow"), side(sMine, sDraft, "gone"), side(sDraft, sMine, "new")),
  );
}

/**
 * The panel. `matches`: the check's duplicates (best first); `draft()`: the recipe as edited now;
 * `state.dupOf`: which match is compared and would be updated; `onChoose(action)`: "replace",
 * "keepBoth" or "drop", with the chosen match in `state.dupOf`.
 */
export function duplicatePanel({
  matches,
  draft,
  state,
  onChoose,
  cache,
}: {
  matches: Match[];
  draft: () => Comparable;
  state: { dupOf: string | null };
  onChoose: (action: DuplicateAction) => void;
  cache: Map<string, Recipe>;
}): HTMLElement {
  const [first] = matches;
  if (!first) return el("section", { hidden: true });
  if (!matches.some((m) => m.recipeId === state.dupOf)) state.dupOf = first.recipeId;
  const chosen = (): Match => matches.find((m) => m.recipeId === state.dupOf) ?? first;
  const diff = el("div", { class: "dup-compare" }, el("p", { class: "muted" }, t("duplicates.loadingYours")));
  const update = el(
    "button",
    { type: "button", id: "dup-update", onclick: () => onChoose("replace") },
    t("duplicates.updateButton"),
  );
  const cannot = el("p", { class: "muted", hidden: true }, t("duplicates.onlyOwnerCanChange"));

  async function show(): Promise<void> {
    const m = chosen();
    update.disabled = !m.canUpdate;
    cannot.hidden = m.canUpdate;
    let got = cache.get(m.recipeId);
    if (!got) {
      const res = await answer(client.GET("/api/recipes/{id}", { params: { path: { id: m.recipeId } } }));

      if (!res.ok) {
        diff.replaceChildren(el("p", { class: "muted" }, t("duplicates.couldNotShow")));
        return;
      }
      got = res.body;
      cache.set(m.recipeId, got);
    }
    if (state.dupOf === m.recipeId) diff.replaceChildren(duplicateDiff(got, draft()));
  }

  const picker =
    matches.length > 1
      ? el(
          "fieldset",
          { class: "dup-pick" },
          el("legend", {}, t("duplicates.compareWith")),
          matches.map((m) =>
            el(
              "label",
              {},
              el("input", {
                type: "radio",
                name: "dup-of",
                value: m.recipeId,
                checked: m.recipeId === state.dupOf,
                onchange: () => ((state.dupOf = m.recipeId), void show()),
              }),
              ` ${t("duplicates.matchChoice", { title: m.title, reason: reasonWords(m.reason) })}`,
            ),
          ),
        )
      : null;

  const panel = el(
    "section",
    { class: "dup-panel", id: "duplicate", tabindex: "-1", "aria-labelledby": "dup-title" },
    el("h3", { id: "dup-title" }, t("duplicates.heading")),
    el(
      "p",
      {},
      matches.length > 1
        ? t("duplicates.manyLookAlike", { count: matches.length })
        : t("duplicates.oneLooksAlike", {
            title: first.title,
            reason:
              first.reason === "same address" ? "page" : first.reason === "same recipe" ? "recipe" : "other",
          }),
    ),
    picker,
    diff,
    cannot,
    el(
      "div",
      { class: "actions" },
      update,
      el(
        "button",
        { type: "button", class: "secondary", id: "dup-keep", onclick: () => onChoose("keepBoth") },
        t("duplicates.keepBoth"),
      ),
      el(
        "button",
        { type: "button", class: "secondary danger", id: "dup-drop", onclick: () => onChoose("drop") },
        t("duplicates.dropDraft"),
      ),
    ),
  );
  void show();
  return panel;
}
