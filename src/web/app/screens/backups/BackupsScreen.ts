// Backups screen (admins): the server's backups, newest first, a download of each, and "back up now".
import { locale, t, type MessageKey } from "../../i18n/i18n.ts";
import { addScreen, announce, answer, app, client, el, stillShown } from "../../lib.ts";
import { size } from "../../ui/size.ts";

const REASONS: Record<string, MessageKey> = {
  scheduled: "backups.reasonScheduled",
  manual: "backups.reasonManual",
  "before-upgrade": "backups.reasonBeforeUpgrade",
};

function when(iso: string): string {
  return new Date(iso).toLocaleString(locale(), { dateStyle: "medium", timeStyle: "short" });
}

/** A cron schedule in words where it is a common one; else as written. */
function schedule(cron: string | null): string {
  if (!cron) return t("backups.scheduleOff");
  const daily = /^(\d+) (\d+) \* \* \*$/.exec(cron);
  if (daily)
    return t("backups.scheduleDaily", {
      time: `${daily[2]!.padStart(2, "0")}:${daily[1]!.padStart(2, "0")}`,
    });
  return t("backups.scheduleCron", { cron });
}

/** Fetches a backup with the signed-in person's credentials and hands it to the browser as a file. */
async function download(name: string, status: HTMLElement): Promise<void> {
  status.textContent = t("backups.downloading", { name });
  const r = await client.GET("/api/backups/{name}", { params: { path: { name } }, parseAs: "blob" });
  if (!r.response.ok || !r.data) {
    status.textContent = t("backups.downloadFailed");
    return;
  }
  const url = URL.createObjectURL(r.data as Blob);
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  status.textContent = t("backups.downloaded", { name });
  announce(status.textContent);
}

async function render(): Promise<void> {
  app.replaceChildren(el("h1", {}, t("backups.title")), el("p", { class: "muted" }, t("app.loading")));
  const shown = stillShown();
  const res = await answer(client.GET("/api/backups"));
  if (!shown()) return;
  if (!res.ok) {
    app.replaceChildren(
      el("h1", {}, t("backups.title")),
      el("p", { class: "error", role: "alert" }, res.body?.message ?? t("backups.notAvailable")),
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
        result.textContent = t("backups.backingUp");
        const r = await answer(client.POST("/api/backups"));
        now.disabled = false;
        if (!r.ok) {
          result.className = "error";
          result.setAttribute("role", "alert");
          result.textContent = r.body?.message ?? t("backups.backUpFailed");
          return;
        }
        await render();
        announce(t("backups.made", { name: r.body.name }));
      },
    },
    t("backups.backUpNow"),
  );
  const rows = s.backups.map((b) =>
    el(
      "tr",
      {},
      el("th", { scope: "row" }, when(b.createdAt)),
      el("td", {}, REASONS[b.reason] ? t(REASONS[b.reason]!) : b.reason),
      el("td", {}, size(b.bytes)),
      el(
        "td",
        {},
        el(
          "button",
          {
            class: "secondary",
            "aria-label": t("backups.downloadLabel", { when: when(b.createdAt) }),
            onclick: () => download(b.name, result),
          },
          t("backups.download"),
        ),
      ),
    ),
  );
  app.replaceChildren(
    el("h1", {}, t("backups.title")),
    el(
      "p",
      { class: "bk-where" },
      schedule(s.schedule),
      " ",
      t("backups.kept", { keep: s.keep, folder: s.folder }),
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
                el("th", { scope: "col" }, t("backups.colMade")),
                el("th", { scope: "col" }, t("backups.colWhy")),
                el("th", { scope: "col" }, t("backups.colSize")),
                el("th", { scope: "col" }, el("span", { class: "sr-only" }, t("backups.download"))),
              ),
            ),
            el("tbody", {}, rows),
          ),
        )
      : el("p", { class: "muted" }, t("backups.noneYet")),
    el("p", { class: "muted" }, t("backups.howToRestore", { command: "npx ladle restore FILE" })),
  );
}

addScreen({ path: "backups", nav: () => t("backups.title"), render });
