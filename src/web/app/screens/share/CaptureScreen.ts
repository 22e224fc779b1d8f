// A page sent from the cook's own browser: the bookmarklet opens this screen in a Ladle window and
// hands it the page as the browser shows it (its document, address and title) with postMessage.
// Only the window that opened this one is listened to; the cook sees what arrived and sends it
// from here, Ladle's own page, with their own sign-in (no other site ever posts to Ladle).
import type { components } from "../../api/schema.gen.ts";
import type { Task } from "../../api/types.ts";
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

const KINDS: { value: CaptureKind; label: string; hint: string }[] = [
  { value: "recipe", label: "A recipe", hint: "read into a draft you check before it is saved" },
  { value: "article", label: "An article", hint: "kept to read later, without the site's clutter" },
  { value: "bookmark", label: "A bookmark", hint: "the address, its title and a short summary" },
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
    el("legend", {}, "Save it as"),
    KINDS.map((k, i) =>
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
    out.replaceChildren(el("p", { class: "muted" }, "Sending the page to Ladle…"));
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
  const button = el("button", { type: "button", onclick: send }, "Send to Ladle");
  app.replaceChildren(
    heading,
    el(
      "section",
      { class: "card" },
      el("h2", {}, page.title || "A page without a title"),
      el("p", { class: "shared-url" }, page.url),
      el(
        "p",
        { class: "muted" },
        `The page as your browser shows it (${kb(page.html)} KB). Ladle reads this copy and does not visit the site itself.`,
      ),
      choice,
      el("div", { class: "actions" }, button, el("a", { href: "#/" }, "Cancel")),
      out,
    ),
  );
  button.focus();
}

function renderCapture(): void {
  const heading = el("h1", {}, "Send a page to Ladle");
  const opener = window.opener as Window | null;
  if (!opener) {
    app.replaceChildren(
      heading,
      el(
        "p",
        {},
        "Nothing was sent. Open the page you want to keep, then click the “Save to Ladle” bookmark (your account screen has it) or the Ladle extension's button.",
      ),
      el("p", {}, el("a", { href: "#/account" }, "Get the bookmark")),
    );
    return;
  }
  app.replaceChildren(heading, el("p", { class: "muted" }, "Waiting for the page…"));
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
    el("h3", { id: "send-from-browser-h" }, "Send it from your browser"),
    el(
      "p",
      {},
      "This site turns Ladle's server away, but it shows you the page. Open it in your browser and send it to Ladle from there: Ladle reads the page as you see it.",
    ),
    el(
      "ol",
      {},
      el(
        "li",
        {},
        typeof url === "string" && /^https?:\/\//i.test(url)
          ? el("a", { href: url, rel: "noopener noreferrer nofollow", target: "_blank" }, "Open the page")
          : "Open the page",
        " (sign in there if the site asks).",
      ),
      el(
        "li",
        {},
        "Click the “Save to Ladle” bookmark, or the Ladle extension's button. No bookmark yet? ",
        el("a", { href: "#/account" }, "Get it from your account screen"),
        ".",
      ),
    ),
  );
}
