// Saving or discarding the reviewed draft: the sticky bar under the form, with the copy check's
// choice beside Save (made before saving, in view), and the save that the form's submit and
// "You already have this" choices call.
import { announce, answer, client, el } from "../../lib.ts";
import type { DuplicateAction } from "../duplicates/DuplicatePanel.ts";
import { t } from "../../i18n/i18n.ts";
import { fill, problem } from "../recipes/words.ts";
import type { Check, ReviewContext } from "./reviewContext.ts";

export type SaveBar = {
  /** The copy choice, Save and Discard. */
  bar: HTMLElement;
  /** Where a refused save says why. */
  out: HTMLElement;
  commit: (duplicateAction?: DuplicateAction) => Promise<void>;
  /** Draws the copy choice for what the last check found (nothing when the words are fine). */
  showGuard: (g: Check["guardrail"]) => void;
};

export function saveBar(
  ctx: ReviewContext,
  {
    etag,
    cancelCheck,
    runCheck,
  }: {
    /** The task's version as read, so a draft someone else acted on meanwhile is not saved over. */
    etag: string | null;
    /** Drops a check still waiting to run: the save checks the draft itself. */
    cancelCheck: () => void;
    runCheck: () => Promise<void>;
  },
): SaveBar {
  const { r, state, task, source } = ctx;
  const out = el("div", { class: "save-out" });
  const choice = el("div", { class: "copy-choice" });
  // Whose words the copied steps are: the messages say "the author's" or "the site's" (ICU select).
  const whose = source ? "author" : "site";
  // Nothing chosen yet: the cook decides before saving, not after a refusal.
  let chosen: "keep" | "rewrite" | null = null;
  let guard: Check["guardrail"] | null = null;

  const firstFlagged = (): void => {
    const step = document.querySelector<HTMLElement>("ol.steps li.flagged textarea");
    step?.scrollIntoView({ block: "center" });
    step?.focus({ preventScroll: true });
  };
  const say = (text: string): void => void fill(out, el("p", { class: "error", role: "alert" }, text));

  const showGuard = (g: Check["guardrail"]): void => {
    guard = g;
    if (!g.violatesPolicy) {
      state.ack = false;
      fill(choice);
      return;
    }
    if (g.policy === "block") {
      state.ack = false;
      fill(choice, el("p", { class: "warning" }, t("review.copiedBlocked", { whose })));
      return;
    }
    state.ack = chosen === "keep";
    const radio = (value: "keep" | "rewrite", label: string): HTMLElement => {
      const id = `copy-${value}`;
      return el(
        "span",
        { class: "choice" },
        el("input", {
          type: "radio",
          name: "copy-choice",
          id,
          value,
          checked: chosen === value,
          onchange: () => {
            chosen = value;
            state.ack = value === "keep";
            fill(out);
            if (value === "rewrite") firstFlagged();
          },
        }),
        el("label", { for: id }, label),
      );
    };
    fill(
      choice,
      el(
        "fieldset",
        { class: "copy-fieldset" },
        el("legend", {}, t("review.copiedLegend", { whose })),
        radio("keep", t("review.keepPersonal")),
        radio("rewrite", t("review.rewrite")),
      ),
    );
  };

  const commit = async (duplicateAction?: DuplicateAction): Promise<void> => {
    cancelCheck();
    if (state.check?.duplicates?.length && !duplicateAction) {
      say(t("review.alreadyHave"));
      return document.getElementById("duplicate")?.focus();
    }
    if (guard?.violatesPolicy && guard.policy !== "block" && chosen === null) {
      say(t("review.chooseFirst", { whose }));
      return document.getElementById("copy-keep")?.focus();
    }
    if (guard?.violatesPolicy && chosen !== "keep") {
      say(t(guard.policy === "block" ? "review.stillCopiedBlock" : "review.stillCopied", { whose }));
      return firstFlagged();
    }
    const body = {
      taskId: task.taskId,
      draftRecipe: { ...r, ingredients: r.ingredients.map(({ original, ...i }) => (void original, i)) },
      ...(state.ack ? { acknowledgeGuardrail: true } : {}),
      ...(duplicateAction ? { duplicateAction } : {}),
      ...(duplicateAction === "replace" && state.dupOf ? { duplicateOf: state.dupOf } : {}),
    };
    const rr = await answer(
      client.POST("/api/recipes/import", { body, headers: etag ? { "if-match": etag } : {} }),
    );
    if (!rr.ok) {
      if (rr.body.code === "GUARDRAIL_VIOLATION") {
        // Saved before the check had answered: the choice is drawn now, beside Save.
        await runCheck();
        say(t("review.chooseBesideSave", { whose }));
        return document.getElementById("copy-keep")?.focus();
      }
      if (rr.body.details?.errors) void runCheck();
      fill(out, problem(rr.body));
      return;
    }
    if ("dropped" in rr.body) {
      announce(t("review.draftDropped"));
      location.hash = "#/";
      return;
    }
    location.hash = `#/recipes/${rr.body.recipe.id}`;
  };
  const reject = async (): Promise<void> => {
    const rr = await answer(
      client.POST("/api/tasks/{id}/reject", {
        params: { path: { id: task.taskId } },
        body: { reason: "discarded in the web UI" },
      }),
    );
    if (!rr.ok) return fill(out, problem(rr.body));
    location.hash = "#/";
  };
  const bar = el(
    "div",
    { class: "save-bar sticky" },
    choice,
    out,
    el(
      "div",
      { class: "actions" },
      el("button", { type: "submit" }, t("review.saveRecipe")),
      el("button", { type: "button", class: "secondary", onclick: reject }, t("review.discardDraft")),
    ),
  );
  return { bar, out, commit, showGuard };
}
