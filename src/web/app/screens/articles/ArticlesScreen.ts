// Article screens: save a web page to a library, follow its status, read it in a reader view that
// loads nothing from outside, switch libraries, retry a failed one.
import type { components } from "../../api/schema.gen.ts";
import {
  addScreen,
  announce,
  answer,
  app,
  client,
  el,
  errorBox,
  followEvents,
  stillShown,
  type Problem,
} from "../../lib.ts";
import { t, type MessageKey } from "../../i18n/i18n.ts";
import { searchBox } from "../search/SearchScreen.ts";
import { highlightTools, keepCopy } from "./readerTools.ts";

type Media = components["schemas"]["Media"];

const FAILURES: Record<string, MessageKey> = {
  E_URL_INVALID: "articles.failUrlInvalid",
  E_FETCH_FAILED: "articles.failFetch",
  E_FETCH_FORBIDDEN: "articles.failForbidden",
  E_FETCH_UNSUPPORTED_CONTENT_TYPE: "articles.failUnsupported",
  E_FETCH_KIND_MISMATCH_PDF: "articles.failIsPdf",
  E_FETCH_KIND_MISMATCH_EPUB: "articles.failIsEpub",
  // No readable text, or reading it failed (too slow, too large, the reader stopped).
  E_EXTRACT_NO_CONTENT: "articles.failNoContent",
  E_SANITIZE_FAILED: "articles.failCleanUp",
  E_CANONICALIZE_FAILED: "articles.failCleanUp",
};
const STATUS: Record<Media["processing_status"], MessageKey> = {
  pending: "articles.statusPending",
  extracting: "articles.statusExtracting",
  ready_for_reading: "articles.statusReady",
  failed: "articles.statusFailed",
};

// The articles family nests its error ({ error: { message } }): answer() reads it into `message`.
const problem = (body: Problem): HTMLElement => errorBox(body);

let poll: ReturnType<typeof setTimeout> | undefined;
/** Articles a page of the list. */
const PAGE = 50;

/** Why a failed article failed, in words, and a "Try again" that retries it then calls `after`. */
function failureWithRetry(m: Media, errorsIn: HTMLElement, after: () => Promise<void>): HTMLElement[] {
  return [
    el("p", { class: "muted" }, t(FAILURES[m.failure_code ?? ""] ?? "articles.failOther")),
    el(
      "button",
      {
        type: "button",
        onclick: async () => {
          const r = await answer(client.POST("/media/{id}/retry", { params: { path: { id: m.id } } }));
          if (!r.ok) return errorsIn.append(problem(r.body));
          announce(t("articles.tryingAgain"));
          await after();
        },
      },
      t("articles.tryAgainButton"),
    ),
  ];
}

async function renderLibrary(): Promise<void> {
  clearTimeout(poll);
  const shown = stillShown();
  const libs = await answer(client.GET("/api/libraries"));
  if (!shown()) return;
  if (!libs.ok) return app.replaceChildren(el("h1", {}, t("articles.heading")), problem(libs.body));
  const libraries = libs.body.libraries;
  let current = sessionStorage.getItem("ladle.library") ?? undefined;
  if (!libraries.some((l) => l.id === current)) current = libraries[0]?.id;

  const picker = el(
    "select",
    {
      id: "library",
      onchange: () => {
        sessionStorage.setItem("ladle.library", picker.value);
        void renderLibrary();
      },
    },
    libraries.map((l) =>
      el(
        "option",
        { value: l.id, selected: l.id === current },
        l.isDefault ? t("articles.yourLibraryOption", { name: l.name }) : l.name,
      ),
    ),
  );
  const canAdd = libraries.find((l) => l.id === current)?.role === "admin";
  const url = el("input", { type: "url", id: "article-url", required: true, placeholder: "https://…" });
  const out = el("div");
  const form = el(
    "form",
    {
      onsubmit: async (e: Event) => {
        e.preventDefault();
        out.replaceChildren(el("p", { class: "muted" }, t("articles.saving")));
        const r = await answer(
          client.POST("/media/web-articles", { body: { url: url.value.trim(), library_id: current } }),
        );
        if (!r.ok) return out.replaceChildren(problem(r.body));
        announce(r.status === 202 ? t("articles.savingArticle") : t("articles.articleInLibrary"));
        url.value = "";
        out.replaceChildren();
        await refresh();
      },
    },
    el("label", { for: "article-url" }, t("articles.addressLabel")),
    url,
    el(
      "div",
      { class: "actions" },
      el("button", { type: "submit", disabled: !canAdd }, t("articles.saveButton")),
    ),
    canAdd ? null : el("p", { class: "muted" }, t("articles.onlyAdminsCanAdd")),
  );
  const list = el("ul", { class: "plain articles-list", "aria-label": t("articles.listLabel") });
  // A page of articles at a time: a library of thousands draws its first screen at once, and
  // "Show more" adds the next page under it.
  const more = el("div", { class: "actions" });
  let shownCount = 0;
  app.replaceChildren(
    el("h1", {}, t("articles.heading")),
    searchBox("article"),
    el("p", {}, el("a", { href: "#/highlights" }, t("articles.highlightsLink"))),
    el(
      "div",
      { class: "card" },
      el("label", { for: "library" }, t("articles.libraryLabel")),
      picker,
      form,
      out,
    ),
    el("section", { class: "card" }, el("h2", {}, t("articles.inThisLibrary")), list, more),
  );

  async function refresh(): Promise<void> {
    clearTimeout(poll);
    // A refresh (an article on its way) keeps as many rows as were shown, up to the API's page.
    const limit = Math.min(200, Math.max(PAGE, shownCount));
    const r = await answer(client.GET("/media", { params: { query: { library_id: current, limit } } }));
    if (!r.ok) return list.replaceChildren(el("li", {}, problem(r.body)));
    const items = r.body.data.media;
    shownCount = items.length;
    list.replaceChildren(
      ...(items.length ? items.map(articleRow) : [el("li", { class: "muted" }, t("articles.noneYet"))]),
    );
    offerMore(r.body.data.next_cursor);
    if (items.some((m) => m.processing_status === "pending" || m.processing_status === "extracting"))
      poll = setTimeout(() => void refresh(), 1000);
  }
  function offerMore(cursor: string | null): void {
    more.replaceChildren(
      ...(cursor
        ? [
            el(
              "button",
              {
                type: "button",
                class: "secondary",
                onclick: async (e: Event) => {
                  (e.currentTarget as HTMLButtonElement).disabled = true;
                  const r = await answer(
                    client.GET("/media", { params: { query: { library_id: current, limit: PAGE, cursor } } }),
                  );
                  if (!r.ok) return more.replaceChildren(problem(r.body));
                  shownCount += r.body.data.media.length;
                  list.append(...r.body.data.media.map(articleRow));
                  offerMore(r.body.data.next_cursor);
                },
              },
              t("articles.showMore"),
            ),
          ]
        : []),
    );
  }

  function articleRow(m: Media): HTMLLIElement {
    const name = m.title ?? m.canonical_url;
    const status = el(
      "span",
      { class: `badge status-${m.processing_status}` },
      t(STATUS[m.processing_status]),
    );
    const row = el(
      "li",
      { class: "article-row" },
      m.processing_status === "ready_for_reading"
        ? el("a", { href: `#/articles/${m.id}` }, name)
        : el("span", { class: "article-name" }, name),
      " ",
      status,
    );
    if (m.processing_status === "failed") {
      row.append(...failureWithRetry(m, row, refresh));
    }
    return row;
  }

  await refresh();
}

async function renderReader(id: string): Promise<void> {
  clearTimeout(poll);
  const shown = stillShown();
  const m = await answer(client.GET("/media/{id}", { params: { path: { id } } }));
  if (!shown()) return;
  if (!m.ok) return app.replaceChildren(el("h1", {}, t("articles.articleHeading")), problem(m.body));
  const media = m.body.data;
  const head = el(
    "header",
    { class: "reader-head" },
    el("p", {}, el("a", { href: "#/articles" }, t("articles.backLink"))),
    // Before it is read the page has no title yet: its address says which article this is.
    el(
      "h1",
      {},
      media.title ??
        (media.processing_status === "ready_for_reading"
          ? t("articles.untitled")
          : media.canonical_url.replace(/^https?:\/\//, "")),
    ),
    el(
      "p",
      { class: "muted" },
      [media.byline, media.site_name].filter(Boolean).join(" · "),
      media.byline || media.site_name ? " · " : "",
      el(
        "a",
        { href: media.canonical_url, target: "_blank", rel: "noopener noreferrer" },
        t("articles.originalPage"),
      ),
      media.sent_from === "browser" ? ` · ${t("articles.sentFromBrowser")}` : "",
    ),
  );
  if (media.processing_status !== "ready_for_reading") {
    const body: HTMLElement[] = [el("p", { role: "status" }, t(STATUS[media.processing_status]))];

    if (media.processing_status === "failed") {
      body.push(...failureWithRetry(media, app, () => renderReader(id)));
    } else {
      // Still on its way (a reader opened straight after saving): follow its events, saying each
      // step, and show it once it is readable or has failed, as long as it is still on screen.
      const said = body[0]!;
      let settled = false;
      void followEvents(
        (signal) => client.GET("/media/{id}/events", { params: { path: { id } }, parseAs: "stream", signal }),
        (d: { processing_status?: Media["processing_status"] }) => {
          if (!shown()) return "stop";
          const s = d.processing_status;
          if (s) said.textContent = t(STATUS[s]);
          if (s === "ready_for_reading" || s === "failed") {
            settled = true;
            return "stop";
          }
        },
      ).then(() => {
        // A dropped stream: look again a second later rather than at once.
        if (settled) {
          if (shown()) void renderReader(id);
        } else
          poll = setTimeout(() => {
            if (shown()) void renderReader(id);
          }, 1000);
      });
    }
    app.replaceChildren(head, ...body);
    return;
  }
  const f = await answer(client.GET("/media/{id}/fragments", { params: { path: { id } } }));
  if (!shown()) return;
  if (!f.ok) return app.replaceChildren(head, problem(f.body));
  // The image proxy's cookie for a token sign-in was set at sign-in (shareTokenWithImages, lib.ts).
  const origin = location.origin;
  // The article lives in its own document: no script may run (sandbox), and its policy lets it
  // load images from the proxy and the reader's stylesheet, nothing else.
  const doc = `<!doctype html><html lang="${(media.lang ?? "en").replace(/[^A-Za-z0-9-]/g, "")}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${origin}/api/images/; style-src ${origin}/ui/reader.css; base-uri 'none'; form-action 'none'">
<link rel="stylesheet" href="${origin}/ui/reader.css"></head><body>${f.body.data.fragments
    .map((x) => x.html_sanitized)
    .join("\n")}</body></html>`;
  const frame = el("iframe", {
    class: "reader",
    title: media.title ?? t("articles.articleHeading"),

    sandbox: "allow-same-origin allow-popups allow-popups-to-escape-sandbox",
    referrerpolicy: "no-referrer",
    srcdoc: doc,
  });
  const fit = (): void => {
    const h = frame.contentDocument?.body?.offsetHeight;
    if (h) frame.style.height = `${h + 40}px`;
  };
  // The frame is as tall as the article (no inner scrollbar), also after the window changes width.
  const onResize = (): void => (frame.isConnected ? fit() : window.removeEventListener("resize", onResize));
  window.addEventListener("resize", onResize);
  frame.addEventListener("load", () => {
    fit();
    for (const img of frame.contentDocument?.images ?? []) img.addEventListener("load", fit);
  });
  app.replaceChildren(head, keepCopy({ articleId: media.id }), frame, highlightTools(media.id, frame));
}

addScreen({
  path: "articles",
  nav: () => t("nav.articles"),
  render: (id?: string) => (id ? renderReader(id) : renderLibrary()),
});
