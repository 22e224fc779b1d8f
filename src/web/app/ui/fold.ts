// A panel folded under its own heading (details/summary): what a screen is for stays first, the
// panels other capabilities add (history, refresh, allergens, tidy up) open on demand.
import { el } from "../lib.ts";

/** Folds `panel` under the text of its first h2 (kept for screen readers); a panel without one is left as it is. */
export function folded(panel: Node): Node {
  if (!(panel instanceof HTMLElement)) return panel;
  const heading = panel.querySelector("h2");
  if (!heading) return panel;
  heading.classList.add("sr-only");
  return el("details", { class: "panel-fold no-print" }, el("summary", {}, heading.textContent ?? ""), panel);
}
