// The editor's steps (the review of a draft and the edit of a saved recipe): each step's text,
// with its group (section), its own title inside that group, and the buttons that move and remove it in a small menu, and the marks
// on the steps the copy check flagged.
import { el } from "../../lib.ts";
import { t } from "../../i18n/i18n.ts";
import { fill } from "../recipes/words.ts";
import type { EditorContext } from "./reviewContext.ts";
import { lineToCheck } from "./lineToCheck.ts";
import { rowMenu } from "./rowButtons.ts";

export type StepEditor = {
  /** The list of steps. */
  box: HTMLElement;
  /** The button under the list that adds a step. */
  actions: HTMLElement;
  draw: () => void;
  /** Marks the steps the last check's copy findings name. */
  markFlagged: () => void;
};

export function stepEditor(ctx: EditorContext): StepEditor {
  const box = el("ol", { class: "steps" });
  const markFlagged = (): void => {
    const g = ctx.state.check?.guardrail;
    for (const li of box.children) li.classList.remove("flagged");
    // Only what must be rewritten or kept is marked; a step merely close to the wording is not.
    for (const f of g?.findings ?? [])
      for (const i of f.level === "error" ? f.steps : [])
        document.getElementById(`step-li-${i}`)?.classList.add("flagged");
  };
  const draw = (): void => {
    // Read at each draw: a paraphrase replaces r.instructions.
    const { r } = ctx;
    fill(
      box,
      ...r.instructions.map((s, i) => {
        const n = i + 1;
        const ta = el("textarea", {
          id: `step-${i}`,
          rows: 2,
          value: s.text,
          "aria-describedby": `note-instructions-${i}-`,
        });
        ta.addEventListener("input", () => {
          const cur = r.instructions[i];
          if (cur) r.instructions[i] = { ...cur, text: ta.value };
          ctx.scheduleCheck();
        });
        const sec = el("input", { id: `step-${i}-section`, value: s.section ?? "", class: "section-name" });
        sec.addEventListener("input", () => {
          const cur = r.instructions[i];
          if (cur) cur.section = sec.value.trim() || null;
        });
        // The step's own heading under its group ("Serve the soup" under "To serve as a stew");
        // cleared, the key goes, as a step without a title has none.
        const title = el("input", { id: `step-${i}-title`, value: s.title ?? "", class: "section-name" });
        // Shown over the step's text, as on the recipe page, so a title is seen without the menu.
        const shown = el("p", { class: "step-label", hidden: !s.title }, s.title ?? "");
        title.addEventListener("input", () => {
          const cur = r.instructions[i];
          if (!cur) return;
          const v = title.value.trim();
          if (v) cur.title = v;
          else delete cur.title;
          shown.textContent = v;
          shown.hidden = !v;
        });
        return el(
          "li",
          { id: `step-li-${i}` },
          // The list's own number shows which step it is; the label says it to a screen reader.
          el("label", { for: ta.id, class: "sr-only" }, t("review.stepN", { n })),
          shown,
          el(
            "div",
            { class: "step-line" },
            ta,
            rowMenu(
              ctx,
              "instructions",
              i,
              draw,
              el(
                "div",
                { class: "as-written" },
                el("label", { for: sec.id }, t("review.stepGroup", { n })),
                sec,
                el("label", { for: title.id }, t("review.stepTitle", { n })),
                title,
              ),
            ),
          ),
          lineToCheck(ctx, "instructions", i, s.text),
          ctx.noteFor(`instructions[${i}]`),
        );
      }),
    );
    markFlagged();
  };
  const actions = el(
    "div",
    { class: "actions compact" },
    el(
      "button",
      {
        type: "button",
        class: "secondary",
        onclick: () => {
          ctx.r.instructions.push({ text: "", section: ctx.r.instructions.at(-1)?.section ?? null });
          draw();
          document.getElementById(`step-${ctx.r.instructions.length - 1}`)?.focus();
        },
      },
      t("review.addStep"),
    ),
  );
  return { box, actions, draw, markFlagged };
}
