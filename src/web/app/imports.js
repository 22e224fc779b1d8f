// "Add from file or text": import a recipe from a link, pasted text, a PDF, a photo or captions
// (/v1/import, /v1/uploads), with live progress and the recipe beside the text it was read from.
import { addScreen, announce, answer, app, client, el, followEvents } from "./lib.ts";

/** The import family's own error words ({ error_code, error_msg }, kept whole in answer()'s Problem). */
function errorMsg(body) {
  return body?.error_msg;
}

const VIDEO_HOSTS = /(^|\.)(youtube\.com|youtu\.be|vimeo\.com|tiktok\.com|dailymotion\.com)$/i;

const FAILURE_TITLES = {
  download_error: "We couldn't download that",
  unsupported_format: "We can't read this kind of file",
  extraction_failed: "We couldn't find a recipe",
  timeout: "This took too long",
  oom: "This file is too big to read here",
};

function problem(title, message) {
  return el(
    "div",
    { class: "error imports-problem", role: "alert" },
    el("strong", {}, title),
    el("p", {}, message),
  );
}

function stageText(status, progress) {
  if (status === "queued") return "Waiting to start…";
  if (status === "completed") return "Done";
  if (status === "failed") return "Stopped";
  if (progress < 25) return "Reading the source…";
  if (progress < 50) return "Preparing the text…";
  if (progress < 90) return "Finding the recipe…";
  return "Saving the recipe…";
}

function renderAdd() {
  const out = el("div", { class: "imports-out" });
  // Whose words a text or file holds: the copy check is for someone else's, never the cook's own.
  const theirs = (id) =>
    el(
      "label",
      { class: "imports-theirs", for: id },
      el("input", { type: "checkbox", id }),
      " Someone else wrote this (a book, a magazine, a website)",
    );
  const textTheirs = theirs("imp-text-theirs");
  const fileTheirs = theirs("imp-file-theirs");
  const wordsFrom = (box) =>
    /** @type {HTMLInputElement} */ (box.querySelector("input")).checked ? "someone_else" : "mine";
  const start = async (source_type, source_ref, words) => {
    out.replaceChildren(el("p", { class: "muted" }, "Starting…"));
    const r = await answer(
      client.POST("/v1/import", { body: { source_type, source_ref, ...(words ? { words } : {}) } }),
    );
    if (!r.ok)
      return out.replaceChildren(problem("That didn't work", errorMsg(r.body) ?? "Please try again."));
    location.hash = `#/add/${r.body.id}`;
  };

  const url = el("input", { type: "url", id: "imp-url", placeholder: "https://…", required: true });
  const urlForm = el(
    "form",
    {
      onsubmit: (e) => {
        e.preventDefault();
        let host;
        try {
          host = new URL(url.value.trim()).hostname;
        } catch {
          return out.replaceChildren(
            problem("That isn't a web address", "Paste a link that starts with https://"),
          );
        }
        void start(VIDEO_HOSTS.test(host) ? "video" : "url", url.value.trim());
      },
    },
    el("label", { for: "imp-url" }, "A recipe page or cooking video"),
    url,
    el("div", { class: "actions" }, el("button", { type: "submit" }, "Import link")),
  );

  const text = el("textarea", {
    id: "imp-text",
    rows: 8,
    placeholder: "Lemon Cake\n\nIngredients\n- 225 g butter\n…\n\nMethod\n1. Heat the oven…",
  });
  const textForm = el(
    "form",
    {
      onsubmit: (e) => {
        e.preventDefault();
        if (!text.value.trim())
          return out.replaceChildren(problem("Nothing to read", "Paste the recipe text first."));
        void start("text", text.value, wordsFrom(textTheirs));
      },
    },
    el("label", { for: "imp-text" }, "Paste a recipe"),
    text,
    textTheirs,
    el("div", { class: "actions" }, el("button", { type: "submit" }, "Read this text")),
  );

  const file = el("input", {
    type: "file",
    id: "imp-file",
    accept: ".pdf,.jpg,.jpeg,.png,.webp,.heic,.txt,.vtt,.srt,application/pdf,image/*,text/plain,text/vtt",
  });
  const sendFile = async (f) => {
    if (!f) return;
    out.replaceChildren(el("p", { class: "muted" }, `Uploading ${f.name}…`));
    const up = await answer(
      client.POST("/v1/uploads", {
        // The file's bytes as they are: the generated types call a binary body a string.
        body: /** @type {string} */ (/** @type {unknown} */ (f)),
        bodySerializer: (b) => b,
        headers: { "content-type": "application/octet-stream" },
      }),
    );
    if (!up.ok)
      return out.replaceChildren(
        problem("We can't use this file", errorMsg(up.body) ?? "Please try another file."),
      );
    const type = { pdf: "pdf", image: "image", captions: "video", text: "text" }[up.body.kind];
    await start(type, up.body.token, type === "video" ? undefined : wordsFrom(fileTheirs));
  };
  file.addEventListener("change", () => void sendFile(file.files?.[0]));
  const drop = el(
    "div",
    { class: "imports-drop", tabindex: "0" },
    el("p", {}, el("strong", {}, "Drop a file here")),
    el("p", { class: "muted" }, "A PDF, a photo of a recipe, or video captions (.vtt, .srt)."),
    el("label", { for: "imp-file", class: "imports-pick" }, "or choose a file"),
    file,
    fileTheirs,
  );
  drop.addEventListener("dragover", (e) => {
    e.preventDefault();
    drop.classList.add("over");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    void sendFile(e.dataTransfer?.files?.[0]);
  });

  const recent = el("div");
  app.replaceChildren(
    el("h1", {}, "Add a recipe from a link, file or text"),
    el(
      "div",
      { class: "imports-grid" },
      el("div", { class: "card" }, urlForm),
      el("div", { class: "card" }, textForm),
      el("div", { class: "card" }, drop),
    ),
    out,
    recent,
  );
  void renderRecent(recent);
}

async function renderRecent(into) {
  const r = await answer(client.GET("/v1/import"));
  if (!r.ok || !r.body.jobs.length) return;
  const words = { queued: "waiting", running: "reading", completed: "added", failed: "not added" };
  into.replaceChildren(
    el("h2", {}, "Your recent imports"),
    el(
      "ul",
      { class: "plain" },
      r.body.jobs
        .slice(0, 10)
        .map((j) =>
          el(
            "li",
            {},
            el("a", { href: `#/add/${j.id}` }, describe(j)),
            " ",
            el("span", { class: j.status === "failed" ? "error" : "muted" }, `· ${words[j.status]}`),
          ),
        ),
    ),
  );
}

function describe(j) {
  if (/^https?:/i.test(j.source_ref)) return j.source_ref.replace(/^https?:\/\//i, "").slice(0, 70);
  const kind = { pdf: "PDF", image: "Photo", video: "Captions", text: "Text" }[j.source_type];
  return /^upl_/.test(j.source_ref)
    ? `${kind} file`
    : `Pasted text: ${j.source_ref.trim().split("\n")[0].slice(0, 50)}`;
}

async function renderJob(id) {
  const bar = el("progress", { max: 100, value: 0, "aria-label": "Import progress" });
  const stage = el("p", { class: "muted" }, "Waiting to start…");
  const body = el("div");
  app.replaceChildren(
    el("p", {}, el("a", { href: "#/add" }, "← Add another")),
    el("h1", {}, "Adding your recipe"),
    el("div", { class: "card" }, bar, stage),
    body,
  );
  await followEvents(
    (signal) => client.GET("/v1/import/{id}/events", { params: { path: { id } }, parseAs: "stream", signal }),
    (e) => {
      bar.value = e.progress;
      stage.textContent = `${stageText(e.status, e.progress)} ${e.progress}%`;
      announce(stage.textContent);
    },
  );
  const res = await answer(client.GET("/v1/import/{id}/result", { params: { path: { id } } }));
  if (!res.ok) return body.replaceChildren(problem("We can't find this import", errorMsg(res.body) ?? ""));
  const { job } = res.body;

  bar.value = job.progress;
  stage.textContent = stageText(job.status, job.progress);
  if (job.status === "failed")
    return body.replaceChildren(
      problem(FAILURE_TITLES[job.error_code] ?? "The import stopped", job.error_msg ?? ""),
      el(
        "div",
        { class: "actions" },
        el("button", { onclick: () => (location.hash = "#/add") }, "Try again"),
      ),
    );
  if (job.status !== "completed") return;
  body.replaceChildren(resultView(res.body));
}

function resultView(res) {
  const r = res.recipe;
  const prov = res.version?.provenance ?? {};
  const validation = res.version?.validation ?? { errors: [], warnings: [] };
  const guard = res.version?.guardrail;
  // The copy check is said once, in plain words; the rest of the report is listed.
  const copyCheck = /paraphrase|similarity|verbatim|overlap/i;
  const checks = [...(validation.errors ?? []), ...(validation.warnings ?? [])].filter(
    (w) => !copyCheck.test(w),
  );
  const readers = {
    url: "read from the web page",
    "video-page": "read from the video page",
    text: "read from your text",
    captions: "read from the captions",
    "pdf-text": "read from the PDF's text",
    "pdf-ocr": "read from the scanned PDF",
    "pdf-text+ocr": "read from the PDF's text and scans",
    "image-ocr": "read from the photo",
  };
  const facts = [
    readers[res.reader] ?? "imported",
    prov.ocrConfidence != null ? `text recognition ${prov.ocrConfidence}% sure` : null,
    res.details?.recipeStartsOnPage ? `recipe starts on page ${res.details.recipeStartsOnPage}` : null,
    res.details?.linkedFromJob ? "the same recipe you added before" : null,
  ].filter(Boolean);
  const recipe = el(
    "section",
    { class: "card imports-recipe", "aria-label": "Recipe" },
    el("h2", {}, r.name || "Untitled recipe"),
    el("p", { class: "muted" }, facts.join(" · ")),
    r.source?.url
      ? el("p", {}, el("a", { href: r.source.url, rel: "noopener noreferrer" }, "Original page"))
      : null,
    guard?.checked === false
      ? el(
          "p",
          { class: "muted" },
          /own words/.test(guard.details ?? "")
            ? "Your own words: the copy check is only for what someone else wrote."
            : "The copy check could not be done: the source gave no text to compare with.",
        )
      : null,
    guard?.violatesPolicy
      ? el(
          "p",
          { class: "warning" },
          "Parts of the steps are copied word for word from the source; reword them before sharing.",
        )
      : null,
    checks.length
      ? el(
          "details",
          {},
          el(
            "summary",
            { class: "warning" },
            checks.length === 1 ? "1 thing to check" : `${checks.length} things to check`,
          ),
          el(
            "ul",
            { class: "warning" },
            checks.map((w) => el("li", {}, w)),
          ),
        )
      : null,
    el("h3", {}, "Ingredients"),
    el(
      "ul",
      {},
      r.ingredients.map((i) => el("li", {}, i.text)),
    ),
    el("h3", {}, "Steps"),
    el(
      "ol",
      {},
      r.instructions.map((s) => el("li", {}, s.text)),
    ),
    el(
      "div",
      { class: "actions" },
      el("a", { href: `#/recipes/${r.id}`, class: "imports-open" }, "Open in my recipes"),
    ),
  );
  const original = el(
    "section",
    { class: "card imports-source", "aria-label": "Original text" },
    el("h2", {}, "Original text"),
    el("pre", {}, res.source_text || "(no text kept)"),
  );
  return el("div", { class: "imports-side" }, recipe, original);
}

addScreen({ path: "add", nav: "Add from file or text", render: (id) => (id ? renderJob(id) : renderAdd()) });
