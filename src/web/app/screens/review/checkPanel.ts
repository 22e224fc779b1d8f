// What the last check of the draft said, drawn on the review editor: each field's messages beside
// it, a summary at the top, the copy check's box above the steps and "You already have this".
import type { Recipe } from "../../api/types.ts";
import { answer, client, el } from "../../lib.ts";
import { duplicatePanel, type DuplicateAction } from "../duplicates/DuplicatePanel.ts";
import { t } from "../../i18n/i18n.ts";
import { fill, problem } from "../recipes/words.ts";
import { findingWords } from "../../ui/serverWords.ts";
import type { Check, Issue, ReviewContext } from "./reviewContext.ts";

export type CheckPanel = {
  /** How many fields need fixing and what to check, at the top. */
  summary: HTMLElement;
  /** "You already have this". */
  dup: HTMLElement;
  show: (c: Check) => void;
};

/**
 * A copy check's finding in the cook's words, from what it names (the description, which steps)
 * rather than the server's English sentence: "Steps 1-3 are the site's own words."
 */

export function checkPanel(
  ctx: ReviewContext,
  {
    into,
    guard,
    fieldNotes,
    drawSteps,
    markFlagged,
    commit,
    showGuard,
  }: {
    /** Where the review is drawn: its fields marked invalid are looked up there. */
    into: Element;
    /** The copy check's box, above the steps. */
    guard: HTMLElement;
    /** field → element showing its messages */
    fieldNotes: Map<string, HTMLElement>;
    drawSteps: () => void;
    markFlagged: () => void;
    commit: (action: DuplicateAction) => Promise<void>;
    /** Draws the copy choice beside Save. */
    showGuard: (g: Check["guardrail"]) => void;
  },
): CheckPanel {
  const { r, state, source, task } = ctx;
  const summary = el("div", { class: "summary", "aria-live": "polite" });
  const dup = el("div");
  const dupCache = new Map<string, Recipe>(); // recipe id → the recipe the cook has, for the comparison

  function showCheck(c: Check): void {
    state.check = c;
    for (const n of fieldNotes.values()) fill(n);
    for (const n of into.querySelectorAll("[aria-invalid]")) n.removeAttribute("aria-invalid");
    const put = (issue: Issue, cls: string): void => {
      const key = [issue.field, issue.field.replace(/\..*$/, ""), issue.field.replace(/\[.*$/, "")].find(
        (k) => fieldNotes.has(k),
      );
      const n = key === undefined ? undefined : fieldNotes.get(key);
      if (n) n.append(el("p", { class: cls }, findingWords(issue)));
      if (cls === "error") {
        // A field to fix is never left folded away.
        n?.closest("details")?.setAttribute("open", "");
        const id = n?.getAttribute("id")?.replace(/^note-/, "f-");
        if (id) document.getElementById(id)?.setAttribute("aria-invalid", "true");
      }
    };
    c.errors.forEach((e) => put(e, "error"));
    c.warnings.forEach((w) => put(w, "warning"));
    fill(
      summary,
      c.errors.length
        ? el("p", { class: "error" }, t("review.fieldsToFix", { count: c.errors.length }))
        : null,
      c.warnings.length
        ? el(
            "details",
            {},
            el("summary", {}, t("review.thingsToCheck", { count: c.warnings.length })),
            el(
              "ul",
              { class: "warning" },
              c.warnings.map((w) => el("li", {}, findingWords(w))),
            ),
          )
        : null,
    );
    const g = c.guardrail;
    const errs = g.findings.filter((f) => f.level === "error");
    showGuard(g);
    if (!g.violatesPolicy) {
      // Not checked is not a pass: say so, so the cook looks at the wording before sharing it.
      fill(
        guard,
        g.similarity?.checked === false
          ? el(
              "p",
              { class: "muted guard-unchecked" },
              /own words/.test(g.similarity.details ?? "")
                ? t("review.ownWordsNotCompared")
                : t("review.notCompared"),
            )
          : null,
      );
    } else {
      fill(
        guard,
        el(
          "div",
          { class: "guard-box", role: "region", "aria-label": t("review.copiedText") },
          el(
            "details",
            { class: "guard-why" },
            el(
              "summary",
              {},
              errs
                .map((f) =>
                  f.code
                    ? findingWords(f, source ? "author" : "site")
                    : source
                      ? f.message.replace(/the site's/g, "the author's")
                      : f.message,
                )
                .join(" "),
              " ",
              el("span", { class: "muted" }, t("review.whyItMatters")),
            ),
            source ? t("review.whyItMattersBook") : t("review.whyItMattersSite"),
          ),
          g.paraphraseAvailable ? el("div", { class: "actions" }, paraphraseButton()) : null,
        ),
      );
    }
    markFlagged();
    // "You already have this" (screens/duplicates), drawn again only when the matches change.
    const seen = (c.duplicates ?? []).map((d) => d.recipeId).join();
    if (seen !== state.dupSeen) {
      state.dupSeen = seen;
      fill(
        dup,
        seen
          ? duplicatePanel({
              matches: c.duplicates,
              draft: () => r,
              state,
              cache: dupCache,
              onChoose: (action) => void commit(action),
            })
          : null,
      );
    }
  }

  /** Asks the language model to rewrite the flagged description and steps, then checks again. */
  function paraphraseButton(): HTMLButtonElement {
    const button: HTMLButtonElement = el(
      "button",
      {
        type: "button",
        class: "secondary",
        onclick: async (): Promise<void> => {
          button.disabled = true;
          button.textContent = t("review.rewriting");
          const p = await answer(
            client.POST("/api/recipes/paraphrase", {
              body: { taskId: task.taskId, draftRecipe: r },
            }),
          );
          button.disabled = false;
          button.textContent = t("review.rewriteButton");
          if (!p.ok) return guard.append(problem(p.body));
          r.description = p.body.recipe.description;
          r.instructions = p.body.recipe.instructions;
          const description = document.getElementById("f-description");
          if (description instanceof HTMLTextAreaElement) description.value = r.description ?? "";
          drawSteps();
          showCheck(p.body);
        },
      },
      t("review.rewriteButton"),
    );
    return button;
  }

  return { summary, dup, show: showCheck };
}
