// Import by query: search the operator's search providers for a dish, import the best page, and on
// the review screen show every candidate found, the one used marked, with "import this one instead".
import { ingestCandidates, resultOf, type IngestCandidatesView } from "../../api/taskResults.ts";
import type { Task } from "../../api/types.ts";
import {
  addReviewPanel,
  addScreen,
  answer,
  app,
  client,
  el,
  errorBox,
  safeUrl,
  threadId,
} from "../../lib.ts";

type Attempt = NonNullable<IngestCandidatesView["attempts"]>[number];

function renderFind(): void {
  const query = el("input", {
    type: "search",
    id: "query",
    required: true,
    maxlength: 500,
    placeholder: "best tonkotsu ramen",
  });
  const cuisine = el("input", { type: "text", id: "cuisine", placeholder: "Japanese", maxlength: 100 });
  const diet = el(
    "select",
    { id: "diet" },
    ...["", "Vegetarian", "Vegan", "Gluten-free", "Dairy-free", "Low-carb", "Keto", "Halal", "Kosher"].map(
      (d) => el("option", { value: d }, d || "Any"),
    ),
  );
  const out = el("div");
  const form = el(
    "form",
    {
      class: "find-form",
      onsubmit: async (e: Event) => {
        e.preventDefault();
        out.replaceChildren(el("p", { class: "muted" }, "Searching…"));
        const constraints = { dietType: diet.value || null, cuisine: cuisine.value.trim() || null };
        const r = await answer(
          client.POST("/api/tasks", {
            body: {
              agentType: "Ingest",
              threadId: threadId(),
              payload: { mode: "Query", query: query.value.trim(), constraints },
            },
          }),
        );
        if (!r.ok) return out.replaceChildren(errorBox(r.body), hintFor(r.body) ?? "");

        const kept: unknown = JSON.parse(sessionStorage.getItem("ladle.tasks") ?? "[]");
        const seen: unknown[] = Array.isArray(kept) ? kept : [];
        sessionStorage.setItem(
          "ladle.tasks",
          JSON.stringify([{ id: r.body.taskId, url: `“${query.value.trim()}”` }, ...seen].slice(0, 20)),
        );
        location.hash = `#/tasks/${r.body.taskId}`;
      },
    },
    el("label", { for: "query" }, "What would you like to cook?"),
    query,
    el(
      "div",
      { class: "row" },
      el("div", {}, el("label", { for: "cuisine" }, "Cuisine (optional)"), cuisine),
      el("div", {}, el("label", { for: "diet" }, "Diet"), diet),
    ),
    el("div", { class: "actions" }, el("button", { type: "submit" }, "Search and import")),
  );
  app.replaceChildren(
    el("h1", {}, "Find a recipe"),
    el(
      "p",
      { class: "muted" },
      "Ladle searches the web, picks the page that looks most like one recipe, and prepares a draft for you to review. If that page has no recipe, it tries the next one.",
    ),
    el("div", { class: "card" }, form, out),
  );
  query.focus();
}

function hintFor(body: { code?: string } | null): HTMLElement | null {
  if (body?.code === "DISCOVERY_NOT_CONFIGURED")
    return el(
      "p",
      {},
      "Searching is not set up on this server yet. You can still import a recipe by its address.",
    );
  return null;
}

/** Why a candidate was passed over, in words for a cook. */
function skippedText(attempt: Attempt): string {
  return attempt.reason ? `Tried, skipped: ${attempt.reason}` : "Tried, skipped";
}

function candidatePanel(task: Task): HTMLElement | null {
  const result = resultOf(task, ingestCandidates);
  if (!result || !result.candidates.length) return null;
  const attempts = new Map((result.attempts ?? []).map((a) => [a.index, a]));
  const out = el("div");
  const restart = async (index: number, button: HTMLButtonElement): Promise<void> => {
    button.disabled = true;
    const r = await answer(
      client.POST("/api/tasks/{id}/restart", {
        params: { path: { id: task.taskId } },
        body: { candidateIndex: index },
      }),
    );

    if (!r.ok) {
      button.disabled = false;
      return out.replaceChildren(errorBox(r.body));
    }
    location.hash = `#/tasks/${r.body.taskId}`;
  };
  const items = result.candidates.map((c, i) => {
    const chosen = i === result.selectedCandidateIndex;
    const attempt = attempts.get(i);
    const link = safeUrl(c.url)
      ? el("a", { href: c.url, rel: "noopener noreferrer nofollow", target: "_blank" }, c.title || c.url)
      : c.title || c.url;
    return el(
      "li",
      { class: chosen ? "candidate chosen" : "candidate", "aria-current": chosen ? "true" : undefined },
      el(
        "div",
        { class: "candidate-head" },
        el("span", { class: "candidate-title" }, link),
        chosen ? el("span", { class: "badge chosen" }, "Used for this draft") : null,
        c.alreadyStored ? el("span", { class: "badge stored" }, "Already in your recipes") : null,
      ),
      el(
        "p",
        { class: "muted" },
        [c.siteName ?? "", `match ${Math.round(c.score * 100)}%`].filter(Boolean).join(" · "),
      ),
      c.snippet ? el("p", { class: "candidate-snippet" }, c.snippet) : null,
      attempt && attempt.outcome === "skipped" ? el("p", { class: "warning" }, skippedText(attempt)) : null,
      chosen
        ? null
        : el(
            "button",
            {
              class: "secondary",
              type: "button",
              onclick: (e: Event) =>
                e.currentTarget instanceof HTMLButtonElement && restart(i, e.currentTarget),
              "aria-label": `Import this one instead: ${c.title || c.url}`,
            },
            "Import this one instead",
          ),
    );
  });
  const p = task.payload;
  const query = p && typeof p === "object" && "query" in p && typeof p.query === "string" ? p.query : null;
  return el(
    "section",
    { class: "card candidates" },
    el("h2", {}, "Pages found"),
    query ? el("p", { class: "muted" }, `For “${query}”, best match first.`) : null,
    el("ol", { class: "plain candidate-list" }, items),
    out,
  );
}

addScreen({ path: "find", nav: "Find", render: () => renderFind() });
addReviewPanel(candidatePanel);
