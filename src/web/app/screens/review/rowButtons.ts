// The small menu that ends an ingredient row and a step row ("⋯"): move up, move down, remove, and
// whatever the row adds (the line as written, its section). Both lists move and remove a row alike.
import { announce, el, type Child } from "../../lib.ts";
import { t } from "../../i18n/i18n.ts";
import type { EditorContext } from "./reviewContext.ts";

// The two lists a cook reorders, by their key in the recipe: the id prefix of their rows. The
// messages choose "Ingredient" or "Step" by the key (ICU select).
const LISTS = {
  ingredients: { id: "ing" },
  instructions: { id: "step" },
};
type ListKey = keyof typeof LISTS;

/** Rows whose menu is drawn open on the next draw (a moved row's, so its button keeps the focus). */
const openNext = new Set<string>();

/** Opens row `i`'s menu of list `key` when the list is drawn next (a new, empty row's). */
export function openRowMenu(key: ListKey, i: number): void {
  openNext.add(`${LISTS[key].id}-${i}`);
}

function move(ctx: EditorContext, key: ListKey, i: number, d: number, draw: () => void): void {
  const arr: unknown[] = ctx.r[key];
  const j = i + d;
  if (j < 0 || j >= arr.length) return;
  [arr[i], arr[j]] = [arr[j], arr[i]];
  openRowMenu(key, j);
  draw();
  announce(t("review.rowMoved", { list: key, n: i + 1, to: j + 1 }));
  // Focus follows the row to its new place, so pressing the same button again keeps moving it.
  document.getElementById(`${LISTS[key].id}-${j}-${d < 0 ? "up" : "down"}`)?.focus();
  ctx.scheduleCheck();
}

/**
 * The row's menu. The list is looked up by key at click time, as a paraphrase replaces
 * r.instructions. `extra` goes first in the menu (the line as written, the step's section).
 */
export function rowMenu(
  ctx: EditorContext,
  key: ListKey,
  i: number,
  draw: () => void,
  extra: Child = null,
): HTMLElement {
  const { id } = LISTS[key];
  const n = i + 1;
  const open = openNext.delete(`${id}-${i}`);
  const menu = el(
    "details",
    { class: "row-menu", id: `${id}-${i}-menu`, open },
    el("summary", { "aria-label": t("review.rowMore", { list: key, n }) }, "⋯"),
    el(
      "div",
      { class: "row-menu-panel" },
      extra,
      el(
        "div",
        { class: "row-menu-buttons" },
        el(
          "button",
          {
            type: "button",
            id: `${id}-${i}-up`,
            class: "icon",
            "aria-label": t("review.rowUp", { list: key, n }),
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
            "aria-label": t("review.rowDown", { list: key, n }),
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
            "aria-label": t("review.rowRemove", { list: key, n }),
            onclick: () => {
              ctx.r[key].splice(i, 1);
              draw();
              // Said aloud for both lists: a screen-reader user hears what the button did.
              announce(t("review.rowRemoved", { list: key, n }));
              ctx.scheduleCheck();
            },
          },
          "✕",
        ),
      ),
    ),
  );
  // One menu open at a time, as menus are: another row's would lie over this one.
  menu.addEventListener("toggle", () => {
    if (!menu.open) return;
    for (const other of document.querySelectorAll<HTMLDetailsElement>("details.row-menu[open]"))
      if (other !== menu) other.open = false;
  });
  return menu;
}
