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
import { t, type MessageKey } from "../../i18n/i18n.ts";

type Attempt = NonNullable<IngestCandidatesView["attempts"]>[number];

// The value is what the server is asked for; the key is what the cook reads.
const DIETS: [string, MessageKey][] = [
  ["", "discovery.dietAny"],
  ["Vegetarian", "discovery.dietVegetarian"],
  ["Vegan", "discovery.dietVegan"],
  ["Gluten-free", "discovery.dietGlutenFree"],
  ["Dairy-free", "discovery.dietDairyFree"],
  ["Low-carb", "discovery.dietLowCarb"],
  ["Keto", "discovery.dietKeto"],
  ["Halal", "discovery.dietHalal"],
  ["Kosher", "discovery.dietKosher"],
];

function renderFind(): void {
  const query = el("input", {
    type: "search",
    id: "query",
    required: true,
    maxlength: 500,
    placeholder: t("discovery.queryPlaceholder"),
  });
  const cuisine = el("input", {
    type: "text",
    id: "cuisine",
    placeholder: t("discovery.cuisinePlaceholder"),
    maxlength: 100,
  });
  const diet = el("select", { id: "diet" }, ...DIETS.map(([d, key]) => el("option", { value: d }, t(key))));
  const out = el("div");
  const form = el(
    "form",
    {
      class: "find-form",
      onsubmit: async (e: Event) => {
        e.preventDefault();
        out.replaceChildren(el("p", { class: "muted" }, t("discovery.searching")));
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
    el("label", { for: "query" }, t("discovery.queryLabel")),
    query,
    el(
      "div",
      { class: "row" },
      el("div", {}, el("label", { for: "cuisine" }, t("discovery.cuisineLabel")), cuisine),
      el("div", {}, el("label", { for: "diet" }, t("discovery.dietLabel")), diet),
    ),
    el("div", { class: "actions" }, el("button", { type: "submit" }, t("discovery.searchButton"))),
  );
  app.replaceChildren(
    el("h1", {}, t("discovery.heading")),
    el("p", { class: "muted" }, t("discovery.intro")),
    el("div", { class: "card" }, form, out),
  );
  query.focus();
}

function hintFor(body: { code?: string } | null): HTMLElement | null {
  if (body?.code === "DISCOVERY_NOT_CONFIGURED") return el("p", {}, t("discovery.notConfigured"));
  return null;
}

/** Why a candidate was passed over, in words for a cook. */
function skippedText(attempt: Attempt): string {
  return attempt.reason ? t("discovery.skippedBecause", { reason: attempt.reason }) : t("discovery.skipped");
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
        chosen ? el("span", { class: "badge chosen" }, t("discovery.usedBadge")) : null,
        c.alreadyStored ? el("span", { class: "badge stored" }, t("discovery.storedBadge")) : null,
      ),
      el(
        "p",
        { class: "muted" },
        [c.siteName ?? "", t("discovery.match", { score: Math.round(c.score * 100) / 100 })]
          .filter(Boolean)
          .join(" · "),
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
              "aria-label": t("discovery.importInsteadLabel", { name: c.title || c.url }),
            },
            t("discovery.importInsteadButton"),
          ),
    );
  });
  const p = task.payload;
  const query = p && typeof p === "object" && "query" in p && typeof p.query === "string" ? p.query : null;
  return el(
    "section",
    { class: "card candidates" },
    el("h2", {}, t("discovery.pagesFound")),
    query ? el("p", { class: "muted" }, t("discovery.forQuery", { query })) : null,

    el("ol", { class: "plain candidate-list" }, items),
    out,
  );
}

addScreen({ path: "find", nav: () => t("nav.find"), render: () => renderFind() });
addReviewPanel(candidatePanel);
