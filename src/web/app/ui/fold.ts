// A panel folded under its own heading (details/summary): what a screen is for stays first, the
// panels other capabilities add (history, refresh, allergens, tidy up) open on demand.
import { el } from "../lib.ts";

/** The folds the cook opened: a screen drawn again (after a restore, a refresh) keeps them open. */
const opened = new Set<string>();

/** Folds `panel` under the text of its first h2 (kept for screen readers); a panel without one is left as it is. */
export function folded(panel: Node): Node {
  if (!(panel instanceof HTMLElement)) return panel;
  const heading = panel.querySelector("h2");
  if (!heading) return panel;
  heading.classList.add("sr-only");
  const name = heading.textContent ?? "";
  const details = el(
    "details",
    { class: "panel-fold no-print", open: opened.has(name) },
    el("summary", {}, name),
    panel,
  );
  details.addEventListener("toggle", () => {
    if (details.open) opened.add(name);
    else opened.delete(name);
  });
  return details;
}
