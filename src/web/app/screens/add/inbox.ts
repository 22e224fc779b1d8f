// Drafts waiting for review (kept by the server, so they survive closing the page) and imports still
// running, under the Add screen. Every way of adding ends here until the cook saves or discards.
import type { components } from "../../api/schema.gen.ts";
import { answer, client, el } from "../../lib.ts";

type Task = components["schemas"]["TaskState"] & {
  /** What the list adds of each task (review.service summarize). */
  summary?: { url: string | null; recipeName: string | null } | null;
};

const STATUSES: Record<string, string> = { Pending: "waiting to start", Running: "working" };

/** A task's payload as the inbox reads it (each mode has its own). */
function payloadOf(t: Task): { mode?: string; url?: string; query?: string; sourceType?: string } {
  return (t.payload ?? {}) as ReturnType<typeof payloadOf>;
}

const SOURCE_WORDS: Record<string, string> = {
  text: "Your text",
  pdf: "A PDF",
  image: "A photo",
  video: "A video",
};

/** What a cook calls an import: the recipe's name once read, else where it came from. */
export function importName(t: Task): string {
  const p = payloadOf(t);
  return (
    t.summary?.recipeName ||
    t.summary?.url ||
    (p.query ? `“${p.query}”` : null) ||
    (p.sourceType ? SOURCE_WORDS[p.sourceType] : null) ||
    "A recipe"
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
  if (ms <= 0) return "expired";
  if (days >= 2) return `expires in ${days} days`;
  const hours = Math.max(1, Math.round(ms / 3_600_000));
  return `expires in ${hours} hour${hours === 1 ? "" : "s"}`;
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
          (t) =>
            t.agentType === "Ingest" &&
            !t.metadata?.["refreshOf"] &&
            payloadOf(t).mode?.toLowerCase() !== "normalize",
        )
      : [];
  const drafts = imports(ready);
  const busy = imports(running);
  const parts: (HTMLElement | null)[] = [
    el("h2", { id: "inbox-h" }, `Drafts waiting for review (${drafts.length})`),
    drafts.length
      ? el(
          "ul",
          { class: "inbox" },
          drafts.map((t) =>
            el(
              "li",
              {},
              el("a", { href: `#/tasks/${t.taskId}` }, importName(t)),
              el(
                "span",
                { class: "muted" },
                [host(t.summary?.url), t.expiresAt ? inDays(t.expiresAt) : ""]
                  .filter(Boolean)
                  .map((s) => ` · ${s}`)
                  .join(""),
              ),
            ),
          ),
        )
      : el(
          "p",
          { class: "muted" },
          "No drafts are waiting. Whatever you add waits here until you save or discard it.",
        ),
    busy.length ? el("h3", {}, "Still being read") : null,
    busy.length
      ? el(
          "ul",
          { class: "inbox" },
          busy.map((t) =>
            el(
              "li",
              {},
              el("a", { href: `#/tasks/${t.taskId}` }, importName(t)),
              el("span", { class: "muted" }, ` · ${STATUSES[t.status] ?? "working"} `),
              el(
                "button",
                {
                  class: "secondary small",
                  "aria-label": `Stop reading ${importName(t)}`,
                  onclick: async () => {
                    await answer(
                      client.POST("/api/tasks/{id}/cancel", { params: { path: { id: t.taskId } } }),
                    );
                    void renderInbox(into);
                  },
                },
                "Cancel",
              ),
            ),
          ),
        )
      : null,
  ];
  into.replaceChildren(...parts.filter((n) => n !== null));
}
