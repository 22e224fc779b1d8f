// An import's live progress (#/tasks/<id>): its phase in words, the page being fetched, Cancel;
// then the outcome, which is the draft's review (screens/review) or why it stopped.
import { addScreen, announce, answer, app, client, el, followEvents, stillShown } from "../../lib.ts";
import { renderReview } from "../review/reviewScreen.ts";
import { renderAdd } from "../add/addScreen.ts";
import { t } from "../../i18n/i18n.ts";
import { fill, isSourceKind, phaseWords, problem, statusWords } from "./words.ts";

export function renderTask(id: string): void {
  const visible = stillShown();
  const bar = el("progress", { max: 100, value: 0, "aria-label": t("recipes.importProgress") });
  const phase = el("p", { class: "phase" }, t("recipes.waitingForWorker"));
  const detail = el("p", { class: "muted" });
  const cancel = el(
    "button",
    {
      class: "secondary",
      onclick: async () => {
        const r = await answer(client.POST("/api/tasks/{id}/cancel", { params: { path: { id } } }));
        if (!r.ok) fill(body, problem(r.body));
      },
    },
    t("recipes.cancelImport"),
  );
  const body = el("div");
  const card = el("div", { class: "card progress-card" }, bar, phase, detail, cancel);
  fill(app, el("h1", {}, t("recipes.addingHeading")), card, body);
  let attempts = 0;
  let shown = false;
  let fetching = "";
  /** A text or file import: its first phase reads it (no page is fetched). */
  let reading = "";
  const showFetch = () =>
    (detail.textContent = fetching
      ? attempts > 1
        ? t("recipes.fetchAttempt", { url: fetching, n: attempts })
        : fetching
      : "");
  void answer(client.GET("/api/tasks/{id}", { params: { path: { id } } })).then((task) => {
    // An import's payload (TaskState says unknown: each kind of task has its own).
    const p = task.ok ? (task.body.payload as { url?: string; sourceType?: string } | null) : null;
    fetching = p?.url ?? "";
    reading = isSourceKind(p?.sourceType) ? t("recipes.reading", { source: p.sourceType }) : "";
    if (
      task.ok &&
      ["Pending", "Running"].includes(task.body.status) &&
      (task.body.currentPhase ?? "Ingest.Fetch") === "Ingest.Fetch"
    )
      showFetch();
  });
  const done = async () => {
    if (shown) return;
    shown = true;
    const task = await answer(client.GET("/api/tasks/{id}", { params: { path: { id } } }));
    if (!task.ok) return fill(body, problem(task.body));
    // The outcome speaks for itself: the progress card goes.
    card.remove();
    renderReview(task.body, task.etag, body);
  };
  // The task's events through the generated client (a token sign-in's header goes with it, which an
  // EventSource cannot send); following them here replaces any stream an earlier screen followed.
  // An event's data: the task's state fields, and a fetch's progress (lib.ts followEvents).
  const onEvent = (
    d: {
      state?: string;
      attempts?: number;
      url?: string;
      progress?: number;
      status: string;
      phase?: string | null;
    },
    event: string,
  ): "stop" | undefined => {
    if (event === "ingest.fetch.progress") {
      if (d.state === "started") attempts++;
      if (d.attempts) attempts = d.attempts;
      if (d.url) fetching = d.url;
      showFetch();
      return;
    }
    if (event !== "ingest.progress") return;
    bar.value = d.progress ?? 0;
    const words =
      d.status === "Running" && d.phase
        ? (d.phase === "Ingest.Fetch" && reading) || phaseWords(d.phase)
        : statusWords(d.status);
    phase.textContent = `${words ?? t("recipes.statusRunning")}…`.replace(/……$/, "…");
    if (d.status !== "Running") phase.textContent = words ?? d.status;
    if (d.phase === "Ingest.Fetch" || d.status === "Pending") showFetch();
    else detail.textContent = "";
    announce(phase.textContent);
    if (["ReviewReady", "Committed", "Rejected", "Expired", "Failed"].includes(d.status)) {
      void done();
      return "stop";
    }
  };
  void followEvents(
    (signal) => client.GET("/api/tasks/{id}/events", { params: { path: { id } }, parseAs: "stream", signal }),
    onEvent,
  ).then(() => {
    // Ended or dropped without an outcome: the task's state says what happened (not when the cook left).
    if (visible()) void done();
  });
}

addScreen({ path: "tasks", render: (id?: string) => (id ? renderTask(id) : renderAdd()) });
