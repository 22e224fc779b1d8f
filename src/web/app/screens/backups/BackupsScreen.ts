// Backups screen (admins): the server's backups, newest first, a download of each, and "back up now".
import { addScreen, announce, answer, app, client, el, stillShown } from "../../lib.ts";

const REASONS: Record<string, string> = {
  scheduled: "On the schedule",
  manual: "Made by an admin",
  "before-upgrade": "Before an upgrade",
};

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} kB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

function when(iso: string): string {
  return new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
}

/** A cron schedule in words where it is a common one; else as written. */
function schedule(cron: string | null): string {
  if (!cron) return "Scheduled backups are off.";
  const daily = /^(\d+) (\d+) \* \* \*$/.exec(cron);
  if (daily)
    return `A backup is made every day at ${daily[2]!.padStart(2, "0")}:${daily[1]!.padStart(2, "0")}.`;
  return `A backup is made on the schedule ${cron}.`;
}

/** Fetches a backup with the signed-in person's credentials and hands it to the browser as a file. */
async function download(name: string, status: HTMLElement): Promise<void> {
  status.textContent = `Downloading ${name}…`;
  const r = await client.GET("/api/backups/{name}", { params: { path: { name } }, parseAs: "blob" });
  if (!r.response.ok || !r.data) {
    status.textContent = "That backup could not be downloaded. Refresh the list and try again.";
    return;
  }
  const url = URL.createObjectURL(r.data as Blob);
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  status.textContent = `Downloaded ${name}.`;
  announce(status.textContent);
}

async function render(): Promise<void> {
  app.replaceChildren(el("h1", {}, "Backups"), el("p", { class: "muted" }, "Loading…"));
  const shown = stillShown();
  const res = await answer(client.GET("/api/backups"));
  if (!shown()) return;
  if (!res.ok) {
    app.replaceChildren(
      el("h1", {}, "Backups"),
      el("p", { class: "error", role: "alert" }, res.body?.message ?? "Backups are not available."),
    );
    return;
  }
  const s = res.body;
  const result = el("p", { class: "muted", "aria-live": "polite" });
  const now = el(
    "button",
    {
      onclick: async () => {
        now.disabled = true;
        result.textContent = "Backing up…";
        const r = await answer(client.POST("/api/backups"));
        now.disabled = false;
        if (!r.ok) {
          result.className = "error";
          result.setAttribute("role", "alert");
          result.textContent = r.body?.message ?? "The backup could not be made.";
          return;
        }
        await render();
        announce(`Backup ${r.body.name} made.`);
      },
    },
    "Back up now",
  );
  const rows = s.backups.map((b) =>
    el(
      "tr",
      {},
      el("th", { scope: "row" }, when(b.createdAt)),
      el("td", {}, REASONS[b.reason] ?? b.reason),
      el("td", {}, size(b.bytes)),
      el(
        "td",
        {},
        el(
          "button",
          {
            class: "secondary",
            "aria-label": `Download the backup of ${when(b.createdAt)}`,
            onclick: () => download(b.name, result),
          },
          "Download",
        ),
      ),
    ),
  );
  app.replaceChildren(
    el("h1", {}, "Backups"),
    el(
      "p",
      {},
      `${schedule(s.schedule)} The last ${s.keep} scheduled backups are kept; one is also made before every upgrade. They are written to ${s.folder}.`,
    ),
    el("div", { class: "actions" }, now),
    result,
    s.backups.length
      ? el(
          "div",
          { class: "bk-scroll" },
          el(
            "table",
            { class: "bk-table" },
            el(
              "thead",
              {},
              el(
                "tr",
                {},
                el("th", { scope: "col" }, "Made"),
                el("th", { scope: "col" }, "Why"),
                el("th", { scope: "col" }, "Size"),
                el("th", { scope: "col" }, el("span", { class: "sr-only" }, "Download")),
              ),
            ),
            el("tbody", {}, rows),
          ),
        )
      : el("p", { class: "muted" }, "No backup yet."),
    el(
      "p",
      { class: "muted" },
      "To restore one, stop Ladle, then run: npx ladle restore FILE (into an empty data directory or database).",
    ),
  );
}

addScreen({ path: "backups", nav: "Backups", render });
