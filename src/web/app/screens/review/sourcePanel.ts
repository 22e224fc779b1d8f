// Beside the review form: the text the draft was read from (a text or file import's own text, or
// the readable text of the web page), so the cook compares line by line. Side by side on a wide
// screen; under the form, folded, on a phone.
import { answer, client, el } from "../../lib.ts";

/** The first of the task's kept texts that exists: what the cook gave, else the page's text. */
async function keptText(taskId: string): Promise<string | null> {
  for (const name of ["source.txt", "snapshot.txt"]) {
    const r = await answer(
      client.GET("/api/tasks/{id}/artifacts/{name}", {
        params: { path: { id: taskId, name } },
        parseAs: "text",
      }),
    );
    if (r.ok && typeof r.body === "string" && r.body.trim()) return r.body;
  }
  return null;
}

/**
 * The source panel of a draft's review. `sourceName` names a text or file import's source
 * ("your text", "the photo"); null for a web page.
 */
export function sourcePanel(taskId: string, sourceName: string | null): HTMLElement {
  const title = sourceName ? `What Ladle read from ${sourceName}` : "The page's own text";
  const body = el("p", { class: "muted" }, "Loading…");
  const details = el(
    "details",
    { class: "review-source-box", open: window.matchMedia("(min-width: 64rem)").matches },
    el("summary", {}, el("h2", { id: "review-source-h" }, title)),
    body,
  );
  void keptText(taskId).then((text) =>
    body.replaceWith(
      text
        ? el("pre", { tabindex: "0", "aria-labelledby": "review-source-h" }, text)
        : el("p", { class: "muted" }, "Ladle kept no text of this source to show."),
    ),
  );
  return el("aside", { class: "card review-source", "aria-labelledby": "review-source-h" }, details);
}
