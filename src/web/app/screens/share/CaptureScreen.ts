// A page sent from the cook's own browser: the bookmarklet opens this screen in a Ladle window and
// hands it the page as the browser shows it (its document, address and title) with postMessage.
// Only the window that opened this one is listened to; the cook sees what arrived and sends it
// from here, Ladle's own page, with their own sign-in (no other site ever posts to Ladle).
import type { components } from "../../api/schema.gen.ts";
import type { Task } from "../../api/types.ts";
import { t } from "../../i18n/i18n.ts";
import { answer, app, client, el, errorBox, stillShown } from "../../lib.ts";

type CaptureKind = components["schemas"]["CaptureKind"];

/** The messages of the hand-over (the bookmarklet's code in bookmarkletSection uses the same names). */
export const READY = "ladle:capture-ready";
export const PAGE = "ladle:capture";

interface SentPage {
  url: string;
  title: string;
  html: string;
}

/** What a sent page can be saved as, in the cook's words (looked up when drawn). */
const kinds = (): { value: CaptureKind; label: string; hint: string }[] => [
  { value: "recipe", label: t("share.kindRecipe"), hint: t("share.hintRecipe") },
  { value: "article", label: t("share.kindArticle"), hint: t("share.hintArticle") },
  { value: "bookmark", label: t("share.kindBookmark"), hint: t("share.hintBookmark") },
];

function sentPage(data: unknown): SentPage | null {
  const d = data as Partial<SentPage> & { type?: unknown };
  if (!d || d.type !== PAGE || typeof d.html !== "string" || typeof d.url !== "string") return null;
  if (!/^https?:\/\//i.test(d.url)) return null;
  return { url: d.url, title: typeof d.title === "string" ? d.title : "", html: d.html };
}

const kb = (s: string) => Math.max(1, Math.round(new Blob([s]).size / 1024));

function showPage(heading: HTMLElement, page: SentPage): void {
  const out = el("div", { "aria-live": "polite" });
  const choice = el(
    "fieldset",
    { class: "capture-kind" },
    el("legend", {}, t("share.saveItAs")),
    kinds().map((k, i) =>
      el(
        "label",
        {},
        el("input", { type: "radio", name: "capture-kind", value: k.value, checked: i === 0 }),
        ` ${k.label} `,
        el("span", { class: "muted" }, `(${k.hint})`),
      ),
    ),
  );
  const send = async (): Promise<void> => {
    button.disabled = true;
    out.replaceChildren(el("p", { class: "muted" }, t("share.sendingPage")));
    const as = (choice.querySelector<HTMLInputElement>("input:checked")?.value ?? "recipe") as CaptureKind;
    const r = await answer(
      client.POST("/api/captures", {
        body: { url: page.url, title: page.title || null, html: page.html, as },
      }),
    );
    if (!r.ok) {
      button.disabled = false;
      out.replaceChildren(errorBox(r.body));
      return;
    }
    location.hash = r.body.screen.replace(/^#?/, "#");
  };
  const button = el("button", { type: "button", onclick: send }, t("share.sendButton"));
  app.replaceChildren(
    heading,
    el(
      "section",
      { class: "card" },
      el("h2", {}, page.title || t("share.untitledPage")),
      el("p", { class: "shared-url" }, page.url),
      el("p", { class: "muted" }, t("share.pageAsShown", { kb: kb(page.html) })),
      choice,
      el("div", { class: "actions" }, button, el("a", { href: "#/" }, t("share.cancel"))),
      out,
    ),
  );
  button.focus();
}

function renderCapture(): void {
  const heading = el("h1", {}, t("share.captureHeading"));
  const opener = window.opener as Window | null;
  if (!opener) {
    app.replaceChildren(
      heading,
      el("p", {}, t("share.nothingSent")),
      el("p", {}, el("a", { href: "#/account" }, t("share.getBookmark"))),
    );
    return;
  }
  app.replaceChildren(heading, el("p", { class: "muted" }, t("share.waitingForPage")));
  const shown = stillShown();
  const onMessage = (e: MessageEvent): void => {
    // Only the window that opened this one: no other page can hand Ladle a document here.
    if (e.source !== opener) return;
    const page = sentPage(e.data);
    if (!page) return;
    window.removeEventListener("message", onMessage);
    if (shown()) showPage(heading, page);
  };
  window.addEventListener("message", onMessage);
  // Nothing but "ready" goes back: the page's own origin is not known yet and needs nothing else.
  opener.postMessage({ type: READY }, "*");
}

export { renderCapture };

/** Answers of a site that serves people but not servers: sign-in needed, forbidden, too many, legal. */
const REFUSING = new Set([401, 403, 407, 429, 451]);

/** Whether a failed import failed because the site refused Ladle's server (not the cook's browser). */
export function refusedTheServer(task: Pick<Task, "status" | "error">): boolean {
  if (task.status !== "Failed" || !task.error) return false;
  const code = task.error.code;
  if (code === "FETCH_BLOCKED" || code === "ROBOTS_DISALLOWED") return true;
  const status = (task.error.details as { status?: unknown } | null | undefined)?.status;
  return code === "FETCH_HTTP_ERROR" && typeof status === "number" && REFUSING.has(status);
}

/**
 * On an import that failed because the site turned Ladle's server away: the way round it, in
 * plain words. The cook's own browser can open the page, so it sends it (the bookmarklet, or
 * the extension); Ladle then reads that copy.
 */
export function sendFromBrowserOffer(task: Task): HTMLElement | null {
  if (!refusedTheServer(task)) return null;
  const url = (task.payload as { url?: unknown } | null)?.url;
  return el(
    "section",
    { class: "send-from-browser", "aria-labelledby": "send-from-browser-h" },
    el("h3", { id: "send-from-browser-h" }, t("share.sendFromBrowserHeading")),
    el("p", {}, t("share.siteRefuses")),
    el(
      "ol",
      {},
      el(
        "li",
        {},
        typeof url === "string" && /^https?:\/\//i.test(url)
          ? el("a", { href: url, rel: "noopener noreferrer nofollow", target: "_blank" }, t("share.openPage"))
          : t("share.openPage"),
        ` ${t("share.signInThere")}`,
      ),
      el(
        "li",
        {},
        `${t("share.clickBookmark")} `,
        el("a", { href: "#/account" }, t("share.getItFromAccount")),
        t("share.getItFromAccountEnd"),
      ),
    ),
  );
}
