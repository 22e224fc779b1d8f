// Highlights screen: every passage you highlighted in your articles, newest first, with your notes;
// the words box keeps those whose words or notes match.
import type { components } from "../../api/schema.gen.ts";
import { addScreen, answer, app, client, el, stillShown } from "../../lib.ts";
import { t } from "../../i18n/i18n.ts";
import { plainProblem } from "../../ui/messages.ts";

type Highlight = components["schemas"]["Highlight"];

function row(h: Highlight): HTMLLIElement {
  return el(
    "li",
    { class: "highlight-row" },
    el("blockquote", {}, h.quote),
    h.note ? el("p", {}, h.note) : null,
    el(
      "p",
      { class: "muted" },
      el("a", { href: `#/articles/${h.articleId}` }, h.articleTitle ?? h.articleUrl),
      ` · ${t("highlights.date", { at: new Date(h.createdAt) })}`,
      h.anchor === "lost" ? ` · ${t("highlights.wordsLost")}` : "",
    ),
  );
}

async function render(): Promise<void> {
  const shown = stillShown();
  const words = el("input", {
    type: "search",
    id: "highlight-words",
    placeholder: t("highlights.wordsPlaceholder"),
  });
  const list = el("ul", { class: "plain highlights-list", "aria-label": t("highlights.listLabel") });
  const load = async (): Promise<void> => {
    const q = words.value.trim();
    const r = await answer(client.GET("/api/highlights", { params: { query: q ? { q } : {} } }));
    if (!shown()) return;
    if (!r.ok)
      return list.replaceChildren(el("li", { class: "error", role: "alert" }, plainProblem(r.body).text));
    const hs = r.body.highlights;
    list.replaceChildren(
      ...(hs.length
        ? hs.map(row)
        : [el("li", { class: "muted" }, q ? t("highlights.noMatch") : t("highlights.noneYet"))]),
    );
  };
  app.replaceChildren(
    el("h1", {}, t("highlights.heading")),
    el(
      "form",
      {
        class: "card",
        role: "search",
        onsubmit: (e: Event) => {
          e.preventDefault();
          void load();
        },
      },
      el("label", { for: "highlight-words" }, t("highlights.findLabel")),
      words,
      el("div", { class: "actions" }, el("button", { type: "submit" }, t("highlights.findButton"))),
    ),
    el("section", { class: "card" }, list),
  );
  await load();
}

addScreen({ path: "highlights", render: () => render() });
