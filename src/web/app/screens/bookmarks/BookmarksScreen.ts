// Bookmark screens: save a link (described within seconds), the list of cards, edit, refresh, delete.
import type { components } from "../../api/schema.gen.ts";
import { addScreen, announce, answer, app, client, el, errorBox, type Problem } from "../../lib.ts";
import { t, type MessageKey } from "../../i18n/i18n.ts";
import { searchBox } from "../search/SearchScreen.ts";

type Item = components["schemas"]["Item"];
type Enrichment = components["schemas"]["EnrichmentStatus"];
type Filter = "" | Enrichment;

const STATUS_WORDS: Record<Enrichment, MessageKey | null> = {
  pending: "bookmarks.statusPending",
  succeeded: null,
  failed: "bookmarks.statusFailed",
};
const FILTERS: [Filter, MessageKey][] = [
  ["", "bookmarks.filterAll"],
  ["pending", "bookmarks.filterPending"],
  ["succeeded", "bookmarks.filterSucceeded"],
  ["failed", "bookmarks.filterFailed"],
];

/** A message for people: the server's words, never its code. */
function problem(body: Problem): HTMLElement {
  return errorBox(body);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return url;
  }
}

// Same-origin images (the screenshot thumbnail, the image proxy) need the API token, which an <img>
// cannot send: they are fetched here and shown as data: URLs (allowed by the page's CSP).
const imageCache = new Map<string, string>();
async function imageSrc(url: string): Promise<string | null> {
  if (/^https?:\/\//i.test(url)) return url; // the operator chose direct preview images
  if (!url.startsWith("/")) return null;
  const cached = imageCache.get(url);
  if (cached) return cached;
  // The server's two kinds of picture address: the page's preview image through the proxy, or the screenshot.
  const m = /^\/api\/v1\/items\/([^/?#]+)\/(preview|thumbnail)(?:\?v=([^&#]*))?$/.exec(url);
  if (!m) return null;
  const [, id = "", which, v] = m;
  const query = v === undefined ? {} : { v: decodeURIComponent(v) };
  const res = await answer(
    which === "preview"
      ? client.GET("/api/v1/items/{id}/preview", { params: { path: { id }, query }, parseAs: "blob" })
      : client.GET("/api/v1/items/{id}/thumbnail", { params: { path: { id }, query }, parseAs: "blob" }),
  );
  if (!res.ok) return null;
  const blob = res.body;
  const data = await new Promise<string | null>((resolve) => {
    const r = new FileReader();
    r.onload = () => resolve(typeof r.result === "string" ? r.result : null);
    r.onerror = () => resolve(null);
    r.readAsDataURL(blob);
  });
  if (data) imageCache.set(url, data);
  return data;
}

function picture(item: Item): HTMLElement {
  const box = el(
    "div",
    { class: "bm-pic", "aria-hidden": "true" },
    el("span", {}, (item.title ?? hostOf(item.url)).trim().slice(0, 1)),
  );
  if (item.displayImageUrl) {
    void imageSrc(item.displayImageUrl).then((src) => {
      if (src) box.replaceChildren(el("img", { src, alt: "", loading: "lazy" }));
    });
  }
  return box;
}

let pollTimer: ReturnType<typeof setTimeout> | undefined;

const state: { filter: Filter; items: Item[]; nextCursor: string | null } = {
  filter: "",
  items: [],
  nextCursor: null,
};

function stopPolling() {
  clearTimeout(pollTimer);
  pollTimer = undefined;
}

/** While some bookmark is still being described, look again every two seconds. */
function schedulePoll(render: () => void): void {
  stopPolling();
  if (!state.items.some((i) => i.enrichmentStatus === "pending")) return;
  pollTimer = setTimeout(async () => {
    if (!location.hash.startsWith("#/bookmarks")) return;
    const pending = state.items.filter((i) => i.enrichmentStatus === "pending");
    let changed = false;
    for (const p of pending) {
      const r = await answer(client.GET("/api/v1/items/{id}", { params: { path: { id: p.id } } }));
      if (r.ok && r.body.enrichmentStatus !== "pending") {
        state.items = state.items.map((i) => (i.id === p.id ? r.body : i));
        changed = true;
        const name = r.body.title ?? hostOf(r.body.url);
        announce(
          r.body.enrichmentStatus === "succeeded"
            ? t("bookmarks.detailsAdded", { name })
            : t("bookmarks.detailsUnavailable", { name }),
        );
      }
    }
    if (changed) render();
    schedulePoll(render);
  }, 2000);
}

function card(item: Item, render: () => void): HTMLLIElement {
  const body = el("div", { class: "bm-body" });
  const replace = (next: Item): void => {
    state.items = state.items.map((i) => (i.id === next.id ? next : i));
    render();
  };
  const note = el("div", { class: "bm-note" });

  const show = (): void => {
    const statusKey = STATUS_WORDS[item.enrichmentStatus];
    const status = statusKey ? t(statusKey) : "";
    body.replaceChildren(
      ...[
        el(
          "h2",
          { class: "bm-title" },
          el(
            "a",
            { href: item.url, target: "_blank", rel: "noopener noreferrer" },
            item.title ?? hostOf(item.url),
          ),
        ),
        el(
          "p",
          { class: "muted bm-host" },
          hostOf(item.url),
          item.sentFrom === "browser" ? ` · ${t("bookmarks.sentFromBrowser")}` : "",
        ),
        item.excerpt ? el("p", { class: "bm-excerpt" }, item.excerpt) : null,
        status
          ? el(
              "p",
              { class: `bm-status bm-${item.enrichmentStatus}` },
              status,
              item.enrichmentStatus === "failed" && item.enrichmentError ? `: ${item.enrichmentError}` : "",
            )
          : null,
        el("div", { class: "actions bm-actions" }, ...buttons()),
        note,
      ].filter((n) => n !== null),
    );
  };

  const buttons = (): HTMLButtonElement[] => {
    const out = [
      el("button", { class: "secondary", type: "button", onclick: edit }, t("bookmarks.editButton")),
      el(
        "button",
        {
          class: "secondary",
          type: "button",
          onclick: refresh,
          disabled: item.enrichmentStatus === "pending",
        },
        t("bookmarks.refreshButton"),
      ),
    ];
    if (item.pageKind === "recipe")
      out.push(el("button", { type: "button", onclick: importRecipe }, t("bookmarks.importRecipeButton")));
    if (item.pageKind === "article")
      out.push(el("button", { type: "button", onclick: saveArticle }, t("bookmarks.saveArticleButton")));
    out.push(
      el(
        "button",
        { class: "secondary danger", type: "button", onclick: remove },
        t("bookmarks.deleteButton"),
      ),
    );
    return out;
  };

  async function refresh(): Promise<void> {
    note.replaceChildren(el("p", { class: "muted" }, t("bookmarks.refetching")));
    const r = await answer(client.POST("/api/v1/items/{id}/enrich", { params: { path: { id: item.id } } }));
    if (!r.ok) return note.replaceChildren(problem(r.body));
    imageCache.clear();
    replace(r.body);
    schedulePoll(render);
  }

  async function importRecipe(): Promise<void> {
    const r = await answer(
      client.POST("/api/tasks", { body: { agentType: "Ingest", payload: { mode: "Url", url: item.url } } }),
    );
    if (!r.ok) return note.replaceChildren(problem(r.body));
    location.hash = `#/tasks/${r.body.taskId}`;
  }

  async function saveArticle(): Promise<void> {
    note.replaceChildren(el("p", { class: "muted" }, t("bookmarks.savingArticle")));
    const r = await answer(
      client.POST("/media/web-articles", {
        body: { url: item.url, ...(item.libraryId ? { library_id: item.libraryId } : {}) },
      }),
    );
    // answer() already reads the articles' nested error into the Problem.
    if (!r.ok) return note.replaceChildren(problem(r.body));
    location.hash = `#/articles/${r.body.data.id}`;
  }

  let confirming = false;
  async function remove(e: Event): Promise<void> {
    if (!confirming) {
      confirming = true;
      if (e.target instanceof HTMLElement) e.target.textContent = t("bookmarks.reallyDelete");
      return;
    }
    const r = await answer(client.DELETE("/api/v1/items/{id}", { params: { path: { id: item.id } } }));
    if (!r.ok) return note.replaceChildren(problem(r.body));
    state.items = state.items.filter((i) => i.id !== item.id);
    announce(t("bookmarks.deleted"));
    render();
  }

  function edit(): void {
    const tid = `t-${item.id}`;
    const eid = `e-${item.id}`;
    const title = el("input", { type: "text", id: tid, value: item.title ?? "", maxlength: 500 });
    const excerpt = el("textarea", { id: eid, maxlength: 2000, rows: 5 }, item.excerpt ?? "");
    body.replaceChildren(
      el(
        "form",
        {
          class: "bm-edit",
          onsubmit: async (ev: Event) => {
            ev.preventDefault();
            // An emptied field goes back to what the page says (unlocked); a typed one is kept for good.
            const r = await answer(
              client.PATCH("/api/v1/items/{id}", {
                params: { path: { id: item.id } },
                body: { title: title.value.trim() || null, excerpt: excerpt.value.trim() || null },
              }),
            );
            if (!r.ok) return note.replaceChildren(problem(r.body));
            announce(t("bookmarks.saved"));
            replace(r.body);
          },
        },
        el("label", { for: tid }, t("bookmarks.titleLabel")),
        title,
        el("label", { for: eid }, t("bookmarks.descriptionLabel")),
        excerpt,
        el("p", { class: "muted" }, t("bookmarks.editsStay")),
        el(
          "div",
          { class: "actions" },
          el("button", { type: "submit" }, t("bookmarks.saveButton")),
          el("button", { class: "secondary", type: "button", onclick: show }, t("bookmarks.cancelButton")),
        ),
      ),
      note,
    );
    title.focus();
  }

  show();
  return el("li", { class: "bm-card", "data-status": item.enrichmentStatus }, picture(item), body);
}

async function renderBookmarks(): Promise<void> {
  stopPolling();
  const url = el("input", { type: "url", id: "bm-url", required: true, placeholder: "https://…" });
  const title = el("input", { type: "text", id: "bm-title", maxlength: 500 });
  const excerpt = el("textarea", { id: "bm-excerpt", maxlength: 2000 });
  const out = el("div", { "aria-live": "polite" });
  const list = el("ul", { class: "bm-list" });
  const more = el("div", { class: "actions" });
  const filter = el(
    "select",
    {
      id: "bm-filter",
      onchange: async () => {
        state.filter = FILTERS.find(([v]) => v === filter.value)?.[0] ?? "";
        await load(false);
      },
    },
    FILTERS.map(([v, label]) => el("option", { value: v, selected: v === state.filter }, t(label))),
  );

  const render = (): void => {
    list.replaceChildren(...state.items.map((i) => card(i, render)));
    if (!state.items.length)
      list.replaceChildren(
        el("li", { class: "muted" }, state.filter ? t("bookmarks.noneHere") : t("bookmarks.noneYet")),
      );
    more.replaceChildren(
      state.nextCursor
        ? el(
            "button",
            { class: "secondary", type: "button", onclick: () => load(true) },
            t("bookmarks.showMore"),
          )
        : "",
    );
  };

  async function load(append: boolean): Promise<void> {
    const query = {
      limit: 20,
      ...(state.filter ? { enrichmentStatus: state.filter } : {}),
      ...(append && state.nextCursor ? { cursor: state.nextCursor } : {}),
    };
    const r = await answer(client.GET("/api/v1/items", { params: { query } }));
    if (!r.ok) return list.replaceChildren(el("li", {}, problem(r.body)));
    state.items = append ? [...state.items, ...r.body.items] : r.body.items;
    state.nextCursor = r.body.nextCursor;
    render();
    schedulePoll(render);
  }

  const form = el(
    "form",
    {
      onsubmit: async (e: Event) => {
        e.preventDefault();
        const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
        if (button) button.disabled = true;
        out.replaceChildren(el("p", { class: "muted" }, t("bookmarks.savingAndReading")));
        const r = await answer(
          client.POST("/api/v1/items", {
            body: {
              url: url.value.trim(),
              ...(title.value.trim() ? { title: title.value.trim() } : {}),
              ...(excerpt.value.trim() ? { excerpt: excerpt.value.trim() } : {}),
            },
          }),
        );

        if (button) button.disabled = false;
        if (!r.ok) return out.replaceChildren(problem(r.body));
        out.replaceChildren(
          el(
            "p",
            { class: "okay" },
            r.status === 200 ? t("bookmarks.alreadySaved") : t("bookmarks.savedShort"),
          ),
        );
        form.reset();
        state.items = [r.body, ...state.items.filter((i) => i.id !== r.body.id)];
        render();
        schedulePoll(render);
        announce(t("bookmarks.savedName", { name: r.body.title ?? hostOf(r.body.url) }));
      },
    },
    el("label", { for: "bm-url" }, t("bookmarks.linkLabel")),
    url,
    el(
      "div",
      { class: "row" },
      el("div", {}, el("label", { for: "bm-title" }, t("bookmarks.titleOptionalLabel")), title),
    ),
    el("label", { for: "bm-excerpt" }, t("bookmarks.descriptionOptionalLabel")),
    excerpt,
    el("div", { class: "actions" }, el("button", { type: "submit" }, t("bookmarks.saveBookmarkButton"))),
  );

  app.replaceChildren(
    el("h1", {}, t("bookmarks.heading")),
    searchBox("bookmark"),
    el("section", { class: "card" }, form, out),
    el("div", { class: "bm-filter" }, el("label", { for: "bm-filter" }, t("bookmarks.showLabel")), filter),

    list,
    more,
  );
  await load(false);
}

addScreen({ path: "bookmarks", nav: () => t("nav.bookmarks"), render: () => renderBookmarks() });
