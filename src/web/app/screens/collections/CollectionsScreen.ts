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

type Job = components["schemas"]["CollectionJob"];
type ExportQuery = operations["exportCollection"]["parameters"]["query"];
type Policy = Job["policy"];

/** What each result means, for a cook. */
const RESULT_WORDS: Record<components["schemas"]["CollectionReportEntry"]["status"], string> = {
  pending: "Waiting",
  imported: "Imported",
  duplicate: "Already in your collection",
  needs_review: "Needs a look",
  failed: "Not imported",
  cancelled: "Cancelled",
};

const FORMAT_WORDS: Record<string, string> = {
  paprika: "Paprika",
  mealie: "Mealie",
  tandoor: "Tandoor",
  nextcloud: "Nextcloud Cookbook",
  cooklang: "Cooklang",
  jsonld: "schema.org recipes",
  netscape: "browser bookmarks",
  pocket: "Pocket",
  omnivore: "Omnivore",
  karakeep: "Karakeep",
  urls: "web addresses",
};

function summary(job: Job): string {
  const c = job.counts;
  return [
    `${job.done} of ${job.total} done`,
    `${c.imported} imported`,
    c.duplicate ? `${c.duplicate} already there` : null,
    c.needsReview ? `${c.needsReview} need a look` : null,
    c.failed ? `${c.failed} not imported` : null,
    c.cancelled ? `${c.cancelled} cancelled` : null,
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
  if (!res.ok) return announce("The export did not work; try again.");
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
    out.replaceChildren(el("p", { class: "muted" }, "Reading your file…"));
    let res;
    if (mealieServer.value.trim()) {
      if (!mealieToken.value.trim())
        return out.replaceChildren(
          el(
            "p",
            { class: "error", role: "alert" },
            "Paste an API token from your Mealie profile (User settings, API tokens).",
          ),
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
      return out.replaceChildren(
        el("p", { class: "error", role: "alert" }, "Choose a file or paste some web addresses."),
      );
    if (!res.ok) return out.replaceChildren(errorBox(res.body));
    location.hash = `#/move/${res.body.id}`;
  };
  const exportLink = (
    label: string,
    format: ExportQuery["format"],
    type: ExportQuery["type"],
  ): HTMLButtonElement =>
    el("button", { type: "button", class: "secondary", onclick: () => void download(format, type) }, label);
  const list = el("div", {}, el("p", { class: "muted" }, "Loading…"));
  app.replaceChildren(
    el("h1", {}, "Move your collection in or out"),
    el(
      "section",
      { class: "card", "aria-label": "Bring in a collection" },
      el("h2", {}, "Bring in a collection"),
      el(
        "p",
        { class: "muted" },
        "An export from Paprika, Mealie, Tandoor, Nextcloud Cookbook or Cooklang, a file of schema.org recipes, your browser's bookmarks, a Pocket, Omnivore or Karakeep export.",
      ),
      el("label", { for: "coll-file" }, "Export file"),
      file,
      el("label", { for: "coll-urls" }, "Or paste web addresses of recipes, one a line"),
      urls,
      el(
        "details",
        { class: "coll-mealie" },
        el("summary", {}, "Or bring every recipe from your Mealie server"),
        el("label", { for: "coll-mealie" }, "Mealie's address"),
        mealieServer,
        el("label", { for: "coll-mealie-token" }, "Your Mealie API token"),
        mealieToken,
        el(
          "p",
          { class: "muted" },
          "Ladle reads your recipes and their pictures with this token, keeps it only until each recipe is read, and never shows it in the report.",
        ),
      ),
      el(
        "fieldset",
        {},
        el("legend", {}, "When a recipe is read"),
        policy("commit_clean", "Save the clean ones now, hold the rest for a look", true),
        policy("review_all", "Hold every recipe for a look first", false),
      ),
      el(
        "div",
        { class: "actions" },
        el("button", { type: "button", onclick: () => void start() }, "Start import"),
      ),
      out,
    ),
    el("section", { class: "card", "aria-label": "Your imports" }, el("h2", {}, "Your imports"), list),
    el(
      "section",
      { class: "card", "aria-label": "Take it with you" },
      el("h2", {}, "Take it with you"),
      el(
        "div",
        { class: "actions coll-exports" },
        exportLink("Recipes as schema.org (zip)", "jsonld", "recipe"),
        exportLink("Recipes for Paprika", "paprika", "recipe"),
        exportLink("Recipes as Cooklang", "cooklang", "recipe"),
        exportLink("Printable cookbook", "html", "recipe"),
        exportLink("Bookmarks for a browser", "netscape", "bookmark"),
        exportLink("Articles for a browser", "netscape", "article"),
      ),
    ),
  );
  const res = await answer(client.GET("/api/collections"));
  if (!shown()) return;
  if (!res.ok) return list.replaceChildren(errorBox(res.body));
  const r = res;
  if (!r.body.items.length) return list.replaceChildren(el("p", { class: "muted" }, "Nothing imported yet."));
  list.replaceChildren(
    el(
      "ul",
      { class: "coll-jobs" },
      r.body.items.map((j) =>
        el(
          "li",
          {},
          el("a", { href: `#/move/${j.id}` }, j.name),
          ` — ${FORMAT_WORDS[j.format] ?? j.format}, ${summary(j)}`,
        ),
      ),
    ),
  );
}

async function renderJob(id: string): Promise<void> {
  const shown = stillShown();
  const bar = el("progress", { max: 1, value: 0, "aria-label": "Import progress" });
  const stage = el("p", { class: "coll-stage" }, "Starting…");
  const cancel = el("button", { type: "button", class: "secondary" }, "Cancel import");
  const body = el("div");
  app.replaceChildren(
    el("p", {}, el("a", { href: "#/move" }, "← All imports")),
    el("h1", {}, "Your import"),
    el(
      "section",
      { class: "card", "aria-label": "Progress" },
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
  stage.textContent = `${job.status === "cancelled" ? "Cancelled" : "Finished"}: ${summary(job)}`;
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
            announce(res.ok ? `${res.body.committed} saved` : "That didn't work.");
            void renderJob(id);
          },
        },
        "Save every one without problems",
      )
    : null;
  body.replaceChildren(
    el(
      "section",
      { class: "card", "aria-label": "Report" },
      el("h2", {}, "Report"),
      saveAll ? el("div", { class: "actions" }, saveAll) : null,
      el(
        "table",
        { class: "coll-report" },
        el("thead", {}, el("tr", {}, el("th", {}, "Entry"), el("th", {}, "Result"), el("th", {}, ""))),
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
                el("strong", {}, RESULT_WORDS[e.status] ?? e.status),
                e.reason ? plainNote(e.reason) : null,
              ),
              el(
                "td",
                {},
                e.status === "needs_review"
                  ? el("a", { href: `#/move/${id}/${e.seq}`, class: "button" }, "Review")
                  : e.status === "imported" && e.kind !== "bookmark" && e.resultId
                    ? el("a", { href: `#/recipes/${e.resultId}` }, "Open")
                    : e.status === "duplicate" && e.kind !== "bookmark" && e.duplicateOf
                      ? el("a", { href: `#/recipes/${e.duplicateOf}` }, "Open the one you have")
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
  const back = el("p", {}, el("a", { href: `#/move/${id}` }, "← Back to the report"));
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
    const lines = (t: HTMLTextAreaElement): string[] =>
      t.value
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
    announce(`Saved ${res.body.recipe.name}`);

    location.hash = `#/move/${id}`;
  };
  app.replaceChildren(
    ...[
      back,
      el("h1", {}, `Check “${entry.label}”`),
      entry.reason ? plainNote(entry.reason) : null,
      warnings.length
        ? el(
            "ul",
            { class: "coll-warnings", "aria-label": "Worth a look" },
            warnings.map((w) => el("li", {}, w)),
          )
        : null,
      el(
        "section",
        { class: "card", "aria-label": "Draft" },
        el("label", { for: "coll-name" }, "Name"),
        name,
        el("label", { for: "coll-ingredients" }, "Ingredients, one a line"),
        ingredients,
        el("label", { for: "coll-steps" }, "Steps, one a line"),
        steps,
        el(
          "div",
          { class: "actions" },
          el("button", { type: "button", onclick: () => void save() }, "Save recipe"),
        ),
        out,
      ),
    ].filter((n) => n !== null),
  );
}

addScreen({
  path: "move",
  nav: "Move in & out",
  render: (id?: string, seq?: string) =>
    id && seq !== undefined ? renderDraft(id, seq) : id ? renderJob(id) : renderMove(),
});
