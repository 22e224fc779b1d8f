// Beside the review form: the text the draft was read from (a text or file import's own text, or
// the part of the web page the recipe was read from), so the cook compares line by line. Folded
// under the draft's first line at every width: open, it would make the review twice as long.
import { answer, client, el } from "../../lib.ts";
import { t } from "../../i18n/i18n.ts";
import type { SourceKind } from "../recipes/words.ts";
import type { DraftRecipe } from "./reviewContext.ts";

/**
 * The kept text: what the cook gave (source.txt), else the page's text (snapshot.txt). The list
 * of what was kept is read first, so no text that was never kept is asked for.
 */
async function keptText(taskId: string): Promise<{ text: string; page: boolean } | null> {
  const list = await answer(client.GET("/api/tasks/{id}/artifacts", { params: { path: { id: taskId } } }));
  const names = list.ok ? list.body.artifacts.map((a) => a.name) : [];
  const name = ["source.txt", "snapshot.txt"].find((n) => names.includes(n));
  if (!name) return null;
  const r = await answer(
    client.GET("/api/tasks/{id}/artifacts/{name}", {
      params: { path: { id: taskId, name } },
      parseAs: "text",
    }),
  );
  return r.ok && typeof r.body === "string" && r.body.trim()
    ? { text: r.body, page: name === "snapshot.txt" }
    : null;
}

const squash = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * The lines of a page's text snapshot the recipe was read from: from its title (or its first
 * ingredient) to its last step, a few lines around. The page's menus, skip links and footer lie
 * outside. This is not a boilerplate remover: Readability needs the page's HTML, which Ladle does
 * not keep, and the draft already says which lines are the recipe. A snapshot where the recipe's
 * lines cannot be found is shown whole.
 */
export function recipePart(
  snapshot: string,
  r: Pick<DraftRecipe, "name" | "ingredients" | "instructions">,
): string {
  const lines = snapshot.split("\n");
  const flat = lines.map(squash);
  const find = (text: string | undefined, from = 0): number => {
    const key = squash(text ?? "").slice(0, 40);
    if (key.length < 4) return -1;
    for (let i = from; i < flat.length; i++) if (flat[i]?.includes(key)) return i;
    return -1;
  };
  const firstIng = r.ingredients.map((i) => find(i.text)).find((i) => i >= 0) ?? -1;
  const lastStep =
    [...r.instructions]
      .reverse()
      .map((s) => find(s.text))
      .find((i) => i >= 0) ?? -1;
  if (firstIng < 0 && lastStep < 0) return snapshot;
  // The title line nearest above the ingredients, when the page repeats its name (menus, related links).
  let start = firstIng >= 0 ? firstIng : lastStep;
  const key = squash(r.name);
  const anchor = start;
  for (let i = anchor; i >= 0 && key; i--)
    if (flat[i] === key) {
      start = i;
      break;
    }
  if (start === anchor) start = Math.max(0, start - 3);
  const end = Math.max(lastStep, firstIng) + 3;
  return lines.slice(start, end).join("\n").trim() || snapshot;
}

/**
 * The source panel of a draft's review. `sourceName` is what a text or file import was read from
 * ("text", "image"); null for a web page, whose text is cut to the recipe's part.
 */
export function sourcePanel(taskId: string, sourceName: SourceKind | null, r: DraftRecipe): HTMLElement {
  const title = sourceName ? t("review.readFrom", { source: sourceName }) : t("review.recipeOnPage");
  const body = el("p", { class: "muted" }, t("review.loading"));
  const details = el(
    "details",
    { class: "review-source-box" },
    el("summary", {}, el("h2", { id: "review-source-h" }, title)),
    body,
  );
  void keptText(taskId).then((kept) =>
    body.replaceWith(
      kept
        ? el(
            "pre",
            { tabindex: "0", "aria-labelledby": "review-source-h" },
            kept.page && !sourceName ? recipePart(kept.text, r) : kept.text,
          )
        : el("p", { class: "muted" }, t("review.noKeptText")),
    ),
  );
  return el("aside", { class: "review-source", "aria-labelledby": "review-source-h" }, details);
}
