// The review editor of an import's draft (its progress, the list and a recipe's page are in
// screens/recipes, the Add screen in screens/add), and the recipes route. This module lays the
// editor out and runs the checks; its parts are in the files beside it. Words on screen are for
// cooks: no internal codes.
import type { Task } from "../../api/types.ts";
import { addScreen, answer, client, el, reviewPanelsFor } from "../../lib.ts";
import { host, inDays } from "../add/inbox.ts";
import { renderEditRecipe } from "../recipes/editRecipe.ts";
import { renderRecipes } from "../recipes/recipeList.ts";
import { renderRecipe } from "../recipes/recipePage.ts";
import { t } from "../../i18n/i18n.ts";
import {
  draftImage,
  fill,
  isSourceKind,
  pageUrl,
  problem,
  type SourceKind,
  tNodes,
} from "../recipes/words.ts";
import { checkPanel } from "./checkPanel.ts";
import { recipeEditor } from "./recipeEditor.ts";
import { isIssues, type Draft, type ReviewContext } from "./reviewContext.ts";
import { saveBar } from "./saveBar.ts";
import { sourcePanel } from "./sourcePanel.ts";
import { sendFromBrowserOffer } from "../share/CaptureScreen.ts";

/** A review-ready task's result, as the import pipeline stores it (TaskState leaves it open). */
type ReviewResult = { draft: Draft };

export function renderReview(task: Task, etag: string | null, into: HTMLElement): void {
  const sourceType = (task.payload as { sourceType?: string } | null)?.sourceType;
  const source = isSourceKind(sourceType) ? sourceType : null;
  if (task.status === "Failed") {
    fill(
      into,
      el(
        "div",
        { class: "card" },
        el(
          "h2",
          {},
          task.error?.code === "TASK_CANCELLED" ? t("review.importCancelled") : t("review.importFailed"),
        ),
        // A text or file import's message is written for what it read; a page's codes have advice.
        source ? problem({ message: task.error?.message }) : problem(task.error),
        source ? null : sendFromBrowserOffer(task),
        el("p", {}, el("a", { href: "#/" }, t("review.tryAgain"))),
        artifactLinks(task.taskId, source),
      ),
      ...reviewPanelsFor(task),
    );
    return;
  }
  if (task.status !== "ReviewReady") {
    fill(
      into,
      el(
        "div",
        { class: "card" },
        el("p", {}, t("review.importIs", { status: task.status })),
        task.recipeId ? el("a", { href: `#/recipes/${task.recipeId}` }, t("review.openRecipe")) : null,
      ),
    );
    return;
  }
  const { draft } = task.result as ReviewResult;
  const fieldNotes = new Map<string, HTMLElement>(); // field → element showing its messages
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ctx: ReviewContext = {
    task,
    draft,
    r: structuredClone(draft.recipe),
    picture: (u) => draftImage(task, u),
    source,
    state: { ack: false, check: null, dupOf: null, dupSeen: "" },
    noteFor: (field) => {
      const n = el("div", { class: "field-note", id: `note-${field.replace(/[^\w]/g, "-")}` });
      fieldNotes.set(field, n);
      return n;
    },
    scheduleCheck: () => {
      clearTimeout(timer);
      timer = setTimeout(() => void runCheck(), 500);
    },
  };
  const { r, state } = ctx;

  const save = saveBar(ctx, { etag, cancelCheck: () => clearTimeout(timer), runCheck });
  // The copy check's findings go above the steps; the editor is drawn before the check answers.
  const guard = el("div", { class: "guard" });
  const editor = recipeEditor(ctx, guard);
  const checks = checkPanel(ctx, {
    into,
    guard,
    fieldNotes,
    drawSteps: editor.drawSteps,
    markFlagged: editor.markFlagged,
    commit: save.commit,
    showGuard: save.showGuard,
  });

  let seq = 0;
  async function runCheck(): Promise<void> {
    const mine = ++seq;
    const c = await answer(
      client.POST("/api/recipes/check", { body: { taskId: task.taskId, draftRecipe: r } }),
    );
    if (mine !== seq) return;
    if (c.ok) checks.show(c.body);
    else {
      const errors = c.body.details?.errors;
      if (errors && state.check)
        checks.show({ ...state.check, errors: isIssues(errors) ? errors : [], warnings: [] });
    }
  }

  const form = el(
    "form",
    {
      class: "card review rx",
      onsubmit: (e: Event) => {
        e.preventDefault();
        void save.commit();
      },
    },
    el("h2", {}, t("review.reviewHeading")),
    el(
      "p",
      { class: "muted" },
      pageUrl(draft.source.url)
        ? tNodes("review.fromPage", {
            site: el(
              "a",
              { href: draft.source.url, rel: "noopener noreferrer nofollow", target: "_blank" },
              draft.source.siteName ?? host(draft.source.url),
            ),
          })
        : t("review.fromSource", { source: source ?? "unknown" }),
      // The facts about the draft, each said whole, joined as a list.
      draft.source.author ? [" · ", t("review.byAuthor", { author: draft.source.author })] : "",
      draft.source.sentFrom === "browser" ? [" · ", t("review.sentFromBrowser")] : "",
      task.expiresAt ? [" · ", t("review.draftExpiry", { expiry: inDays(task.expiresAt) })] : "",
    ),
    // What the draft was read from, folded under the line that names it, to compare line by line.
    sourcePanel(task.taskId, source, r),
    checks.summary,
    checks.dup,
    ...editor.parts,
    save.bar,
    artifactLinks(task.taskId, source),
  );
  fill(
    into,
    el("div", { class: "review-side", "data-source": source ? "" : null }, form),
    ...reviewPanelsFor(task),
  );
  editor.draw();
  void runCheck();
}

/**
 * What Ladle kept of the source, as links. `source` names a text or file import's source ("your
 * text"); null for a page.
 */
function artifactLinks(taskId: string, source: SourceKind | null = null): HTMLElement {
  const links = el("ul", { class: "plain" });
  void answer(client.GET("/api/tasks/{id}/artifacts", { params: { path: { id: taskId } } })).then((r) => {
    if (r.ok)
      fill(
        links,
        ...r.body.artifacts.map((a) =>
          el(
            "li",
            {},
            el("a", { href: a.href, target: "_blank", rel: "noopener" }, a.name),
            " ",
            el(
              "span",
              { class: "muted" },
              t(a.truncated ? "review.artifactSizeShortened" : "review.artifactSize", { size: a.size }),
            ),
          ),
        ),
      );
  });
  return el("details", {}, el("summary", {}, t("review.keptFrom", { source: source ?? "page" })), links);
}

addScreen({
  path: "recipes",
  nav: () => t("nav.recipes"),
  render: (id?: string, sub?: string) =>
    sub === "edit" ? renderEditRecipe(id ?? "") : id ? renderRecipe(id) : renderRecipes(),
});
