// The ↑ ↓ ✕ buttons that end an ingredient row and a step row: both lists move and remove a row
// alike.
import { announce, el } from "../../lib.ts";
import type { ReviewContext } from "./reviewContext.ts";

// The two lists a cook reorders, by their key in the recipe: the word on screen and the id prefix
// of their rows.
const LISTS = {
  ingredients: { what: "Ingredient", id: "ing" },
  instructions: { what: "Step", id: "step" },
};
type ListKey = keyof typeof LISTS;

function move(ctx: ReviewContext, key: ListKey, i: number, d: number, draw: () => void): void {
  const arr: unknown[] = ctx.r[key];
  const j = i + d;
  if (j < 0 || j >= arr.length) return;
  [arr[i], arr[j]] = [arr[j], arr[i]];
  draw();
  announce(`${LISTS[key].what} ${i + 1} moved to position ${j + 1}`);
  // Focus follows the row to its new place, so pressing the same button again keeps moving it.
  document.getElementById(`${LISTS[key].id}-${j}-${d < 0 ? "up" : "down"}`)?.focus();
  ctx.scheduleCheck();
}

/** The row's buttons. The list is looked up by key at click time, as a paraphrase replaces r.instructions. */
export function rowButtons(ctx: ReviewContext, key: ListKey, i: number, draw: () => void): HTMLElement[] {
  const { what, id } = LISTS[key];
  const n = i + 1;
  const noun = what.toLowerCase();
  return [
    el(
      "button",
      {
        type: "button",
        id: `${id}-${i}-up`,
        class: "icon",
        "aria-label": `Move ${noun} ${n} up`,
        disabled: i === 0,
        onclick: () => move(ctx, key, i, -1, draw),
      },
      "↑",
    ),
    el(
      "button",
      {
        type: "button",
        id: `${id}-${i}-down`,
        class: "icon",
        "aria-label": `Move ${noun} ${n} down`,
        disabled: i === ctx.r[key].length - 1,
        onclick: () => move(ctx, key, i, 1, draw),
      },
      "↓",
    ),
    el(
      "button",
      {
        type: "button",
        class: "icon danger",
        "aria-label": `Remove ${noun} ${n}`,
        onclick: () => {
          ctx.r[key].splice(i, 1);
          draw();
          // Said aloud for both lists: a screen-reader user hears what the button did.
          announce(`${what} ${n} removed`);
          ctx.scheduleCheck();
        },
      },
      "✕",
    ),
  ];
}
