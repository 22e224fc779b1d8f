// "Move in & out": bring a whole collection from another app (Paprika, Mealie, Tandoor, Nextcloud
// Cookbook, Cooklang, schema.org, bookmarks) as one bulk job, watch it, read its report, fix the
// drafts it held back; and take the collection out again (/api/collections).
import type { components, operations } from "../../api/schema.gen.ts";
import {
  addScreen,
  announce,
  answer,
  app,
  client,
  el,
  errorBox,
  followEvents,
  plainNote,
  stillShown,
} from "../../lib.ts";
import { t, type MessageKey } from "../../i18n/i18n.ts";
import { filePicker } from "../../ui/filePicker.ts";

type Job = components["schemas"]["CollectionJob"];
type ExportQuery = operations["exportCollection"]["parameters"]["query"];
type Policy = Job["policy"];

/** What each result means, for a cook. */
const RESULT_WORDS: Record<components["schemas"]["CollectionReportEntry"]["status"], MessageKey> = {
  pending: "collections.resultPending",
  imported: "collections.resultImported",
  duplicate: "collections.resultDuplicate",
  needs_review: "collections.resultNeedsReview",
  failed: "collections.resultFailed",
  cancelled: "collections.resultCancelled",
};

// Product names stay as they are; the three formats that are described get words.
const FORMAT_NAMES: Record<string, string> = {
  paprika: "Paprika",
  mealie: "Mealie",
  tandoor: "Tandoor",
  nextcloud: "Nextcloud Cookbook",
  cooklang: "Cooklang",
  pocket: "Pocket",
  omnivore: "Omnivore",
  karakeep: "Karakeep",
};
const FORMAT_WORDS: Record<string, MessageKey> = {
  jsonld: "collections.formatJsonld",
  netscape: "collections.formatNetscape",
  urls: "collections.formatUrls",
};

function formatWords(format: string): string {
  const key = FORMAT_WORDS[format];
  return key ? t(key) : (FORMAT_NAMES[format] ?? format);
}

function summary(job: Job): string {
  const c = job.counts;
  return [
    t("collections.doneOfTotal", { done: job.done, total: job.total }),
    t("collections.countImported", { count: c.imported }),
    c.duplicate ? t("collections.countDuplicate", { count: c.duplicate }) : null,
    c.needsReview ? t("collections.countNeedsReview", { count: c.needsReview }) : null,
    c.failed ? t("collections.countFailed", { count: c.failed }) : null,
    c.cancelled ? t("collections.countCancelled", { count: c.cancelled }) : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

async function download(format: ExportQuery["format"], type: ExportQuery["type"]): Promise<void> {
  const call = client.GET("/api/collections/export", {
    params: { query: { format, type } },
    parseAs: "blob",
  });
  const res = await answer(call);
  if (!res.ok) return announce(t("collections.exportFailed"));
  // The file's name is in a header: the call has answered, so awaiting it again is immediate.
  const disposition = (await call).response.headers.get("content-disposition");
  const name = /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? "ladle-export";
  const url = URL.createObjectURL(res.body);
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function renderMove(): Promise<void> {
  const shown = stillShown();
  const out = el("div", { class: "coll-out" });
  const policy = (value: Policy, text: string, checked: boolean): HTMLLabelElement =>
    el(
      "label",
      { class: "coll-choice" },
      el("input", { type: "radio", name: "coll-policy", value, checked }),
      ` ${text}`,
    );
  const file = el("input", { type: "file", id: "coll-file" });
  const urls = el("textarea", { id: "coll-urls", rows: 4, placeholder: "https://…" });
  // A live Mealie server: every recipe read through its API with the cook's own token.
  const mealieServer = el("input", {
    type: "url",
    id: "coll-mealie",
    placeholder: "https://mealie.example.org",
  });
  const mealieToken = el("input", { type: "password", id: "coll-mealie-token", autocomplete: "off" });
  const start = async (): Promise<void> => {
    const picked = document.querySelector<HTMLInputElement>('input[name="coll-policy"]:checked')?.value;
    const chosen = picked === "commit_clean" ? "commit_clean" : "review_all";
    out.replaceChildren(el("p", { class: "muted" }, t("collections.readingFile")));
    let res;
    if (mealieServer.value.trim()) {
      if (!mealieToken.value.trim())
        return out.replaceChildren(
          el("p", { class: "error", role: "alert" }, t("collections.mealieTokenMissing")),
        );
      res = await answer(
        client.POST("/api/collections", {
          body: {
            mealie: { server: mealieServer.value.trim(), token: mealieToken.value.trim() },
            policy: chosen,
          },
        }),
      );
    } else if (file.files?.[0]) {
      const f = file.files[0];
      res = await answer(
        client.POST("/api/collections", {
          params: { query: { policy: chosen, name: f.name } },
          // The file itself, sent as it is: the generated types call a binary body a string, so the
          // declared body is empty and the serializer hands the file to fetch.
          body: "",
          bodySerializer: () => f,
          headers: { "content-type": "application/octet-stream" },
        }),
      );
    } else if (urls.value.trim()) {
      res = await answer(
        client.POST("/api/collections", {
          body: { urls: urls.value.split(/\s+/).filter(Boolean), policy: chosen },
        }),
      );
    } else
      return out.replaceChildren(el("p", { class: "error", role: "alert" }, t("collections.nothingChosen")));
    if (!res.ok) return out.replaceChildren(errorBox(res.body));
    location.hash = `#/move/${res.body.id}`;
  };
  const exportLink = (
    label: string,
    format: ExportQuery["format"],
    type: ExportQuery["type"],
  ): HTMLButtonElement =>
    el("button", { type: "button", class: "secondary", onclick: () => void download(format, type) }, label);
  const list = el("div", {}, el("p", { class: "muted" }, t("collections.loading")));
  app.replaceChildren(
    el("h1", {}, t("collections.heading")),
    el(
      "section",
      { class: "card", "aria-label": t("collections.bringInHeading") },
      el("h2", {}, t("collections.bringInHeading")),
      el("p", { class: "muted" }, t("collections.bringInHelp")),
      filePicker(file, t("collections.fileLabel")),
      el("label", { for: "coll-urls" }, t("collections.urlsLabel")),
      urls,
      el(
        "details",
        { class: "coll-mealie" },
        el("summary", {}, t("collections.mealieSummary")),
        el("label", { for: "coll-mealie" }, t("collections.mealieServerLabel")),
        mealieServer,
        el("label", { for: "coll-mealie-token" }, t("collections.mealieTokenLabel")),
        mealieToken,
        el("p", { class: "muted" }, t("collections.mealieTokenHelp")),
      ),
      el(
        "fieldset",
        {},
        el("legend", {}, t("collections.policyLegend")),
        policy("commit_clean", t("collections.policyCommitClean"), true),
        policy("review_all", t("collections.policyReviewAll"), false),
      ),
      el(
        "div",
        { class: "actions" },
        el("button", { type: "button", onclick: () => void start() }, t("collections.startButton")),
      ),
      out,
    ),
    el(
      "section",
      { class: "card", "aria-label": t("collections.yourImportsHeading") },
      el("h2", {}, t("collections.yourImportsHeading")),
      list,
    ),
    el(
      "section",
      { class: "card", "aria-label": t("collections.takeOutHeading") },
      el("h2", {}, t("collections.takeOutHeading")),
      el(
        "div",
        { class: "actions coll-exports" },
        exportLink(t("collections.exportSchemaOrg"), "jsonld", "recipe"),
        exportLink(t("collections.exportPaprika"), "paprika", "recipe"),
        exportLink(t("collections.exportCooklang"), "cooklang", "recipe"),
        exportLink(t("collections.exportCookbook"), "html", "recipe"),
        exportLink(t("collections.exportBookmarks"), "netscape", "bookmark"),
        exportLink(t("collections.exportArticles"), "netscape", "article"),
      ),
    ),
  );
  const res = await answer(client.GET("/api/collections"));
  if (!shown()) return;
  if (!res.ok) return list.replaceChildren(errorBox(res.body));
  const r = res;
  if (!r.body.items.length)
    return list.replaceChildren(el("p", { class: "muted" }, t("collections.nothingImported")));
  list.replaceChildren(
    el(
      "ul",
      { class: "coll-jobs" },
      r.body.items.map((j) =>
        el(
          "li",
          {},
          el("a", { href: `#/move/${j.id}` }, j.name),
          ` — ${t("collections.jobLine", { format: formatWords(j.format), summary: summary(j) })}`,
        ),
      ),
    ),
  );
}

async function renderJob(id: string): Promise<void> {
  const shown = stillShown();
  const bar = el("progress", { max: 1, value: 0, "aria-label": t("collections.progressLabel") });
  const stage = el("p", { class: "coll-stage" }, t("collections.starting"));
  const cancel = el("button", { type: "button", class: "secondary" }, t("collections.cancelButton"));
  const body = el("div");
  app.replaceChildren(
    el("p", {}, el("a", { href: "#/move" }, t("collections.allImportsLink"))),
    el("h1", {}, t("collections.jobHeading")),
    el(
      "section",
      { class: "card", "aria-label": t("collections.progressSection") },
      bar,
      stage,
      el("div", { class: "actions" }, cancel),
    ),
    body,
  );
  cancel.addEventListener("click", async () => {
    cancel.disabled = true;
    await answer(client.POST("/api/collections/{id}/cancel", { params: { path: { id } } }));
  });
  await followEvents<Job>(
    (signal) =>
      client.GET("/api/collections/{id}/events", { params: { path: { id } }, parseAs: "stream", signal }),
    (job) => {
      bar.max = Math.max(1, job.total);
      bar.value = job.done;
      stage.textContent = summary(job);
      announce(stage.textContent);
    },
  );
  if (!shown()) return;
  const r = await answer(client.GET("/api/collections/{id}/report", { params: { path: { id } } }));
  if (!r.ok) return body.replaceChildren(errorBox(r.body));
  const { job, entries } = r.body;
  bar.max = Math.max(1, job.total);
  bar.value = job.done;
  stage.textContent =
    job.status === "cancelled"
      ? t("collections.cancelledSummary", { summary: summary(job) })
      : t("collections.finishedSummary", { summary: summary(job) });
  cancel.remove();
  const held = entries.filter((e) => e.status === "needs_review");
  const saveAll = held.length
    ? el(
        "button",
        {
          type: "button",
          onclick: async () => {
            const res = await answer(
              client.POST("/api/collections/{id}/commit-clean", { params: { path: { id } } }),
            );
            announce(
              res.ok
                ? t("collections.countSaved", { count: res.body.committed })
                : t("collections.didNotWork"),
            );
            void renderJob(id);
          },
        },
        t("collections.saveAllClean"),
      )
    : null;
  body.replaceChildren(
    el(
      "section",
      { class: "card", "aria-label": t("collections.reportHeading") },
      el("h2", {}, t("collections.reportHeading")),
      saveAll ? el("div", { class: "actions" }, saveAll) : null,
      el(
        "table",
        { class: "coll-report" },
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            el("th", {}, t("collections.entryColumn")),
            el("th", {}, t("collections.resultColumn")),
            el("th", {}, ""),
          ),
        ),
        el(
          "tbody",
          {},
          entries.map((e) =>
            el(
              "tr",
              { "data-status": e.status },
              el("td", {}, e.label),
              el(
                "td",
                {},
                el("strong", {}, RESULT_WORDS[e.status] ? t(RESULT_WORDS[e.status]) : e.status),
                e.reason ? plainNote(e.reason) : null,
              ),
              el(
                "td",
                {},
                e.status === "needs_review"
                  ? el("a", { href: `#/move/${id}/${e.seq}`, class: "button" }, t("collections.reviewLink"))
                  : e.status === "imported" && e.kind !== "bookmark" && e.resultId
                    ? el("a", { href: `#/recipes/${e.resultId}` }, t("collections.openLink"))
                    : e.status === "duplicate" && e.kind !== "bookmark" && e.duplicateOf
                      ? el("a", { href: `#/recipes/${e.duplicateOf}` }, t("collections.openExistingLink"))
                      : null,
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

async function renderDraft(id: string, seq: string): Promise<void> {
  const shown = stillShown();
  const res = await answer(
    client.GET("/api/collections/{id}/items/{seq}", { params: { path: { id, seq } } }),
  );
  if (!shown()) return;
  const back = el("p", {}, el("a", { href: `#/move/${id}` }, t("collections.backToReport")));
  if (!res.ok) return app.replaceChildren(back, errorBox(res.body));
  const { recipe, warnings, entry } = res.body;
  const name = el("input", { type: "text", id: "coll-name", value: recipe.name });
  const ingredients = el("textarea", { id: "coll-ingredients", rows: 8 });
  ingredients.value = recipe.ingredients.map((i) => i.text).join("\n");
  const steps = el("textarea", { id: "coll-steps", rows: 8 });
  steps.value = recipe.instructions.map((s) => s.text).join("\n");
  const out = el("div");
  const save = async (): Promise<void> => {
    const byText = new Map(recipe.ingredients.map((i) => [i.text, i]));
    const stepBy = new Map(recipe.instructions.map((s) => [s.text, s]));
    const lines = (box: HTMLTextAreaElement): string[] =>
      box.value
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean);
    const fixed = {
      ...recipe,
      name: name.value.trim(),
      ingredients: lines(ingredients).map(
        (l) => byText.get(l) ?? { text: l, quantity: 0, unit: null, name: l, notes: null, section: null },
      ),
      instructions: lines(steps).map((l) => stepBy.get(l) ?? { text: l, section: null }),
    };
    const res = await answer(
      client.POST("/api/collections/{id}/items/{seq}/commit", {
        params: { path: { id, seq } },
        body: { recipe: fixed },
      }),
    );
    if (!res.ok) return out.replaceChildren(errorBox(res.body));
    announce(t("collections.savedRecipe", { name: res.body.recipe.name }));

    location.hash = `#/move/${id}`;
  };
  app.replaceChildren(
    ...[
      back,
      el("h1", {}, t("collections.checkHeading", { label: entry.label })),
      entry.reason ? plainNote(entry.reason) : null,
      warnings.length
        ? el(
            "ul",
            { class: "coll-warnings", "aria-label": t("collections.warningsLabel") },
            warnings.map((w) => el("li", {}, w)),
          )
        : null,
      el(
        "section",
        { class: "card", "aria-label": t("collections.draftLabel") },
        el("label", { for: "coll-name" }, t("collections.nameLabel")),
        name,
        el("label", { for: "coll-ingredients" }, t("collections.ingredientsLabel")),
        ingredients,
        el("label", { for: "coll-steps" }, t("collections.stepsLabel")),
        steps,
        el(
          "div",
          { class: "actions" },
          el("button", { type: "button", onclick: () => void save() }, t("collections.saveRecipeButton")),
        ),
        out,
      ),
    ].filter((n) => n !== null),
  );
}

addScreen({
  path: "move",
  nav: () => t("nav.moveInOut"),
  render: (id?: string, seq?: string) =>
    id && seq !== undefined ? renderDraft(id, seq) : id ? renderJob(id) : renderMove(),
});
