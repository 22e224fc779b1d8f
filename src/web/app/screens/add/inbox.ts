// Drafts waiting for review (kept by the server, so they survive closing the page) and imports still
// running, under the Add screen. Every way of adding ends here until the cook saves or discards.
import type { components } from "../../api/schema.gen.ts";
import { t } from "../../i18n/i18n.ts";
import { answer, client, el } from "../../lib.ts";

type Task = components["schemas"]["TaskState"] & {
  /** What the list adds of each task (review.service summarize). */
  summary?: { url: string | null; recipeName: string | null } | null;
};

/** A running import's state in words. */
const statusWords = (status: string): string =>
  status === "Pending" ? t("add.statusPending") : t("add.statusRunning");

/** A task's payload as the inbox reads it (each mode has its own). */
function payloadOf(task: Task): { mode?: string; url?: string; query?: string; sourceType?: string } {
  return (task.payload ?? {}) as ReturnType<typeof payloadOf>;
}

/** What was sent, in words, when nothing else names an import. */
function sourceWords(sourceType: string): string | null {
  if (sourceType === "text") return t("add.sourceText");
  if (sourceType === "pdf") return t("add.sourcePdf");
  if (sourceType === "image") return t("add.sourcePhoto");
  if (sourceType === "video") return t("add.sourceVideo");
  return null;
}

/** What a cook calls an import: the recipe's name once read, else where it came from. */
export function importName(task: Task): string {
  const p = payloadOf(task);
  return (
    task.summary?.recipeName ||
    task.summary?.url ||
    (p.query ? t("add.quotedQuery", { query: p.query }) : null) ||
    (p.sourceType ? sourceWords(p.sourceType) : null) ||
    t("add.aRecipe")
  );
}

export function host(u: string | null | undefined): string {
  if (!u) return "";
  try {
    const h = new URL(u).hostname.replace(/^www\./, "");
    // The stand-in address of pasted text and files is no place to name.
    return h.endsWith(".invalid") ? "" : h;
  } catch {
    return "";
  }
}

export function inDays(iso: string): string {
  const ms = new Date(iso).getTime() - Date.now();
  const days = Math.round(ms / 86_400_000);
  if (ms <= 0) return t("add.expired");
  if (days >= 2) return t("add.expiresInDays", { days });
  const hours = Math.max(1, Math.round(ms / 3_600_000));
  return t("add.expiresInHours", { hours });
}

/** Fills `into` with the drafts and running imports of the signed-in cook. */
export async function renderInbox(into: HTMLElement): Promise<void> {
  const [ready, running] = await Promise.all([
    answer(client.GET("/api/tasks", { params: { query: { status: "ReviewReady", pageSize: 50 } } })),
    answer(client.GET("/api/tasks", { params: { query: { status: "Pending,Running", pageSize: 20 } } })),
  ]);
  // Research and Analysis results are not drafts; a refresh of a saved recipe is reviewed on that
  // recipe (refresh.js); a tidy-up proposal has no draft of its own: the inbox lists imports only.
  const imports = (r: typeof ready): Task[] =>
    r.ok
      ? (r.body.tasks as Task[]).filter(
          (task) =>
            task.agentType === "Ingest" &&
            !task.metadata?.["refreshOf"] &&
            payloadOf(task).mode?.toLowerCase() !== "normalize",
        )
      : [];
  const drafts = imports(ready);
  const busy = imports(running);
  const parts: (HTMLElement | null)[] = [
    el("h2", { id: "inbox-h" }, t("add.draftsHeading", { count: drafts.length })),
    drafts.length
      ? el(
          "ul",
          { class: "inbox" },
          drafts.map((task) =>
            el(
              "li",
              {},
              el("a", { href: `#/tasks/${task.taskId}` }, importName(task)),
              el(
                "span",
                { class: "muted" },
                [host(task.summary?.url), task.expiresAt ? inDays(task.expiresAt) : ""]
                  .filter(Boolean)
                  .map((s) => ` · ${s}`)
                  .join(""),
              ),
            ),
          ),
        )
      : el("p", { class: "muted" }, t("add.noDrafts")),
    busy.length ? el("h3", {}, t("add.stillReading")) : null,
    busy.length
      ? el(
          "ul",
          { class: "inbox" },
          busy.map((task) =>
            el(
              "li",
              {},
              el("a", { href: `#/tasks/${task.taskId}` }, importName(task)),
              el("span", { class: "muted" }, ` · ${statusWords(task.status)} `),
              el(
                "button",
                {
                  class: "secondary small",
                  "aria-label": t("add.stopReading", { name: importName(task) }),
                  onclick: async () => {
                    await answer(
                      client.POST("/api/tasks/{id}/cancel", { params: { path: { id: task.taskId } } }),
                    );
                    void renderInbox(into);
                  },
                },
                t("add.cancelButton"),
              ),
            ),
          ),
        )
      : null,
  ];
  into.replaceChildren(...parts.filter((n) => n !== null));
}
