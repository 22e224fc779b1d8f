// Capture from anywhere: the screen a share lands on (the phone's share sheet through
// the manifest's share target, or the bookmarklet), and the bookmarklet itself for the account
// screen. A page becomes a recipe import, text a text import, a photo or PDF a file import.
import type { components } from "../../api/schema.gen.ts";
import { t } from "../../i18n/i18n.ts";
import { addScreen, answer, app, client, el, errorBox, threadId } from "../../lib.ts";
import { PAGE, READY, renderCapture } from "./CaptureScreen.ts";

type SharedItem = components["schemas"]["SharedItem"];
type SourceType = components["schemas"]["StartImportRequest"]["source_type"];
/** What arrived: a shared item as the server kept it, or a link the bookmarklet made. */
type Item = Pick<SharedItem, "kind" | "url" | "text" | "title" | "autoStart"> & { file?: SharedItem["file"] };

/** The page to import in what was shared: the url, else a link that is most of the text (as server-side sharedUrl). */
function linkIn(url: string | null, text: string | null): string | null {
  const ok = (s: string | null | undefined): string | null => {
    try {
      const u = new URL((s ?? "").trim());
      return /^https?:$/.test(u.protocol) ? u.href : null;
    } catch {
      return null;
    }
  };
  if (ok(url)) return ok(url);
  const link = /https?:\/\/\S+/i.exec(text ?? "")?.[0]?.replace(/[).,;!?'"»]+$/, "");
  return link && ok(link) && (text ?? "").replace(link, "").trim().length <= 200 ? ok(link) : null;
}

const SOURCE_TYPES: Record<string, SourceType> = {
  pdf: "pdf",
  image: "image",
  text: "text",
  captions: "video",
};

/** Starts the import the item calls for and opens its progress screen; answers an error body or null. */
async function start(item: Item): Promise<{ message: string } | null> {
  if (item.kind === "url") {
    const r = await answer(
      client.POST("/api/tasks", {
        body: { agentType: "Ingest", threadId: threadId(), payload: { mode: "Url", url: item.url ?? "" } },
      }),
    );
    if (!r.ok) return r.body;
    location.hash = `#/tasks/${r.body.taskId}`;
    return null;
  }
  // Text and files end in the same review as a page: an import task of mode Source.
  const payload =
    item.kind === "file" && item.file
      ? {
          mode: "Source" as const,
          sourceType: SOURCE_TYPES[item.file.kind] ?? "image",
          sourceRef: item.file.token,
        }
      : { mode: "Source" as const, sourceType: "text" as const, sourceRef: item.text ?? "" };
  const r = await answer(
    client.POST("/api/tasks", { body: { agentType: "Ingest", threadId: threadId(), payload } }),
  );
  if (!r.ok) return r.body;
  location.hash = `#/tasks/${r.body.taskId}`;
  return null;
}

function what(item: Item): HTMLElement {
  if (item.kind === "url") return el("p", { class: "shared-url" }, item.url);
  if (item.kind === "file") return el("p", {}, t("share.theFile", { name: item.file?.name ?? "" }));
  return el(
    "blockquote",
    { class: "shared-text" },
    (item.text ?? "").length > 600 ? `${(item.text ?? "").slice(0, 600)}…` : item.text,
  );
}

/** Kept by the service worker (src/web/sw) for a share made signed out: keep the names in step. */
const SHARE_CACHE = "ladle-share";
const PENDING_SHARE = "/share/pending";

/**
 * A share made while signed out waited in this browser: now signed in, it is sent as the share sheet
 * sent it (a form post from this page), so it lands here again as any share does.
 */
async function sendPending(heading: HTMLElement): Promise<void> {
  app.replaceChildren(heading, el("p", { class: "muted" }, t("share.sendingShared")));
  // Signed out still: the sign-in form is showing, and this screen comes back once signed in.
  if ((await answer(client.GET("/api/tasks/options"))).status === 401) return;
  const cache = await caches.open(SHARE_CACHE);
  const kept = await cache.match(PENDING_SHARE);
  if (!kept) {
    app.replaceChildren(
      heading,
      el("p", {}, t("share.nothingWaiting")),
      el("p", {}, el("a", { href: "#/" }, t("share.importByAddress"))),
    );
    return;
  }
  const shared = await kept.formData();
  await cache.delete(PENDING_SHARE);
  const form = el("form", { method: "post", action: "/share", enctype: "multipart/form-data", hidden: true });
  const files = new DataTransfer();
  for (const [name, value] of shared.entries()) {
    if (typeof value === "string") form.append(el("input", { type: "hidden", name, value }));
    else if (name === "files" && value.size > 0) files.items.add(value);
  }
  const input = el("input", { type: "file", name: "files" });
  input.files = files.files;
  form.append(input);
  document.body.append(form);
  form.submit();
}

async function renderShare(arg = ""): Promise<void> {
  const [name = "", query = ""] = arg.split("?");

  const params = new URLSearchParams(query);
  const heading = el("h1", {}, t("share.shareHeading"));
  if (name === "problem") {
    app.replaceChildren(
      heading,
      el("p", { class: "error", role: "alert" }, params.get("message") ?? t("share.shareDidNotArrive")),
      el("p", {}, el("a", { href: "#/" }, t("share.importByAddress"))),
    );
    return;
  }
  if (name === "pending") return sendPending(heading);
  let item: Item;
  if (name === "link") {
    // From a link any page could make (the bookmarklet's): never started without a click.
    const url = linkIn(params.get("url"), params.get("text"));
    const text = params.get("text")?.trim() || null;
    item = {
      kind: url ? "url" : text ? "text" : "nothing",
      url,
      text,
      title: params.get("title"),
      autoStart: false,
    };
  } else {
    app.replaceChildren(heading, el("p", { class: "muted" }, t("share.openingShared")));
    const r = await answer(client.POST("/api/share/{id}", { params: { path: { id: name } } }));

    // Signed out: the sign-in form is showing, and this screen comes back once signed in.
    if (r.status === 401) return;
    if (!r.ok) {
      app.replaceChildren(
        heading,
        errorBox(r.body),
        el("p", {}, el("a", { href: "#/" }, t("share.importButton"))),
      );
      return;
    }
    item = r.body;
    // Opened once: reloading this address would find nothing, so the link form replaces it.
    if (item.kind === "url" || item.kind === "text")
      history.replaceState(
        null,
        "",
        `#/share/link?${new URLSearchParams({ ...(item.url ? { url: item.url } : {}), ...(item.text ? { text: item.text } : {}), ...(item.title ? { title: item.title } : {}) })}`,
      );
  }
  if (item.kind === "nothing") {
    app.replaceChildren(heading, el("p", {}, t("share.nothingImportable")));
    return;
  }
  const out = el("div");
  const go = async (): Promise<void> => {
    out.replaceChildren(el("p", { class: "muted" }, t("share.startingImport")));
    const problem = await start(item);
    if (problem) out.replaceChildren(errorBox(problem));
  };
  if (item.autoStart) {
    app.replaceChildren(heading, el("div", { class: "card" }, what(item), out));
    return go();
  }
  const button = el("button", { type: "button", onclick: go }, t("share.importButton"));
  app.replaceChildren(
    heading,
    el(
      "section",
      { class: "card" },
      item.title ? el("h2", {}, item.title) : null,
      what(item),
      el("p", { class: "muted" }, t("share.checkThenImport")),
      el("div", { class: "actions" }, button, el("a", { href: "#/" }, t("share.cancel"))),
      out,
    ),
  );
  button.focus();
}

/**
 * The bookmarklet: on any page, opens Ladle's capture screen in a new window and, once it says it
 * is ready, hands it that page as the browser shows it (document, address, title), to Ladle's
 * origin only. The page then goes to Ladle from Ladle's own window, signed in: the site that
 * refuses Ladle's server is read from what the cook sees. Dragged to the bookmarks bar; clicking
 * it here does nothing (this page's CSP runs no inline script, and there is no page to send).
 */
export function bookmarkletCode(origin: string): string {
  const o = JSON.stringify(origin);
  // The alert is said on another site's page: its words are fixed into the code in the cook's language.
  const blocked = JSON.stringify(t("share.allowPopups"));
  return `javascript:(()=>{const o=${o};const w=window.open(o+"/#/capture","_blank");if(!w){alert(${blocked});return}addEventListener("message",e=>{if(e.source!==w||e.origin!==o||!e.data||e.data.type!==${JSON.stringify(READY)})return;w.postMessage({type:${JSON.stringify(PAGE)},url:location.href,title:document.title,html:document.documentElement.outerHTML},o)})})()`;
}

export function bookmarkletSection(): HTMLElement {
  const code = bookmarkletCode(location.origin);
  return el(
    "section",
    { class: "bookmarklet-box" },
    el("h2", {}, t("share.saveFromAnyPage")),
    el("p", {}, t("share.dragThis")),
    el(
      "p",
      {},
      el(
        "a",
        {
          class: "bookmarklet",
          href: code,
          title: t("share.dragMe"),
          onclick: (e: Event) => e.preventDefault(),
        },
        t("share.saveToLadle"),
      ),
    ),
    el("p", { class: "muted" }, t("share.orExtension")),
    el("p", { class: "muted" }, t("share.phoneInstall")),
  );
}

addScreen({ path: "share", render: (arg?: string) => renderShare(arg) });
addScreen({ path: "capture", render: () => renderCapture() });
