// Shared helpers of Ladle's web UI. DOM is built with textContent only (el), or by Preact for the
// screens written as components (mount). Each screen registers its routes with addScreen(); main.ts
// imports them. Every API call goes through the generated client (api/client.ts).
import { render, type ComponentChild } from "preact";
import { answer, client, currentToken, type Problem } from "./api/client.ts";
import type { Recipe, Task } from "./api/types.ts";
import { plainProblem, type RawProblem } from "./ui/messages.ts";
import { registerNavLink, showPlace, type NavLabel } from "./nav.ts";
import { language, t } from "./i18n/i18n.ts";

export { answer, client, type Problem };

export const app = document.getElementById("app") as HTMLElement;
const status = document.getElementById("status") as HTMLElement;

export type Child = Node | string | number | null | undefined | false | Child[];
type Attrs = Record<string, unknown>;

/** Creates an element: el("p", { class: "x" }, "text", child...). `on…` attributes are listeners. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v as EventListener);
    else if (k === "value") (node as HTMLInputElement).value = String(v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  const add = (c: Child): void => {
    if (Array.isArray(c)) c.forEach(add);
    else if (c !== null && c !== undefined && c !== false) node.append(c instanceof Node ? c : String(c));
  };
  children.forEach(add);
  return node;
}

/** replaceChildren that skips null/false children (the DOM method would print "null"); returns the node. */
export function fill<N extends Element>(node: N, ...kids: Child[]): N {
  const out: (Node | string)[] = [];
  const add = (c: Child): void => {
    if (Array.isArray(c)) c.forEach(add);
    else if (c !== null && c !== undefined && c !== false) out.push(c instanceof Node ? c : String(c));
  };
  kids.forEach(add);
  node.replaceChildren(...out);
  return node;
}

/** Renders a Preact screen into the app's main area, replacing what was shown. */
export function mount(vnode: ComponentChild): void {
  // A fresh root per screen: Preact must not diff against nodes the el() screens put there.
  const root = el("div", { class: "screen-root" });
  app.replaceChildren(root);
  render(vnode, root);
}

export function announce(text: string): void {
  status.textContent = text;
}

export function threadId(): string {
  let id = sessionStorage.getItem("ladle.thread");
  if (!id) sessionStorage.setItem("ladle.thread", (id = crypto.randomUUID()));
  return id;
}

/**
 * `<img>` cannot send a bearer token: for a token sign-in, a cookie scoped to the image proxy
 * carries it (a password sign-in's session cookie already reaches it).
 */
export async function shareTokenWithImages(): Promise<void> {
  // The server sets it HttpOnly (no script here can read it back), from the token this tab sends.
  await client.PUT("/api/session/image-cookie").catch(() => undefined);
}

// A 401 from any call: the sign-in form replaces the screen, and a render still waiting on its own
// calls must not draw over it (stillShown() turns false), or the user would see an error and no form.
document.addEventListener("ladle:unauthorized", () => {
  shownScreen++;
  renderToken(currentToken() || document.body.dataset.signedIn ? t("app.signInEnded") : undefined);
});

let following: AbortController | null = null;

/**
 * Reads a job's event stream (its response from the generated client, asked with
 * `parseAs: "stream"` and the signal given), calling `onEvent` with each event's data and name
 * ("message" when unnamed), until it ends, `onEvent` answers "stop", or another stream is followed
 * (one at a time per tab). Resolves when the stream ends, is stopped, dropped or replaced.
 */
export async function followEvents<T>(
  open: (signal: AbortSignal) => Promise<{ response: Response }>,
  onEvent: (data: T, event: string) => void | "stop",
): Promise<void> {
  following?.abort();
  const ctl = new AbortController();
  following = ctl;
  try {
    const { response } = await open(ctl.signal);
    if (!response.ok || !response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += value;
      let at;
      while ((at = buf.indexOf("\n\n")) >= 0) {
        const block = buf.slice(0, at);
        buf = buf.slice(at + 2);
        const lines = block.split("\n");
        const data = lines.find((l) => l.startsWith("data:"));
        const event =
          lines
            .find((l) => l.startsWith("event:"))
            ?.slice(6)
            .trim() || "message";
        // A stream a job keeps open (a draft ready for review) is closed once its reader has heard enough.
        // The stream's events are the route's declared event type (T), as openapi-fetch trusts JSON bodies.
        if (data && onEvent(JSON.parse(data.slice(5)) as T, event) === "stop") return ctl.abort();
      }
    }
  } catch {
    // aborted or dropped: callers fetch the final state either way
  }
}

/**
 * A problem in words for the reader (ui/messages.ts), with the server's own words folded under
 * "Details" for the curious.
 */
export function errorBox(body: RawProblem | null | undefined): HTMLElement {
  const { text, details } = plainProblem(body);
  if (!details) return el("p", { class: "error", role: "alert" }, text);
  return el(
    "div",
    { class: "error", role: "alert" },
    el("p", {}, text),
    el("details", { class: "problem-details" }, el("summary", {}, t("app.details")), el("p", {}, details)),
  );
}

/**
 * A server's note that is not an error answer (why an entry was skipped): shown as it is when it is
 * for people, else the table's fallback with the note under "Details".
 */
export function plainNote(note: string, cls = "muted"): HTMLElement {
  const { text, details } = plainProblem({ message: note });
  return el(
    "div",
    { class: cls },
    text,
    details
      ? el("details", { class: "problem-details" }, el("summary", {}, t("app.details")), el("p", {}, details))
      : null,
  );
}

export function safeUrl(u: unknown): string | null {
  return typeof u === "string" && /^https?:\/\//i.test(u) ? u : null;
}

/**
 * The sign-in screen: a name and password (the server sets an HttpOnly session cookie), or an API
 * token kept for this tab only. `message` says why it is shown again.
 */
export function renderToken(message?: string): void {
  const name = el("input", { type: "text", id: "signin-name", autocomplete: "username", required: true });
  const password = el("input", {
    type: "password",
    id: "signin-password",
    autocomplete: "current-password",
    required: true,
  });
  const problemBox = el("p", { class: "error", role: "alert", hidden: !message }, message ?? "");
  const token = el("input", { type: "password", id: "token", autocomplete: "off" });
  const tokenProblem = el("p", { class: "error", role: "alert", hidden: true });
  const form = el(
    "form",
    {
      class: "signin",
      onsubmit: async (e: Event) => {
        e.preventDefault();
        const res = await answer(
          client.POST("/api/session", { body: { name: name.value.trim(), password: password.value } }),
        );
        if (!res.ok) {
          problemBox.hidden = false;
          // The table's sentence in the person's language (the server's words are English).
          problemBox.textContent =
            res.status === 401 || res.status === 400
              ? res.body.code
                ? plainProblem(res.body).text
                : t("app.signInFailed")
              : plainProblem(res.body).text;
          password.select();
          return;
        }
        sessionStorage.removeItem("ladle.token");
        document.dispatchEvent(new CustomEvent("ladle:signed-in"));
        route();
      },
    },
    el("label", { for: "signin-name" }, t("app.nameLabel")),
    name,
    el("label", { for: "signin-password" }, t("app.passwordLabel")),
    password,
    problemBox,
    el("div", { class: "actions" }, el("button", { type: "submit" }, t("app.signInButton"))),
  );
  // The household's sign-in service, when there is one: its button first; passwords may be off.
  const provider = el("div", { class: "provider-signin", hidden: true });
  void answer(client.GET("/api/welcome")).then((r) => {
    if (!r.ok) return;
    if (r.body.provider) {
      provider.hidden = false;
      provider.replaceChildren(
        // The navigation carries the browser's languages; the one chosen here names a new person's library.
        el(
          "a",
          { class: "button", href: `/api/welcome/oidc/start?lang=${language()}` },
          r.body.provider.label,
        ),
      );
    }
    if (!r.body.passwordSignIn) form.hidden = true;
  });
  app.replaceChildren(
    el("h1", {}, t("app.signInTitle")),
    el("p", {}, t("app.signInIntro")),
    provider,
    form,
    el(
      "details",
      { class: "token-signin" },
      el("summary", {}, t("app.useTokenInstead")),
      el("label", { for: "token" }, t("app.tokenLabel")),
      token,
      tokenProblem,
      el(
        "div",
        { class: "actions" },
        el(
          "button",
          {
            type: "button",
            onclick: async () => {
              const typed = token.value.trim();
              sessionStorage.setItem("ladle.token", typed);
              // Asked first, so a wrong token is said here rather than drawing this form again.
              const who = typed ? await answer(client.GET("/api/session")) : null;
              if (!who?.ok) {
                sessionStorage.removeItem("ladle.token");
                tokenProblem.hidden = false;
                tokenProblem.textContent = typed ? t("app.tokenRefused") : t("app.tokenMissing");
                token.select();
                return;
              }
              await shareTokenWithImages();
              document.dispatchEvent(new CustomEvent("ladle:signed-in"));
              route();
            },
          },
          t("app.continueButton"),
        ),
      ),
    ),
  );
  name.focus();
}

type Screen = { path: string; render: (...rest: string[]) => unknown };
const screens: Screen[] = [];

/**
 * Registers a screen: `path` is the first segment after `#/` ("" for the home screen); `render`
 * gets the remaining segments. `nav` (optional) names its link: nav.ts puts it under its place of
 * the top bar, or in the person's menu.
 */
export function addScreen({
  path,
  nav,
  render,
}: {
  path: string;
  nav?: NavLabel;
  render: Screen["render"];
}): void {
  screens.push({ path, render });
  if (nav) registerNavLink(path, nav);
}

let shownScreen = 0;

/**
 * For a screen's render, taken when it starts: a check that it is still the screen the user is
 * on. A render that waited for the server must not replace a screen the user opened meanwhile.
 */
export function stillShown(): () => boolean {
  const gen = shownScreen;
  return () => gen === shownScreen;
}

let firstScreen = true;

/** Where the cook was on this history entry (kept in its state as they scroll), or null if new. */
function savedScroll(): number | null {
  const y: unknown = (history.state as { scrollY?: unknown } | null)?.scrollY;
  return typeof y === "number" ? y : null;
}

/**
 * Remembers the scroll position in the current history entry, so Back returns to it (the app's
 * screens are drawn after the browser's own restoration would run, so it is done here).
 */
function rememberScroll(): void {
  if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  const save = (): void =>
    history.replaceState({ ...(history.state as object | null), scrollY: window.scrollY }, "");
  let pending = false;
  window.addEventListener(
    "scroll",
    () => {
      if (pending) return;
      pending = true;
      const where = location.href;
      // At most a few writes a second: browsers throttle replaceState.
      setTimeout(() => {
        pending = false;
        // Another screen opened meanwhile (a Save that opens the recipe): this position was not its.
        if (location.href === where) save();
      }, 150);
    },
    { passive: true },
  );
  // A click that opens another screen: the position it was made at, before the hash changes.
  document.addEventListener("click", save, true);
}

/** Renders the screen for the current hash: a new screen opens at its top, a screen returned to where it was left. */
export function route(): void {
  shownScreen++;
  const [first = "", ...rest] = location.hash.replace(/^#\/?/, "").split("/");
  const screen = screens.find((s) => s.path === first) ?? screens.find((s) => s.path === "");
  showPlace(first);
  const back = savedScroll();
  const mine = shownScreen;
  window.scrollTo(0, 0);
  const done = Promise.resolve(screen?.render(...rest));
  void done.finally(() => {
    if (mine !== shownScreen) return;
    window.scrollTo(0, back ?? 0);
  });
  if (firstScreen) {
    firstScreen = false;
    // The browser tests read this mark: the first screen drawn with its data, from navigation start.
    void done.finally(() => performance.mark("ladle:first-screen"));
  }
  // Screen readers start at the new screen; the focus is not drawn around the whole page (app.css).
  app.focus({ preventScroll: true });
}

/** The phone's Menu button: opens and closes the top bar's links; a chosen screen closes them. */
function wireMenu(): void {
  const top = document.querySelector("header.top");
  const toggle = top?.querySelector<HTMLButtonElement>(".menu-toggle");
  if (!top || !toggle) return;
  const set = (open: boolean) => {
    top.classList.toggle("open", open);
    toggle.setAttribute("aria-expanded", String(open));
  };
  toggle.addEventListener("click", () => set(!top.classList.contains("open")));
  window.addEventListener("hashchange", () => set(false));
  // Choosing the screen already shown changes no hash: a chosen link closes the menu all the same.
  top.addEventListener("click", (e) => {
    if (e.target instanceof Element && e.target.closest("a")) set(false);
  });
  document.addEventListener("ladle:signed-in", () => set(false));
}

let started = false;

/** True once the router drew (or is drawing) its first screen. */
export function routerStarted(): boolean {
  return started;
}

/** Starts routing once every screen module has registered. */
export function startRouter(): void {
  started = true;
  wireMenu();
  rememberScroll();
  window.addEventListener("hashchange", route);
  route();
}

type Panel<T> = (subject: T) => Node | null | undefined | false;
const reviewPanels: Panel<Task>[] = [];

/**
 * Adds a panel to the review screen of a task (discovery's candidate list, normalization's diff):
 * `render(task)` returns a node, or null when it has nothing to show for this task.
 */
export function addReviewPanel(render: Panel<Task>): void {
  reviewPanels.push(render);
}

/** The registered review panels for a task. */
export function reviewPanelsFor(task: Task): Node[] {
  return reviewPanels.map((render) => render(task)).filter((n): n is Node => Boolean(n));
}

const recipePanels: Panel<Recipe>[] = [];

/** Adds a panel to a stored recipe's screen (normalization, version history): `render(recipe)` → node or null. */
export function addRecipePanel(render: Panel<Recipe>): void {
  recipePanels.push(render);
}

/** The registered recipe panels for a recipe. */
export function recipePanelsFor(recipe: Recipe): Node[] {
  return recipePanels.map((render) => render(recipe)).filter((n): n is Node => Boolean(n));
}
