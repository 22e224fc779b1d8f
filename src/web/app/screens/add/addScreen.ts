// "Add a recipe" (one way to add anything): a web page, a search, the cook's own words, a
// file or a photo. Each becomes an import task whose draft waits in the same review (screens/review's
// progress and review screens, #/tasks/<id>); nothing is saved before the cook says so. The copy
// check is for someone else's words: web pages always, text and files when the cook says so.
import type { Problem } from "../../api/client.ts";
import { t } from "../../i18n/i18n.ts";
import { addScreen, answer, app, client, el, errorBox, stillShown, threadId } from "../../lib.ts";
import { filePicker } from "../../ui/filePicker.ts";
import { renderInbox } from "./inbox.ts";
import { promptChoices, promptPayload } from "./promptChoices.ts";

const VIDEO_HOSTS = /(^|\.)(youtube\.com|youtu\.be|vimeo\.com|tiktok\.com|dailymotion\.com)$/i;

/** What the server's refusal means for a cook, and what to do (the one table, ui/messages.ts). */
const problem = (body: Problem): HTMLElement => errorBox(body);

/** Where a card says what is happening, or why it did not start. */
const answerBox = () => el("div", { class: "add-answer", "aria-live": "polite" });

/** Starts an import task and opens its progress; a refusal is said in `out`. */
async function start(out: HTMLElement, payload: Record<string, unknown>): Promise<void> {
  out.replaceChildren(el("p", { class: "muted", role: "status" }, t("add.starting")));
  const r = await answer(
    client.POST("/api/tasks", { body: { agentType: "Ingest", threadId: threadId(), payload } }),
  );
  if (!r.ok) return void out.replaceChildren(problem(r.body));
  location.hash = `#/tasks/${r.body.taskId}`;
}

/** The "Someone else wrote this" box of the text and file cards. */
function theirsBox(id: string): { node: HTMLElement; words: () => "mine" | "someone_else" } {
  const box = el("input", { type: "checkbox", id });
  return {
    node: el("label", { class: "imports-theirs", for: id }, box, ` ${t("add.someoneElseWrote")}`),
    words: () => (box.checked ? "someone_else" : "mine"),
  };
}

function pageCard(prompts: Awaited<ReturnType<typeof promptChoices>>): HTMLElement {
  const out = answerBox();
  const url = el("input", { type: "url", id: "url", required: true, placeholder: "https://…" });
  const render = el(
    "select",
    { id: "render" },
    el("option", { value: "" }, t("add.renderWhenNeeded")),
    el("option", { value: "never" }, t("add.renderNever")),
    el("option", { value: "always" }, t("add.renderAlways")),
  );
  const submit = (e: Event) => {
    e.preventDefault();
    const address = url.value.trim();
    let hostName: string;
    try {
      hostName = new URL(address).hostname;
    } catch {
      return void out.replaceChildren(problem({ message: t("add.notAnAddress") }));
    }
    // A cooking video's page: its recipe data, transcript or description (the import readers).
    if (VIDEO_HOSTS.test(hostName))
      return void start(out, { mode: "Source", sourceType: "video", sourceRef: address });
    void start(out, {
      mode: "Url",
      url: address,
      ...(render.value ? { render: render.value } : {}),
      ...promptPayload(prompts.chosen),
    });
  };
  return el(
    "form",
    { class: "card add-card", "aria-labelledby": "add-page-h", onsubmit: submit },
    el("h2", { id: "add-page-h" }, t("add.pageHeading")),
    el("label", { for: "url" }, t("add.pageAddressLabel")),
    url,
    el(
      "details",
      { class: "more" },
      el("summary", {}, t("add.moreChoices")),
      el("label", { for: "render" }, t("add.renderLabel")),
      render,
      prompts.box,
    ),
    el("div", { class: "actions" }, el("button", { type: "submit" }, t("add.importPageButton"))),
    out,
  );
}

function searchCard(): HTMLElement {
  const out = answerBox();
  const query = el("input", {
    type: "search",
    id: "add-query",
    required: true,
    placeholder: t("add.searchPlaceholder"),
  });
  return el(
    "form",
    {
      class: "card add-card",
      "aria-labelledby": "add-search-h",
      onsubmit: (e: Event) => {
        e.preventDefault();
        if (query.value.trim())
          void start(out, { mode: "Query", query: query.value.trim(), constraints: {} });
      },
    },
    el("h2", { id: "add-search-h" }, t("add.searchHeading")),
    el("label", { for: "add-query" }, t("add.searchLabel")),
    query,
    el("p", { class: "muted small" }, t("add.searchNote")),
    el("div", { class: "actions" }, el("button", { type: "submit" }, t("add.searchButton"))),
    out,
  );
}

function textCard(): HTMLElement {
  const out = answerBox();
  const text = el("textarea", {
    id: "add-text",
    rows: 7,
    placeholder: t("add.textPlaceholder"),
  });
  const theirs = theirsBox("add-text-theirs");
  return el(
    "form",
    {
      class: "card add-card",
      "aria-labelledby": "add-text-h",
      onsubmit: (e: Event) => {
        e.preventDefault();
        if (!text.value.trim()) return void out.replaceChildren(problem({ message: t("add.nothingToRead") }));
        void start(out, { mode: "Source", sourceType: "text", sourceRef: text.value, words: theirs.words() });
      },
    },
    el("h2", { id: "add-text-h" }, t("add.textHeading")),
    el("label", { for: "add-text" }, t("add.textLabel")),
    text,
    theirs.node,
    el("div", { class: "actions" }, el("button", { type: "submit" }, t("add.readTextButton"))),
    out,
  );
}

const KINDS = { pdf: "pdf", image: "image", captions: "video", text: "text" } as const;

function fileCard(): HTMLElement {
  const out = answerBox();
  const theirs = theirsBox("add-file-theirs");
  const send = async (f: File | undefined) => {
    if (!f) return;
    out.replaceChildren(el("p", { class: "muted", role: "status" }, t("add.uploading", { name: f.name })));
    const up = await answer(
      client.POST("/v1/uploads", {
        // The file's bytes as they are: the generated types call a binary body a string, so the
        // declared body is empty and the serializer hands the file to fetch.
        body: "",
        bodySerializer: () => f,
        headers: { "content-type": "application/octet-stream" },
      }),
    );
    if (!up.ok) {
      return void out.replaceChildren(problem(up.body));
    }
    const sourceType = KINDS[up.body.kind];
    // Captions are a video's words: someone else's, always.
    const words = sourceType === "video" ? "someone_else" : theirs.words();
    await start(out, { mode: "Source", sourceType, sourceRef: up.body.token, words });
  };
  const file = el("input", {
    type: "file",
    id: "add-file",
    accept: ".pdf,.jpg,.jpeg,.png,.webp,.heic,.txt,.vtt,.srt,application/pdf,image/*,text/plain,text/vtt",
  });
  file.addEventListener("change", () => void send(file.files?.[0]));
  // On a phone, the camera straight away.
  const photo = el("input", { type: "file", id: "add-photo", accept: "image/*", capture: "environment" });
  photo.addEventListener("change", () => void send(photo.files?.[0]));
  const drop = el(
    "section",
    { class: "card add-card imports-drop", "aria-labelledby": "add-file-h" },
    el("h2", { id: "add-file-h" }, t("add.fileHeading")),
    el("p", { class: "muted small" }, t("add.fileNote")),
    filePicker(file, t("add.chooseFile")),
    filePicker(photo, t("add.takePhoto")),
    theirs.node,
    out,
  );
  drop.addEventListener("dragover", (e) => {
    e.preventDefault();
    drop.classList.add("over");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    void send(e.dataTransfer?.files?.[0]);
  });
  return drop;
}

export async function renderAdd(): Promise<void> {
  const shown = stillShown();
  const prompts = await promptChoices();
  // The cook opened another screen meanwhile: it stays.
  if (!shown()) return;
  const inbox = el("section", { class: "card", "aria-labelledby": "inbox-h" });
  app.replaceChildren(
    el("h1", {}, t("add.addHeading")),
    el("p", { class: "muted" }, t("add.addIntro")),
    el("div", { class: "add-grid" }, pageCard(prompts), searchCard(), textCard(), fileCard()),
    inbox,
  );
  document.getElementById("url")?.focus();
  await renderInbox(inbox);
}

addScreen({ path: "", nav: () => t("nav.addRecipe"), render: () => renderAdd() });
// Older links to "Add from file or text" (and its jobs) open the one Add screen.
addScreen({ path: "add", render: () => renderAdd() });
