// Shared helpers of Ladle's web UI: plain ES modules over the JSON API. DOM is built with textContent only.
// Each screen lives in its own module and registers its routes with addScreen(); app.js imports them.
export const app = document.getElementById("app");
const status = document.getElementById("status");

/** Creates an element: el("p", { class: "x" }, "text", child...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "value") node.value = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat())
    if (c !== null && c !== undefined && c !== false) node.append(c instanceof Node ? c : String(c));
  return node;
}

export function announce(text) {
  status.textContent = text;
}

export function threadId() {
  let id = sessionStorage.getItem("ladle.thread");
  if (!id) sessionStorage.setItem("ladle.thread", (id = crypto.randomUUID()));
  return id;
}

/** Calls the API; answers { ok, status, body }. A 401 asks for a token once. */
export async function api(method, path, body, headers = {}) {
  const token = sessionStorage.getItem("ladle.token");
  if (token) shareTokenWithImages(token);
  const res = await fetch(path, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { message: text };
  }
  if (res.status === 401) {
    // The sign-in form replaces the screen: a render still waiting on its own calls must not
    // draw over it (stillShown() turns false), or the user would see an error and no form.
    shownScreen++;
    renderToken(
      token || document.body.dataset.signedIn ? "Your sign-in has ended; please sign in again." : undefined,
    );
  }
  return { ok: res.ok, status: res.status, body: data, etag: res.headers.get("etag") };
}

/**
 * `<img>` cannot send a bearer token: for a token sign-in, a cookie scoped to the image proxy
 * carries it (a password sign-in's session cookie already reaches it).
 */
export function shareTokenWithImages(token) {
  document.cookie = `ladle_image_token=${encodeURIComponent(token)}; Path=/api/images/; SameSite=Strict${
    location.protocol === "https:" ? "; Secure" : ""
  }`;
}

/** The bearer header of a token sign-in (a password sign-in's cookie goes by itself). */
export function authHeaders() {
  const token = sessionStorage.getItem("ladle.token");
  return token ? { authorization: `Bearer ${token}` } : {};
}

let following = null;

/**
 * Reads a job's SSE stream at `path`, calling `onEvent` with each event's data, until it ends or
 * another stream is followed (one at a time per tab). fetch, not EventSource: it can send the
 * token header. Resolves when the stream ends, is dropped or is replaced.
 */
export async function followEvents(path, onEvent) {
  following?.abort();
  const ctl = new AbortController();
  following = ctl;
  try {
    const res = await fetch(path, { headers: authHeaders(), signal: ctl.signal });
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += value;
      let at;
      while ((at = buf.indexOf("\n\n")) >= 0) {
        const block = buf.slice(0, at);
        buf = buf.slice(at + 2);
        const data = block.split("\n").find((l) => l.startsWith("data:"));
        if (data) onEvent(JSON.parse(data.slice(5)));
      }
    }
  } catch {
    // aborted or dropped: callers fetch the final state either way
  }
}

export function errorBox(body) {
  return el("p", { class: "error", role: "alert" }, body?.message ?? "Something went wrong.");
}

export function safeUrl(u) {
  return typeof u === "string" && /^https?:\/\//i.test(u) ? u : null;
}

/**
 * The sign-in screen: a name and password (the server sets an HttpOnly session cookie), or an API
 * token kept for this tab only. `message` says why it is shown again.
 */
export function renderToken(message) {
  const name = el("input", { type: "text", id: "signin-name", autocomplete: "username", required: true });
  const password = el("input", {
    type: "password",
    id: "signin-password",
    autocomplete: "current-password",
    required: true,
  });
  const problemBox = el("p", { class: "error", role: "alert", hidden: !message }, message ?? "");
  const token = el("input", { type: "password", id: "token", autocomplete: "off" });
  const form = el(
    "form",
    {
      class: "signin",
      onsubmit: async (e) => {
        e.preventDefault();
        const res = await fetch("/api/session", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: name.value.trim(), password: password.value }),
        });
        const body = await res.json().catch(() => null);
        if (!res.ok) {
          problemBox.hidden = false;
          problemBox.textContent = body?.message ?? "Signing in did not work; try again.";
          password.select();
          return;
        }
        sessionStorage.removeItem("ladle.token");
        document.dispatchEvent(new CustomEvent("ladle:signed-in"));
        route();
      },
    },
    el("label", { for: "signin-name" }, "Name"),
    name,
    el("label", { for: "signin-password" }, "Password"),
    password,
    problemBox,
    el("div", { class: "actions" }, el("button", { type: "submit" }, "Sign in")),
  );
  app.replaceChildren(
    el("h1", {}, "Sign in"),
    el("p", {}, "Sign in to see your recipes, articles and bookmarks."),
    form,
    el(
      "details",
      { class: "token-signin" },
      el("summary", {}, "Use an API token instead"),
      el("label", { for: "token" }, "Token"),
      token,
      el(
        "div",
        { class: "actions" },
        el(
          "button",
          {
            type: "button",
            onclick: () => {
              sessionStorage.setItem("ladle.token", token.value.trim());
              document.dispatchEvent(new CustomEvent("ladle:signed-in"));
              route();
            },
          },
          "Continue",
        ),
      ),
    ),
  );
  name.focus();
}

const screens = [];

/**
 * Registers a screen: `path` is the first segment after `#/` ("" for the home screen); `render`
 * gets the remaining segments. `nav` (optional) adds a link to the top bar, in registration order.
 */
export function addScreen({ path, nav, render }) {
  screens.push({ path, render });
  if (nav) {
    const bar = document.querySelector("header.top nav");
    bar?.append(el("a", { href: `#/${path}` }, nav));
  }
}

let shownScreen = 0;

/**
 * For a screen's render, taken when it starts: a check that it is still the screen the user is
 * on. A render that waited for the server must not replace a screen the user opened meanwhile.
 */
export function stillShown() {
  const gen = shownScreen;
  return () => gen === shownScreen;
}

/** Renders the screen for the current hash. */
export function route() {
  shownScreen++;
  const [first = "", ...rest] = location.hash.replace(/^#\/?/, "").split("/");
  const screen = screens.find((s) => s.path === first) ?? screens.find((s) => s.path === "");
  void screen?.render(...rest);
  app.focus();
}

/** Starts routing once every screen module has registered. */
export function startRouter() {
  window.addEventListener("hashchange", route);
  route();
}

const reviewPanels = [];

/**
 * Adds a panel to the review screen of a task (discovery's candidate list, normalization's diff):
 * `render(task)` returns a node, or null when it has nothing to show for this task.
 */
export function addReviewPanel(render) {
  reviewPanels.push(render);
}

/** The registered review panels for a task. */
export function reviewPanelsFor(task) {
  return reviewPanels.map((render) => render(task)).filter(Boolean);
}

const recipePanels = [];

/** Adds a panel to a stored recipe's screen (normalization, version history): `render(recipe)` → node or null. */
export function addRecipePanel(render) {
  recipePanels.push(render);
}

/** The registered recipe panels for a recipe. */
export function recipePanelsFor(recipe) {
  return recipePanels.map((render) => render(recipe)).filter(Boolean);
}
