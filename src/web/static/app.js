// Ladle's web UI: plain ES modules over the JSON API. DOM is built with textContent only.
const app = document.getElementById("app");
const status = document.getElementById("status");

/** Creates an element: el("p", { class: "x" }, "text", child...). */
function el(tag, attrs = {}, ...children) {
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

function announce(text) {
  status.textContent = text;
}

function threadId() {
  let id = sessionStorage.getItem("ladle.thread");
  if (!id) sessionStorage.setItem("ladle.thread", (id = crypto.randomUUID()));
  return id;
}

/** Calls the API; answers { ok, status, body }. A 401 asks for a token once. */
async function api(method, path, body, headers = {}) {
  const token = sessionStorage.getItem("ladle.token");
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
  if (res.status === 401) renderToken();
  return { ok: res.ok, status: res.status, body: data, etag: res.headers.get("etag") };
}

function errorBox(body) {
  return el(
    "p",
    { class: "error", role: "alert" },
    body?.code ? `${body.code}: ` : "",
    body?.message ?? "Something went wrong.",
  );
}

function safeUrl(u) {
  return typeof u === "string" && /^https?:\/\//i.test(u) ? u : null;
}

function renderToken() {
  const input = el("input", { type: "password", id: "token", autocomplete: "off" });
  app.replaceChildren(
    el("h1", {}, "Sign in"),
    el("p", {}, "This Ladle server needs an API token."),
    el("label", { for: "token" }, "Token"),
    input,
    el(
      "div",
      { class: "actions" },
      el(
        "button",
        { onclick: () => (sessionStorage.setItem("ladle.token", input.value.trim()), route()) },
        "Continue",
      ),
    ),
  );
}

function renderImport() {
  const url = el("input", {
    type: "url",
    id: "url",
    required: true,
    placeholder: "https://example.com/recipes/...",
  });
  const render = el(
    "select",
    { id: "render" },
    el("option", { value: "" }, "auto"),
    el("option", { value: "never" }, "never"),
    el("option", { value: "always" }, "always"),
  );
  const out = el("div");
  const form = el(
    "form",
    {
      onsubmit: async (e) => {
        e.preventDefault();
        out.replaceChildren(el("p", { class: "muted" }, "Creating the import…"));
        const payload = {
          mode: "Url",
          url: url.value.trim(),
          ...(render.value ? { render: render.value } : {}),
        };
        const r = await api("POST", "/api/tasks", { agentType: "Ingest", threadId: threadId(), payload });
        if (!r.ok) return out.replaceChildren(errorBox(r.body));
        const seen = JSON.parse(sessionStorage.getItem("ladle.tasks") ?? "[]");
        sessionStorage.setItem(
          "ladle.tasks",
          JSON.stringify([{ id: r.body.taskId, url: payload.url }, ...seen].slice(0, 20)),
        );
        location.hash = `#/tasks/${r.body.taskId}`;
      },
    },
    el("label", { for: "url" }, "Recipe URL"),
    url,
    el("label", { for: "render" }, "Browser rendering"),
    render,
    el("div", { class: "actions" }, el("button", { type: "submit" }, "Import")),
  );
  const recent = JSON.parse(sessionStorage.getItem("ladle.tasks") ?? "[]");
  app.replaceChildren(
    el("h1", {}, "Import a recipe"),
    el("div", { class: "card" }, form, out),
    recent.length
      ? el(
          "section",
          { class: "card" },
          el("h2", {}, "This session"),
          el(
            "ul",
            { class: "plain" },
            recent.map((t) => el("li", {}, el("a", { href: `#/tasks/${t.id}` }, t.url))),
          ),
        )
      : null,
  );
  url.focus();
}

let source = null;

function renderTask(id) {
  source?.close();
  const bar = el("progress", { max: 100, value: 0, "aria-label": "Import progress" });
  const phase = el("p", { class: "muted" }, "Waiting for a worker…");
  const body = el("div");
  app.replaceChildren(el("h1", {}, "Import"), el("div", { class: "card" }, bar, phase), body);
  const done = async () => {
    source?.close();
    const t = await api("GET", `/api/tasks/${id}`);
    if (!t.ok) return body.replaceChildren(errorBox(t.body));
    renderReview(t.body, t.etag, body);
  };
  source = new EventSource(`/api/tasks/${id}/events`);
  source.addEventListener("ingest.progress", (e) => {
    const d = JSON.parse(e.data);
    bar.value = d.progress ?? 0;
    phase.textContent = `${d.status}${d.phase ? ` · ${d.phase}` : ""} · ${d.progress ?? 0}%`;
    announce(phase.textContent);
    if (["ReviewReady", "Committed", "Rejected", "Expired", "Failed"].includes(d.status)) void done();
  });
  source.onerror = () => void done();
}

function renderReview(task, etag, into) {
  if (task.status === "Failed") {
    return into.replaceChildren(
      el(
        "div",
        { class: "card" },
        el("h2", {}, "The import failed"),
        errorBox(task.error),
        artifactLinks(task.taskId),
      ),
    );
  }
  if (task.status !== "ReviewReady") {
    return into.replaceChildren(
      el(
        "div",
        { class: "card" },
        el("p", {}, `This task is ${task.status}.`),
        task.recipeId ? el("a", { href: `#/recipes/${task.recipeId}` }, "Open the recipe") : null,
      ),
    );
  }
  const draft = task.result.draft;
  const r = structuredClone(draft.recipe);
  const field = (label, key, type = "text") => {
    const id = `f-${key}`;
    const input = el(type === "textarea" ? "textarea" : "input", {
      id,
      type: type === "textarea" ? undefined : type,
      value: r[key] ?? "",
    });
    input.addEventListener(
      "input",
      () => (r[key] = type === "number" ? Number(input.value || 0) : input.value),
    );
    return [el("label", { for: id }, label), input];
  };
  const ingredients = r.ingredients.map((ing, i) => {
    const input = el("input", { type: "text", value: ing.text, "aria-label": `Ingredient ${i + 1}` });
    input.addEventListener(
      "input",
      () =>
        (r.ingredients[i] = {
          ...ing,
          text: input.value,
          name: input.value,
          quantity: 0,
          unit: null,
          confidence: 0.4,
        }),
    );
    return el(
      "div",
      { class: "ing" },
      input,
      el("span", { class: "muted" }, [ing.quantity || "", ing.unit ?? "", ing.name].join(" ").trim()),
    );
  });
  const steps = r.instructions.map((s, i) => {
    const ta = el("textarea", { "aria-label": `Step ${i + 1}`, value: s.text });
    ta.addEventListener("input", () => (r.instructions[i] = { ...s, text: ta.value }));
    return el("li", {}, s.section ? el("p", { class: "muted" }, s.section) : null, ta);
  });
  const ack = el("input", { type: "checkbox", id: "ack" });
  const out = el("div");
  const commit = async () => {
    const rr = await api(
      "POST",
      "/api/recipes/import",
      { taskId: task.taskId, draftRecipe: r, acknowledgeGuardrail: ack.checked },
      etag ? { "if-match": etag } : {},
    );
    if (!rr.ok) {
      const hint =
        rr.status === 410
          ? "The draft expired; import the page again."
          : rr.status === 409
            ? "Someone else acted on this draft first; reload it."
            : rr.body?.code === "GUARDRAIL_VIOLATION"
              ? "Paraphrase the flagged steps or tick the acknowledgement."
              : null;
      return out.replaceChildren(errorBox(rr.body), hint ? el("p", {}, hint) : null);
    }
    location.hash = `#/recipes/${rr.body.recipe.id}`;
  };
  const reject = async () => {
    const rr = await api("POST", `/api/tasks/${task.taskId}/reject`, { reason: "rejected in the web UI" });
    if (!rr.ok) return out.replaceChildren(errorBox(rr.body));
    location.hash = "#/";
  };
  const v = draft.validation;
  into.replaceChildren(
    el(
      "div",
      { class: "card" },
      el("h2", {}, "Review the draft"),
      el(
        "p",
        { class: "muted" },
        "Source: ",
        safeUrl(draft.source.url)
          ? el(
              "a",
              { href: draft.source.url, rel: "noopener noreferrer nofollow", target: "_blank" },
              draft.source.siteName ?? draft.source.url,
            )
          : draft.source.url,
        ` · ${draft.source.extractionMethod} · retrieved ${new Date(draft.source.retrievedAt).toLocaleString()}`,
        draft.source.author ? ` · by ${draft.source.author}` : "",
      ),
      v.errors.length
        ? el(
            "ul",
            { class: "error" },
            v.errors.map((e) => el("li", {}, e)),
          )
        : null,
      v.warnings.length
        ? el(
            "ul",
            { class: "warning" },
            v.warnings.map((w) => el("li", {}, w)),
          )
        : null,
      draft.similarity
        ? el(
            "p",
            { class: draft.similarity.violatesPolicy ? "error" : "muted" },
            `Paraphrase check: longest verbatim run ${draft.similarity.maxContiguousTokenOverlap} tokens, step similarity ${draft.similarity.maxNgramSimilarity}`,
          )
        : null,
      safeUrl(r.imageUrl) ? el("img", { class: "hero", src: r.imageUrl, alt: "" }) : null,
      ...field("Name", "name"),
      ...field("Description", "description", "textarea"),
      el(
        "div",
        { class: "row" },
        el("div", {}, ...field("Servings", "servings", "number")),
        el("div", {}, ...field("Prep (min)", "prepTimeMinutes", "number")),
        el("div", {}, ...field("Cook (min)", "cookTimeMinutes", "number")),
        el("div", {}, ...field("Total (min)", "totalTimeMinutes", "number")),
      ),
      el("h3", {}, "Ingredients"),
      ingredients,
      el("h3", {}, "Steps"),
      el("ol", {}, steps),
      draft.similarity?.violatesPolicy
        ? el(
            "p",
            {},
            ack,
            " ",
            el(
              "label",
              { for: "ack", style: undefined },
              "I reviewed the verbatim text and commit it anyway (recorded)",
            ),
          )
        : null,
      el(
        "div",
        { class: "actions" },
        el("button", { onclick: commit }, "Commit"),
        el("button", { class: "secondary", onclick: reject }, "Reject"),
      ),
      out,
      artifactLinks(task.taskId),
    ),
  );
}

function artifactLinks(taskId) {
  const list = el("ul", { class: "plain" });
  void api("GET", `/api/tasks/${taskId}/artifacts`).then((r) => {
    if (r.ok)
      list.replaceChildren(
        ...r.body.artifacts.map((a) =>
          el(
            "li",
            {},
            el("a", { href: a.href, target: "_blank", rel: "noopener" }, a.name),
            el("span", { class: "muted" }, ` ${a.size} bytes${a.truncated ? ", truncated" : ""}`),
          ),
        ),
      );
  });
  return el("details", {}, el("summary", {}, "Artifacts"), list);
}

async function renderRecipes(page = 1) {
  const r = await api("GET", `/api/recipes?page=${page}&pageSize=20`);
  if (!r.ok) return app.replaceChildren(errorBox(r.body));
  const { items, total, pageSize } = r.body;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  app.replaceChildren(
    el("h1", {}, `Recipes (${total})`),
    items.length
      ? el(
          "ul",
          { class: "plain" },
          items.map((x) =>
            el(
              "li",
              {},
              el("a", { href: `#/recipes/${x.id}` }, x.name),
              el(
                "span",
                { class: "muted" },
                ` · ${x.source?.siteName ?? ""} · ${new Date(x.createdAt).toLocaleDateString()}`,
              ),
            ),
          ),
        )
      : el("p", {}, "Nothing committed yet."),
    el(
      "div",
      { class: "actions" },
      el(
        "button",
        { class: "secondary", disabled: page <= 1, onclick: () => renderRecipes(page - 1) },
        "Previous",
      ),
      el("span", { class: "muted" }, `Page ${page} of ${pages}`),
      el(
        "button",
        { class: "secondary", disabled: page >= pages, onclick: () => renderRecipes(page + 1) },
        "Next",
      ),
    ),
  );
}

async function renderRecipe(id) {
  const r = await api("GET", `/api/recipes/${id}`);
  if (!r.ok) return app.replaceChildren(errorBox(r.body));
  const x = r.body;
  app.replaceChildren(
    el("h1", {}, x.name),
    el(
      "p",
      { class: "muted" },
      `Recipe ${x.id}`,
      x.source && safeUrl(x.source.url)
        ? [
            " · from ",
            el(
              "a",
              { href: x.source.url, rel: "noopener noreferrer nofollow", target: "_blank" },
              x.source.siteName ?? x.source.url,
            ),
          ]
        : null,
    ),
    safeUrl(x.imageUrl) ? el("img", { class: "hero", src: x.imageUrl, alt: "" }) : null,
    x.description ? el("p", {}, x.description) : null,
    el(
      "p",
      { class: "muted" },
      `Serves ${x.servings || "?"} · prep ${x.prepTimeMinutes} min · cook ${x.cookTimeMinutes} min`,
    ),
    el("h2", {}, "Ingredients"),
    el(
      "ul",
      {},
      x.ingredients.map((i) => el("li", {}, i.text)),
    ),
    el("h2", {}, "Steps"),
    el(
      "ol",
      {},
      x.instructions.map((s) => el("li", {}, s.text)),
    ),
    x.guardrailOverride
      ? el(
          "p",
          { class: "warning" },
          `Committed with a paraphrase-guardrail override by ${x.guardrailOverride.acknowledgedBy ?? "someone"}.`,
        )
      : null,
  );
}

function route() {
  const [, a, b] = location.hash.replace(/^#\/?/, "/").split("/");
  if (a === "tasks" && b) renderTask(b);
  else if (a === "recipes" && b) void renderRecipe(b);
  else if (a === "recipes") void renderRecipes();
  else renderImport();
  app.focus();
}

window.addEventListener("hashchange", route);
route();
