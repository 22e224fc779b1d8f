// Normalization: propose a tidy-up of a draft or a recipe, review it operation by operation in a
// diff viewer coloured by risk, apply a pick, and browse or restore a recipe's versions.
import {
  addRecipePanel,
  addReviewPanel,
  addScreen,
  answer,
  app,
  announce,
  client,
  el,
  errorBox,
  route,
  stillShown,
} from "../../lib.ts";
import type { Answer } from "../../api/client.ts";
import { locale, t } from "../../i18n/i18n.ts";
import { normalizeResult, resultOf, type NormalizeView } from "../../api/taskResults.ts";
import type { Recipe, Task } from "../../api/types.ts";
import { folded } from "../../ui/fold.ts";
import { VERSION_KINDS } from "../recipes/words.ts";

type Op = NormalizeView["patch"][number];

const riskWords = (risk: Op["riskCategory"]): string =>
  risk === "Low" ? t("normalize.riskLow") : t("normalize.riskHigh");

/** A field path in words: "/ingredients/2/unit" → "Ingredient 3 · unit". */
function where(path: string): string {
  const parts = path.split("/").slice(1);
  const list = parts[0];
  if ((list === "ingredients" || list === "instructions") && parts[1] !== undefined) {
    const n = /^\d+$/.test(parts[1]) ? Number(parts[1]) + 1 : null;
    const name =
      list === "ingredients"
        ? n === null
          ? t("normalize.newIngredient")
          : t("normalize.ingredientN", { n })
        : n === null
          ? t("normalize.newStep")
          : t("normalize.stepN", { n });
    return `${name}${parts[2] ? ` · ${parts[2]}` : ""}`;
  }
  return parts.join(" · ");
}

/**
 * Why a change marked "format only" is a real one, in the cook's language: the server says it in
 * English from a short fixed set ("labelled Low, but it changes a quantity").
 */
function relabelledWords(relabelled: string): string {
  const why = relabelled.replace(/^labelled Low, but it /, "");
  switch (why) {
    case "reorders or duplicates content":
      return t("normalize.reasonReorders");
    case "adds content (a step or ingredient split or added)":
      return t("normalize.reasonAdds");
    case "removes content (steps or ingredients merged or dropped)":
      return t("normalize.reasonRemoves");
    case "changes words":
      return t("normalize.reasonWords");
    case "converts a unit":
      return t("normalize.reasonConvertsUnit");
    case "changes a unit":
      return t("normalize.reasonUnit");
    case "changes a quantity":
      return t("normalize.reasonQuantity");
    case "changes an ingredient":
      return t("normalize.reasonIngredient");
    case "changes the ingredient's name":
      return t("normalize.reasonIngredientName");
    case "changes the ingredient's text":
      return t("normalize.reasonIngredientText");
    case "changes the ingredient's notes":
      return t("normalize.reasonIngredientNotes");
    case "changes the ingredient's section":
      return t("normalize.reasonIngredientSection");
    case "changes whether it is optional":
      return t("normalize.reasonOptional");
    case "changes a step":
      return t("normalize.reasonStep");
    case "changes the list's words":
      return t("normalize.reasonListWords");
    case "changes a field normalization does not touch":
      return t("normalize.reasonOtherField");
    default:
      return t("normalize.reasonOther", { words: why });
  }
}

/** A line's words when it is one (`{ text }`), else undefined. */
const textIn = (v: unknown): string | undefined =>
  v && typeof v === "object" && "text" in v ? String(v.text) : undefined;

function show(value: unknown): string {
  if (value === undefined) return "—";
  if (value === null) return t("normalize.emptyValue");
  if (typeof value === "string") return value;
  if (Array.isArray(value))
    return value
      .map((v: unknown) => (typeof v === "string" ? v : (textIn(v) ?? JSON.stringify(v))))
      .join(", ");
  if (typeof value === "object" && "text" in value) return String(value.text);
  return JSON.stringify(value);
}

/** The proposal's summary line without the risk tag (the badge says it). */
function summaryWords(line: string | undefined): string {
  return (line ?? "").replace(/ \((Low|High)[^)]*\)$/, "");
}

/** Warnings in words for a cook; the API keeps the operator's detail. */
function warningWords(w: string): string {
  if (/no LLM provider is configured/.test(w)) return t("normalize.noLanguageModel");
  if (/^LLM proposals skipped/.test(w)) return t("normalize.languageModelSkipped");
  return w;
}

/** Asks for suggestions (`start` posts to the draft's or the recipe's normalize) and opens them. */
async function startNormalize(
  start: () => Promise<Answer<{ taskId: string }>>,
  into: HTMLElement,
): Promise<void> {
  into.replaceChildren(el("p", { class: "muted" }, t("normalize.preparing")));
  const r = await start();
  if (!r.ok) return into.replaceChildren(errorBox(r.body));
  location.hash = `#/normalize/${r.body.taskId}`;
}

function draftPanel(task: Task): Node | null {
  const r = task.result;
  const hasDraft = r !== null && typeof r === "object" && "draft" in r && Boolean(r.draft);
  if (task.status !== "ReviewReady" || !hasDraft) return null;
  const out = el("div");
  // Folded under the review: the draft is what the cook came for.
  return folded(
    el(
      "section",
      { class: "card" },
      el("h2", {}, t("normalize.tidyUpHeading")),
      el("p", { class: "muted" }, t("normalize.tidyUpNote")),
      el(
        "div",
        { class: "actions" },
        el(
          "button",
          {
            class: "secondary",
            type: "button",
            onclick: () =>
              startNormalize(
                () =>
                  answer(
                    client.POST("/api/tasks/{id}/normalize", {
                      params: { path: { id: task.taskId } },
                      body: {},
                    }),
                  ),
                out,
              ),
          },
          t("normalize.suggestButton"),
        ),
      ),
      out,
    ),
  );
}

function recipePanel(recipe: Recipe): HTMLElement {
  const out = el("div");
  const history = el("div");
  const load = async () => {
    const res = await answer(
      client.GET("/api/recipes/{id}/versions", { params: { path: { id: recipe.id } } }),
    );
    if (!res.ok) return history.replaceChildren(errorBox(res.body));
    const { versions } = res.body;
    const current = versions[0]?.version;
    history.replaceChildren(
      el(
        "ol",
        { class: "plain versions", reversed: true },
        versions.map((v) =>
          el(
            "li",
            {},
            el("strong", {}, t("normalize.versionN", { version: v.version })),
            v.version === current ? el("span", { class: "badge chosen" }, t("normalize.current")) : null,
            el(
              "span",
              { class: "muted" },
              ` · ${VERSION_KINDS[v.kind] ?? v.kind} · ${new Date(v.createdAt).toLocaleString(locale())}${v.createdBy ? ` · ${t("normalize.byPerson", { name: v.createdBy })}` : ""}`,
            ),
            v.note && v.kind === "restore" ? el("p", { class: "muted" }, v.note) : null,
            v.version === current
              ? null
              : el(
                  "button",
                  {
                    class: "secondary",
                    type: "button",
                    "aria-label": t("normalize.restoreVersionLabel", { version: v.version }),
                    onclick: async () => {
                      const rr = await answer(
                        client.POST("/api/recipes/{id}/versions/{n}/restore", {
                          params: { path: { id: recipe.id, n: String(v.version) } },
                          headers: { "if-match": `"${current}"` },
                        }),
                      );
                      if (!rr.ok) return out.replaceChildren(errorBox(rr.body));
                      announce(t("normalize.restoredAnnounce", { version: v.version }));
                      route();
                    },
                  },
                  t("normalize.restoreButton"),
                ),
          ),
        ),
      ),
    );
  };
  void load();
  return el(
    "section",
    { class: "card" },
    el("h2", {}, t("normalize.tidyAndRestoreHeading")),
    el(
      "div",
      { class: "actions" },
      el(
        "button",
        {
          class: "secondary",
          type: "button",
          onclick: () =>
            startNormalize(
              () =>
                answer(
                  client.POST("/api/recipes/{id}/normalize", {
                    params: { path: { id: recipe.id } },
                    body: {},
                  }),
                ),
              out,
            ),
        },
        t("normalize.suggestButton"),
      ),
    ),
    out,
    el("h3", {}, t("normalize.versionsHeading")),
    history,
  );
}

async function renderNormalize(taskId = ""): Promise<void> {
  const status = el("p", { class: "muted" }, t("normalize.lookingForThings"));
  const bar = el("progress", { max: 100, value: 0, "aria-label": t("normalize.progressLabel") });
  app.replaceChildren(el("h1", {}, t("normalize.tidyUpHeading")), el("div", { class: "card" }, bar, status));
  let task: Task | undefined;
  const shown = stillShown();
  for (let i = 0; i < 600; i++) {
    const r = await answer(client.GET("/api/tasks/{id}", { params: { path: { id: taskId } } }));
    // Left for another screen: stop looking.
    if (!shown()) return;
    if (!r.ok) return app.append(errorBox(r.body));
    task = r.body;
    bar.value = task.progress;
    if (!["Pending", "Running"].includes(task.status)) break;
    await new Promise((res) => setTimeout(res, 400));
  }
  // The loop runs at least once: task is set unless the screen was left or the call failed.
  if (!task) return;
  if (task.status === "Failed") return app.append(errorBox(task.error));
  const result = resultOf(task, normalizeResult);
  if (!result) {
    app.append(errorBox({ message: t("normalize.unreadable") }));
    return;
  }

  const target = result.target;
  const backHref = target.kind === "draft" ? `#/tasks/${target.taskId}` : `#/recipes/${target.recipeId}`;
  const back = el(
    "a",
    { href: backHref },
    target.kind === "draft" ? t("normalize.backToDraft") : t("normalize.backToRecipe"),
  );
  const ops = result.patch.filter((o) => o.op !== "test");
  const done = new Set<number | undefined>(result.autoApplied?.ids ?? []);
  const closed = task.status !== "ReviewReady";
  status.textContent = ops.length
    ? t("normalize.suggestionCount", {
        count: ops.length,
        low: ops.filter((o) => o.riskCategory === "Low").length,
        high: ops.filter((o) => o.riskCategory === "High").length,
      })
    : t("normalize.nothingToTidy");
  const boxes = new Map<number | undefined, HTMLInputElement>();
  const rows = ops.map((o) => {
    const box = el("input", {
      type: "checkbox",
      id: `op-${o.id}`,
      checked: done.has(o.id) || undefined,
      disabled: closed || done.has(o.id) || undefined,
    });
    boxes.set(o.id, box);
    return el(
      "li",
      { class: `op risk-${o.riskCategory.toLowerCase()}` },
      el(
        "div",
        { class: "op-head" },
        box,
        el("label", { for: `op-${o.id}` }, where(o.path)),
        el("span", { class: `badge risk-${o.riskCategory.toLowerCase()}` }, riskWords(o.riskCategory)),
        done.has(o.id) ? el("span", { class: "badge" }, t("normalize.appliedAutomatically")) : null,
      ),
      el(
        "div",
        { class: "op-diff" },
        el(
          "div",
          { class: "before" },
          el("span", { class: "sr-only" }, `${t("normalize.before")} `),
          show(o.before),
        ),
        el(
          "div",
          { class: "after" },
          el("span", { class: "sr-only" }, `${t("normalize.after")} `),
          o.op === "remove" ? t("normalize.removed") : show(o.value),
        ),
      ),
      o.relabelled
        ? el(
            "p",
            { class: "warning" },
            t("normalize.markedRealChange", { reason: relabelledWords(o.relabelled) }),
          )
        : null,
      o.riskCategory === "High" && !o.relabelled
        ? el("p", { class: "muted" }, summaryWords(result.diffSummary[ops.indexOf(o)]))
        : null,
    );
  });
  const out = el("div");
  const select = (pred: (o: Op) => boolean): void => {
    for (const o of ops) {
      const box = boxes.get(o.id);
      if (!done.has(o.id) && box) box.checked = pred(o);
    }
  };
  const apply = async (): Promise<void> => {
    const ids = ops.flatMap((o) =>
      o.id !== undefined && !done.has(o.id) && boxes.get(o.id)?.checked ? [o.id] : [],
    );
    if (!ids.length) return out.replaceChildren(el("p", { class: "warning" }, t("normalize.tickOneFirst")));
    const r = await answer(
      client.POST("/api/tasks/{id}/apply", { params: { path: { id: taskId } }, body: { accept: ids } }),
    );
    if (!r.ok) {
      const hint = r.body?.code === "NORMALIZE_CONFLICT" ? t("normalize.recipeChanged") : null;
      return out.replaceChildren(errorBox(r.body), hint ? el("p", {}, hint) : "");
    }
    announce(t("normalize.appliedAnnounce", { count: ids.length }));
    location.hash = backHref;
  };
  app.append(
    el(
      "section",
      { class: "card" },
      el("h2", {}, t("normalize.suggestionsHeading")),
      result.warnings.map((w) => el("p", { class: "warning" }, warningWords(w))),
      closed ? el("p", { class: "muted" }, t("normalize.alreadyDecided")) : null,
      ops.length ? el("ul", { class: "plain ops" }, rows) : null,
      ops.length && !closed
        ? el(
            "div",
            { class: "actions" },
            el(
              "button",
              { type: "button", class: "secondary", onclick: () => select((o) => o.riskCategory === "Low") },
              t("normalize.selectFormatOnly"),
            ),
            el(
              "button",
              { type: "button", class: "secondary", onclick: () => select(() => true) },
              t("normalize.selectAll"),
            ),
            el(
              "button",
              { type: "button", class: "secondary", onclick: () => select(() => false) },
              t("normalize.selectNone"),
            ),
            el("button", { type: "button", onclick: apply }, t("normalize.applySelected")),
          )
        : null,
      out,
      result.dropped.length
        ? el(
            "details",
            {},
            el("summary", {}, t("normalize.leftOut", { count: result.dropped.length })),
            el(
              "ul",
              {},
              result.dropped.map((d) => {
                const path =
                  d.op && typeof d.op === "object" && "path" in d.op && typeof d.op.path === "string"
                    ? d.op.path
                    : "";
                return el("li", {}, `${path ? `${where(path)}: ` : ""}${d.reason}`);
              }),
            ),
          )
        : null,
      el("p", {}, back),
    ),
  );
}

addScreen({ path: "normalize", render: (id?: string) => renderNormalize(id) });
addReviewPanel(draftPanel);
addRecipePanel(recipePanel);
