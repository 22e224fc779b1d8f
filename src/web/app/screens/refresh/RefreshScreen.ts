// Refresh from source: read a recipe's page again and review what changed there as a
// patch against your version: each change taken or skipped, lines you edited that the source also
// changed shown side by side (yours kept unless you pick the source's). Applying is a new version.
import type { components } from "../../api/schema.gen.ts";
import type { Recipe } from "../../api/types.ts";
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

const FIELDS: Record<string, string> = {
  name: "Title",
  description: "Description",
  cuisine: "Cuisine",
  dietType: "Diet",
  prepTimeMinutes: "Preparation time",
  cookTimeMinutes: "Cooking time",
  totalTimeMinutes: "Total time",
  servings: "Servings",
  yield: "Yield",
  imageUrl: "Picture",
  author: "Author",
  tags: "Tags",
  category: "Category",
  nutrition: "Nutrition",
};

function host(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "the page";
  }
}

/** Where a change is, in words: "Description", "Ingredient 4", "Steps 2–3". */
function where(c: Change): string {
  if (c.at === null) return FIELDS[c.field] ?? c.field;
  const word = c.field === "ingredients" ? "Ingredient" : "Step";
  const n = Math.max(linesOf(c.mine).length, linesOf(c.source).length, 1);
  return n > 1 ? `${word}s ${c.at + 1}–${c.at + n}` : `${word} ${c.at + 1}`;
}

/** A value for a cook to read (never raw JSON). */
function words(field: string, v: unknown): string {
  if (v === null || v === undefined || v === "" || (Array.isArray(v) && !v.length)) return "(nothing)";
  if (field.endsWith("Minutes")) return v ? `${v} min` : "(not given)";
  if (field === "imageUrl")
    return host(String(v)) === "the page" ? "a picture" : `a picture from ${host(String(v))}`;
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
    el("h2", {}, "Refresh from source"),
    el(
      "p",
      { class: "muted" },
      `Read ${host(url)} again and see what changed there since you imported it. Your own edits stay unless you pick the page's version.`,
    ),
    el(
      "div",
      { class: "actions" },
      el(
        "button",
        {
          type: "button",
          class: "secondary",
          onclick: async () => {
            out.replaceChildren(el("p", { class: "muted" }, "Starting…"));
            const r = await answer(
              client.POST("/api/recipes/{id}/refresh", { params: { path: { id: recipe.id } } }),
            );
            if (!r.ok) return out.replaceChildren(errorBox(r.body));
            location.hash = `#/refresh/${recipe.id}/${r.body.refreshId}`;
          },
        },
        "Refresh from source",
      ),
    ),
    out,
  );
}

async function renderRefresh(recipeId = "", refreshId = ""): Promise<void> {
  const back = el("a", { href: `#/recipes/${recipeId}` }, "Back to the recipe");
  const status = el("p", { class: "muted", role: "status" }, "Reading the page again…");
  const bar = el("progress", { max: 100, value: 0, "aria-label": "Progress" });
  app.replaceChildren(el("h1", {}, "Refresh from source"), el("div", { class: "card" }, bar, status));
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
    status.textContent = "The page could not be read again.";
    status.className = "error";
    return app.append(errorBox(state.error), el("p", {}, back));
  }
  if (state.upToDate) {
    status.textContent = `Up to date: nothing changed on ${host(state.sourceUrl)} that you do not already have.`;
    return app.append(el("p", {}, back));
  }
  if (state.status === "decided") {
    status.textContent = "These changes were already decided on.";
    return app.append(el("p", {}, back));
  }
  const changes = state.changes.filter((c) => c.kind === "change");
  const conflicts = state.changes.filter((c) => c.kind === "conflict");
  status.textContent = `${host(state.sourceUrl)} changed since you imported it: ${changes.length} change(s) to take or skip${conflicts.length ? `, ${conflicts.length} where you edited the same thing` : ""}.`;

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
          el("span", { class: "sr-only" }, "Yours: "),
          side(c, "mine", "(not in yours)"),
        ),
        el(
          "div",
          { class: "after" },
          el("span", { class: "sr-only" }, "The page now: "),
          side(c, "source", "(removed)"),
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
          el("div", { class: "choice" }, mine, el("label", { for: `${name}-mine` }, "Keep yours")),
          side(c, "mine", "(you removed it)"),
        ),
        el(
          "div",
          { class: "side source" },
          el("div", { class: "choice" }, theirs, el("label", { for: `${name}-source` }, "Use the page's")),
          side(c, "source", "(removed on the page)"),
        ),
      ),
      el("p", { class: "muted" }, "When you imported it: ", side(c, "then", "(not there)")),
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
      const hint =
        r.body?.code === "RECIPE_VERSION_CONFLICT"
          ? "The recipe changed while you were looking. Refresh from source again."
          : null;
      return out.replaceChildren(errorBox(r.body), hint ? el("p", {}, hint) : "");
    }
    const saved = r.body;
    announce(saved.version ? `Saved as version ${saved.version}` : "Your version is kept as it was");
    location.hash = `#/recipes/${recipeId}`;
  };
  app.append(
    changes.length
      ? el(
          "section",
          { class: "card" },
          el("h2", {}, "Changed on the page"),
          el("p", { class: "muted" }, "Untick what you do not want. Left: yours; right: the page now."),
          el("ul", { class: "plain ops" }, changeList),
        )
      : "",
    conflicts.length
      ? el(
          "section",
          { class: "card" },
          el("h2", {}, "You both changed these"),
          el("p", { class: "muted" }, "Yours is kept unless you pick the page's."),
          el("ul", { class: "plain conflicts" }, conflictList),
        )
      : "",

    el(
      "div",
      { class: "actions" },
      el("button", { type: "button", onclick: apply }, "Apply as a new version"),
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
