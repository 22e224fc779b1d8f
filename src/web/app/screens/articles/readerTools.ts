// The reader's tools: keep a copy of the page (a self-contained page that runs no scripts), and
// highlight words of the article with a note. Highlights are painted into the reader's frame by
// their position in its text, the same text the server counts in.
import type { components } from "../../api/schema.gen.ts";
import { t } from "../../i18n/i18n.ts";
import { announce, answer, client, el, type Problem } from "../../lib.ts";
import { plainProblem } from "../../ui/messages.ts";

type Highlight = components["schemas"]["Highlight"];
type Archive = components["schemas"]["Archive"];

const problem = (body: Problem): HTMLElement =>
  el("p", { class: "error", role: "alert" }, plainProblem(body).text);

const size = (n: number) =>
  n < 1048576
    ? t("articles.sizeKb", { n: Math.max(1, Math.round(n / 1024)) })
    : t("articles.sizeMb", { n: n / 1048576 });

/** What a kept copy holds, in words. */
export function archiveWords(a: Archive): string {
  const parts = [t("articles.keptOn", { date: new Date(a.createdAt) }), size(a.sizeBytes)];
  if (a.imagesShrunk) parts.push(t("articles.picturesShrunk", { count: a.imagesShrunk }));
  if (a.imagesLeftOut) parts.push(t("articles.picturesLeftOut", { count: a.imagesLeftOut }));
  return parts.join(" · ");
}

/** "Keep a copy of the page" and the link to the copy kept, for an article or a bookmark. */
export function keepCopy(of: { articleId: string } | { bookmarkId: string }): HTMLElement {
  const box = el("div", { class: "keep-copy" });
  const show = (a: Archive | undefined, busy = false): void => {
    box.replaceChildren(
      ...[
        el(
          "button",
          { type: "button", disabled: busy, onclick: () => void keep() },
          busy ? t("articles.keepingCopy") : a ? t("articles.keepNewCopy") : t("articles.keepCopyButton"),
        ),
        a
          ? el(
              "span",
              { class: "muted" },
              " ",
              el("a", { href: a.url, target: "_blank", rel: "noopener" }, t("articles.openKeptCopy")),
              ` (${archiveWords(a)})`,
            )
          : "",
      ],
    );
  };
  const keep = async (): Promise<void> => {
    show(undefined, true);
    const r = await answer(client.POST("/api/archives", { body: of }));
    if (!r.ok) {
      show(undefined);
      box.append(problem(r.body));
      return;
    }
    announce(t("articles.copyKept"));
    show(r.body);
  };
  show(undefined);
  void answer(client.GET("/api/archives", { params: { query: of } })).then((r) => {
    if (r.ok && r.body.archives[0]) show(r.body.archives[0]);
  });
  return box;
}

/** Wraps `[start, end)` of `root`'s text in <mark> elements, one per text node it spans. */
function paint(root: HTMLElement, start: number, end: number, title: string): void {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const spans: [Text, number, number][] = [];
  let at = 0;
  for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
    const len = n.data.length;
    const a = Math.max(start, at);
    const b = Math.min(end, at + len);
    if (a < b) spans.push([n, a - at, b - at]);
    at += len;
    if (at >= end) break;
  }
  for (const [node, a, b] of spans) {
    const part = node.splitText(a);
    part.splitText(b - a);
    const mark = doc.createElement("mark");
    mark.className = "ladle-highlight";
    mark.title = title;
    part.replaceWith(mark);
    mark.append(part);
  }
}

/** Where the selection in the frame starts and ends in its body's text, and its words. */
function selectionIn(frame: HTMLIFrameElement): { start: number; end: number; quote: string } | null {
  const doc = frame.contentDocument;
  const sel = frame.contentWindow?.getSelection();
  if (!doc || !sel || sel.rangeCount === 0 || sel.isCollapsed) return null;
  const range = sel.getRangeAt(0);
  const before = doc.createRange();
  before.setStart(doc.body, 0);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  const quote = range.toString();
  return quote.trim() ? { start, end: start + quote.length, quote } : null;
}

/** The highlight tools under the reader, and the article's highlights painted into `frame`. */
export function highlightTools(articleId: string, frame: HTMLIFrameElement): HTMLElement {
  const list = el("ul", { class: "plain highlights-list", "aria-label": t("articles.yourHighlightsLabel") });
  const out = el("div");
  const note = el("textarea", { id: "highlight-note", rows: 2, placeholder: t("articles.notePlaceholder") });
  // The last words selected in the reader: a tap on the button may clear the selection first.
  let picked: ReturnType<typeof selectionIn> = null;
  const watch = (): void => {
    frame.contentDocument?.addEventListener("selectionchange", () => {
      const s = selectionIn(frame);
      if (s) picked = s;
    });
  };
  const load = async (): Promise<void> => {
    const r = await answer(client.GET("/api/highlights", { params: { query: { articleId } } }));
    if (!r.ok) return out.replaceChildren(problem(r.body));
    const hs = r.body.highlights;
    const body = frame.contentDocument?.body;
    if (body) {
      // Paint afresh: undo earlier marks first.
      for (const m of Array.from(body.querySelectorAll("mark.ladle-highlight")))
        m.replaceWith(...Array.from(m.childNodes));
      body.normalize();
      for (const h of [...hs].sort((a, b) => b.start - a.start))
        if (h.anchor !== "lost") paint(body, h.start, h.end, h.note ?? t("articles.highlightedTitle"));
    }
    list.replaceChildren(
      ...(hs.length
        ? hs.map((h) => highlightRow(h, load))
        : [el("li", { class: "muted" }, t("articles.noHighlightsYet"))]),
    );
  };
  const add = async (): Promise<void> => {
    const s = selectionIn(frame) ?? picked;
    if (!s)
      return out.replaceChildren(el("p", { class: "error", role: "alert" }, t("articles.selectWordsFirst")));
    const text = frame.contentDocument?.body.textContent ?? "";
    const r = await answer(
      client.POST("/api/highlights", {
        body: {
          articleId,
          quote: s.quote,
          start: s.start,
          end: s.end,
          prefix: text.slice(Math.max(0, s.start - 32), s.start),
          suffix: text.slice(s.end, s.end + 32),
          note: note.value.trim() || null,
        },
      }),
    );
    if (!r.ok) return out.replaceChildren(problem(r.body));
    out.replaceChildren();
    note.value = "";
    picked = null;
    frame.contentWindow?.getSelection()?.removeAllRanges();
    announce(t("articles.highlightedAnnounce"));
    await load();
  };
  const download = async (format: "markdown" | "json"): Promise<void> => {
    const r = await answer(
      client.GET("/api/highlights/export", { params: { query: { articleId, format } }, parseAs: "text" }),
    );
    if (!r.ok) return out.replaceChildren(problem(r.body));
    const blob = new Blob([r.body as unknown as string], {
      type: format === "json" ? "application/json" : "text/markdown",
    });
    const a = el("a", {
      href: URL.createObjectURL(blob),
      download: `highlights.${format === "json" ? "json" : "md"}`,
    });
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };
  frame.addEventListener("load", () => {
    watch();
    void load();
  });
  return el(
    "section",
    { class: "card highlight-tools", "aria-labelledby": "highlights-h" },
    el("h2", { id: "highlights-h" }, t("articles.highlightsHeading")),
    el("label", { for: "highlight-note" }, t("articles.noteLabel")),
    note,
    el(
      "div",
      { class: "actions" },
      el("button", { type: "button", onclick: () => void add() }, t("articles.highlightButton")),
      el(
        "button",
        { type: "button", class: "secondary", onclick: () => void download("markdown") },
        t("articles.exportMarkdown"),
      ),
      el(
        "button",
        { type: "button", class: "secondary", onclick: () => void download("json") },
        t("articles.exportJson"),
      ),
    ),
    out,
    list,
  );
}

function highlightRow(h: Highlight, after: () => Promise<void>): HTMLLIElement {
  return el(
    "li",
    { class: "highlight-row" },
    el("blockquote", {}, h.quote),
    h.note ? el("p", {}, h.note) : null,
    h.anchor === "lost" ? el("p", { class: "muted" }, t("articles.wordsLost")) : null,
    el(
      "button",
      {
        type: "button",
        class: "secondary",
        "aria-label": t("articles.deleteHighlightLabel", { quote: h.quote.slice(0, 40) }),
        onclick: async () => {
          const r = await answer(client.DELETE("/api/highlights/{id}", { params: { path: { id: h.id } } }));
          if (r.ok) {
            announce(t("articles.highlightDeleted"));
            await after();
          }
        },
      },
      t("articles.deleteButton"),
    ),
  );
}
