// Saving or discarding the reviewed draft: the sticky bar under the form, and the save that the
// form's submit and "You already have this" choices call.
import { announce, answer, client, el } from "../../lib.ts";
import type { DuplicateAction } from "../duplicates/DuplicatePanel.ts";
import { fill, problem } from "../recipes/words.ts";
import type { ReviewContext } from "./reviewContext.ts";

export type SaveBar = {
  /** The Save and Discard buttons. */
  bar: HTMLElement;
  /** Where a refused save says why. */
  out: HTMLElement;
  commit: (duplicateAction?: DuplicateAction) => Promise<void>;
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
  const { r, state, task } = ctx;
  const out = el("div");
  const commit = async (duplicateAction?: DuplicateAction): Promise<void> => {
    cancelCheck();
    if (state.check?.duplicates?.length && !duplicateAction) {
      fill(
        out,
        el(
          "p",
          { class: "error", role: "alert" },
          "You already have this recipe: choose above whether to update the one you have, keep both or drop this draft.",
        ),
      );
      return document.getElementById("duplicate")?.focus();
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
      if (rr.body.details?.errors) void runCheck();
      fill(out, problem(rr.body));
      return;
    }
    if ("dropped" in rr.body) {
      announce("Draft dropped: you already had this recipe.");
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
    { class: "actions sticky" },
    el("button", { type: "submit" }, "Save recipe"),
    el("button", { type: "button", class: "secondary", onclick: reject }, "Discard draft"),
  );
  return { bar, out, commit };
}
