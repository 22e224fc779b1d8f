// Refresh from source: read a recipe's page again and review what changed there as a
// patch against your version: each change taken or skipped, lines you edited that the source also
// changed shown side by side (yours kept unless you pick the source's). Applying is a new version.
import type { components } from "../../api/schema.gen.ts";
import type { Recipe } from "../../api/types.ts";
import { t, type MessageKey } from "../../i18n/i18n.ts";
import {
  addRecipePanel,
  addScreen,
  announce,
  answer,
  app,
  client,
  el,
  errorBox,
  stillShown,
} from "../../lib.ts";

type Change = components["schemas"]["RefreshChange"];
type RefreshState = components["schemas"]["RefreshState"];

/** A line of a line change (an ingredient or a step: `{ text }`), as words. */
const textOf = (x: unknown): string =>
  x && typeof x === "object" && "text" in x && typeof x.text === "string" ? x.text : "";
/** A line change's side: its lines (a field change's side is its value instead). */
const linesOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The recipe's fields by name; the words are looked up when drawn. */
const FIELDS: Record<string, MessageKey> = {
  name: "refresh.fieldTitle",
  description: "refresh.fieldDescription",
  cuisine: "refresh.fieldCuisine",
  dietType: "refresh.fieldDiet",
  prepTimeMinutes: "refresh.fieldPrepTime",
  cookTimeMinutes: "refresh.fieldCookTime",
  totalTimeMinutes: "refresh.fieldTotalTime",
  servings: "refresh.fieldServings",
  yield: "refresh.fieldYield",
  imageUrl: "refresh.fieldPicture",
  author: "refresh.fieldAuthor",
  tags: "refresh.fieldTags",
  category: "refresh.fieldCategory",
  nutrition: "refresh.fieldNutrition",
};

/** The site's name in an address, or null when it is not one. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

const host = (url: string): string => hostOf(url) ?? t("refresh.thePage");

/** Where a change is, in words: "Description", "Ingredient 4", "Steps 2–3". */
function where(c: Change): string {
  if (c.at === null) {
    const key = FIELDS[c.field];
    return key ? t(key) : c.field;
  }
  const n = Math.max(linesOf(c.mine).length, linesOf(c.source).length, 1);
  const from = c.at + 1;
  const to = c.at + n;
  if (c.field === "ingredients")
    return n > 1 ? t("refresh.ingredientsRange", { from, to }) : t("refresh.ingredientN", { n: from });
  return n > 1 ? t("refresh.stepsRange", { from, to }) : t("refresh.stepN", { n: from });
}

/** A value for a cook to read (never raw JSON). */
function words(field: string, v: unknown): string {
  if (v === null || v === undefined || v === "" || (Array.isArray(v) && !v.length))
    return t("refresh.nothing");
  if (field.endsWith("Minutes")) return v ? t("refresh.minutes", { n: String(v) }) : t("refresh.notGiven");
  if (field === "imageUrl") {
    const site = hostOf(String(v));
    return site ? t("refresh.pictureFrom", { site }) : t("refresh.aPicture");
  }
  if (Array.isArray(v)) return v.map((x: unknown) => (typeof x === "string" ? x : textOf(x))).join(", ");
  if (typeof v === "object")
    return Object.entries(v)
      .map(([k, x]) => `${k}: ${String(x)}`)
      .join(", ");
  return String(v);
}

/** One side of a change: a value, or lines (an empty side of a line change says what it means). */
function side(c: Change, which: "mine" | "source" | "then", emptyWords: string): Node | string {
  const v = c[which];
  if (c.at === null) return words(c.field, v);
  const lines = linesOf(v);
  if (!lines.length) return emptyWords;
  return el(
    "ul",
    { class: "plain lines" },
    lines.map((l) => el("li", {}, textOf(l))),
  );
}

function panel(recipe: Recipe): HTMLElement | null {
  const url = recipe.source?.url;
  if (!url) return null;
  const out = el("div");
  return el(
    "section",
    { class: "card" },
    el("h2", {}, t("refresh.heading")),
    el("p", { class: "muted" }, t("refresh.panelNote", { site: host(url) })),
    el(
      "div",
      { class: "actions" },
      el(
        "button",
        {
          type: "button",
          class: "secondary",
          onclick: async () => {
            out.replaceChildren(el("p", { class: "muted" }, t("refresh.starting")));
            const r = await answer(
              client.POST("/api/recipes/{id}/refresh", { params: { path: { id: recipe.id } } }),
            );
            if (!r.ok) return out.replaceChildren(errorBox(r.body));
            location.hash = `#/refresh/${recipe.id}/${r.body.refreshId}`;
          },
        },
        t("refresh.heading"),
      ),
    ),
    out,
  );
}

async function renderRefresh(recipeId = "", refreshId = ""): Promise<void> {
  const back = el("a", { href: `#/recipes/${recipeId}` }, t("refresh.backToRecipe"));
  const status = el("p", { class: "muted", role: "status" }, t("refresh.readingAgain"));
  const bar = el("progress", { max: 100, value: 0, "aria-label": t("refresh.progressLabel") });
  app.replaceChildren(el("h1", {}, t("refresh.heading")), el("div", { class: "card" }, bar, status));
  const shown = stillShown();
  let state: RefreshState | undefined;
  for (let i = 0; i < 1500; i++) {
    const r = await answer(
      client.GET("/api/recipes/{id}/refresh/{refreshId}", { params: { path: { id: recipeId, refreshId } } }),
    );
    if (!shown()) return;
    if (!r.ok) return app.append(errorBox(r.body), el("p", {}, back));
    state = r.body;
    bar.value = state.progress;
    if (state.status !== "running") break;
    await new Promise((res) => setTimeout(res, 400));
  }
  // The loop runs at least once: state is set unless the screen was left or the call failed.
  if (!state) return;
  const { baseVersion, changes: all } = state;
  bar.value = 100;
  if (state.status === "failed") {
    // In words for the cook (the one table); the server's words under Details.
    status.textContent = t("refresh.couldNotRead");
    status.className = "error";
    return app.append(errorBox(state.error), el("p", {}, back));
  }
  if (state.upToDate) {
    status.textContent = t("refresh.upToDate", { site: host(state.sourceUrl) });
    return app.append(el("p", {}, back));
  }
  if (state.status === "decided") {
    status.textContent = t("refresh.alreadyDecided");
    return app.append(el("p", {}, back));
  }
  const changes = state.changes.filter((c) => c.kind === "change");
  const conflicts = state.changes.filter((c) => c.kind === "conflict");
  status.textContent = t("refresh.changedSummary", {
    site: host(state.sourceUrl),
    changes: changes.length,
    conflicts: conflicts.length,
  });

  const picked = new Map<number, () => boolean>();
  const changeList = changes.map((c) => {
    const box = el("input", { type: "checkbox", id: `change-${c.id}`, checked: true });
    picked.set(c.id, () => box.checked);
    return el(
      "li",
      { class: "op refresh-change" },
      el("div", { class: "op-head" }, box, el("label", { for: `change-${c.id}` }, where(c))),
      el(
        "div",
        { class: "op-diff" },
        el(
          "div",
          // A line change: `mine` is the list of lines (a field's value otherwise).
          { class: c.at !== null && !linesOf(c.mine).length ? "before empty" : "before" },
          el("span", { class: "sr-only" }, `${t("refresh.yoursLabel")} `),
          side(c, "mine", t("refresh.notInYours")),
        ),
        el(
          "div",
          { class: "after" },
          el("span", { class: "sr-only" }, `${t("refresh.pageNowLabel")} `),
          side(c, "source", t("refresh.removed")),
        ),
      ),
    );
  });
  const conflictList = conflicts.map((c) => {
    const name = `conflict-${c.id}`;
    const mine = el("input", { type: "radio", name, id: `${name}-mine`, value: "mine", checked: true });
    const theirs = el("input", { type: "radio", name, id: `${name}-source`, value: "source" });
    picked.set(c.id, () => theirs.checked);
    return el(
      "li",
      { class: "conflict", role: "group", "aria-label": where(c) },
      el("h3", {}, where(c)),
      el(
        "div",
        { class: "sides" },
        el(
          "div",
          { class: "side mine" },
          el("div", { class: "choice" }, mine, el("label", { for: `${name}-mine` }, t("refresh.keepYours"))),
          side(c, "mine", t("refresh.youRemovedIt")),
        ),
        el(
          "div",
          { class: "side source" },
          el(
            "div",
            { class: "choice" },
            theirs,
            el("label", { for: `${name}-source` }, t("refresh.usePages")),
          ),
          side(c, "source", t("refresh.removedOnPage")),
        ),
      ),
      el("p", { class: "muted" }, `${t("refresh.whenImported")} `, side(c, "then", t("refresh.notThere"))),
    );
  });
  const out = el("div");
  const apply = async () => {
    const accept = all.filter((c) => picked.get(c.id)?.()).map((c) => c.id);
    const r = await answer(
      client.POST("/api/recipes/{id}/refresh/{refreshId}/apply", {
        params: { path: { id: recipeId, refreshId } },
        body: { accept, baseVersion },
      }),
    );

    if (!r.ok) {
      const hint = r.body?.code === "RECIPE_VERSION_CONFLICT" ? t("refresh.recipeChanged") : null;
      return out.replaceChildren(errorBox(r.body), hint ? el("p", {}, hint) : "");
    }
    const saved = r.body;
    announce(
      saved.version ? t("refresh.savedAsVersion", { version: saved.version }) : t("refresh.keptAsItWas"),
    );
    location.hash = `#/recipes/${recipeId}`;
  };
  app.append(
    changes.length
      ? el(
          "section",
          { class: "card" },
          el("h2", {}, t("refresh.changedOnPage")),
          el("p", { class: "muted" }, t("refresh.untickNote")),
          el("ul", { class: "plain ops" }, changeList),
        )
      : "",
    conflicts.length
      ? el(
          "section",
          { class: "card" },
          el("h2", {}, t("refresh.bothChanged")),
          el("p", { class: "muted" }, t("refresh.yoursIsKept")),
          el("ul", { class: "plain conflicts" }, conflictList),
        )
      : "",

    el(
      "div",
      { class: "actions" },
      el("button", { type: "button", onclick: apply }, t("refresh.applyButton")),
    ),
    out,
    el("p", {}, back),
  );
}

addScreen({
  path: "refresh",
  render: (recipeId?: string, refreshId?: string) => renderRefresh(recipeId, refreshId),
});
addRecipePanel(panel);
