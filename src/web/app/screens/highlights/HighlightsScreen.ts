// Highlights screen: every passage you highlighted in your articles, newest first, with your notes;
// the words box keeps those whose words or notes match.
import type { components } from "../../api/schema.gen.ts";
import { addScreen, answer, app, client, el, stillShown } from "../../lib.ts";

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
      ` · ${new Date(h.createdAt).toLocaleDateString()}`,
      h.anchor === "lost" ? " · these words are no longer in the article" : "",
    ),
  );
}

async function render(): Promise<void> {
  const shown = stillShown();
  const words = el("input", {
    type: "search",
    id: "highlight-words",
    placeholder: "Words of a highlight or note",
  });
  const list = el("ul", { class: "plain highlights-list", "aria-label": "Highlights" });
  const load = async (): Promise<void> => {
    const q = words.value.trim();
    const r = await answer(client.GET("/api/highlights", { params: { query: q ? { q } : {} } }));
    if (!shown()) return;
    if (!r.ok)
      return list.replaceChildren(
        el("li", { class: "error", role: "alert" }, r.body.message || "Something went wrong."),
      );
    const hs = r.body.highlights;
    list.replaceChildren(
      ...(hs.length
        ? hs.map(row)
        : [
            el(
              "li",
              { class: "muted" },
              q
                ? "No highlight or note has those words."
                : "No highlights yet. Open an article, select words and press “Highlight”.",
            ),
          ]),
    );
  };
  app.replaceChildren(
    el("h1", {}, "Highlights"),
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
      el("label", { for: "highlight-words" }, "Find highlights"),
      words,
      el("div", { class: "actions" }, el("button", { type: "submit" }, "Find")),
    ),
    el("section", { class: "card" }, list),
  );
  await load();
}

addScreen({ path: "highlights", render: () => render() });
