// Status screen: is Ladle able to work right now, how much is waiting, which sites are paused.
import { addScreen, announce, answer, app, client, el, stillShown } from "../../lib.ts";

// Job families in words people use.
const WORK_NAMES: Record<string, string> = {
  "ladle-task": "Recipe imports",
  "ladle-parse-request": "Recipe look-ups",
  "ladle-parse-reaper": "Look-up clean-up",
  "ladle-item-enrich": "Bookmark details",
  "ladle-maintenance": "Housekeeping",
  "ladle-reconcile": "Stuck-work check",
};
const CHECK_NAMES: Record<string, string> = {
  database: "Database",
  queue: "Work queue",
  migrations: "Database up to date",
};

function workName(family: string): string {
  return WORK_NAMES[family] ?? family.replace(/^ladle-/, "").replace(/-/g, " ");
}

function ago(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

function time(iso: string | null): string {
  return new Date(iso ?? 0).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

async function render(): Promise<void> {
  app.replaceChildren(el("h1", {}, "Status"), el("p", { class: "muted" }, "Loading…"));
  const shown = stillShown();
  const res = await answer(client.GET("/api/ops/status"));
  if (!shown()) return;
  if (!res.ok) {
    app.replaceChildren(
      el("h1", {}, "Status"),
      el("p", { class: "error", role: "alert" }, res.body?.message ?? "Status is not available."),
    );
    return;
  }
  const s = res.body;
  const checks = Object.entries(s.checks).map(([k, c]) =>
    el(
      "li",
      { class: c.ok ? "okay" : "error" },
      `${CHECK_NAMES[k] ?? k}: ${c.ok ? "working" : "not working"}`,
      c.ok ? "" : el("span", { class: "st-detail" }, ` (${c.detail ?? "no answer"})`),
    ),
  );
  const rows = s.queues.map((q) =>
    el(
      "tr",
      {},
      el("th", { scope: "row" }, workName(q.family)),
      el("td", {}, String(q.waiting)),
      el("td", {}, String(q.running)),
      el("td", {}, String(q.retrying)),
      el("td", {}, q.waiting + q.retrying ? ago(q.oldestWaitingSeconds) : "–"),
    ),
  );
  const result = el("p", { class: "muted", "aria-live": "polite" });
  const check = el(
    "button",
    {
      class: "secondary",
      onclick: async () => {
        check.disabled = true;
        const r = await answer(client.POST("/api/ops/reconcile"));
        check.disabled = false;
        if (!r.ok) {
          result.textContent = r.body?.message ?? "Could not check now.";
          return;
        }
        const n = Object.values(r.body.families).reduce(
          (acc, f) => ({ requeued: acc.requeued + f.requeued, failed: acc.failed + f.failed }),
          { requeued: 0, failed: 0 },
        );
        result.textContent =
          n.requeued + n.failed
            ? `Restarted ${n.requeued} stuck item(s); marked ${n.failed} as failed.`
            : "Nothing is stuck.";
        announce(result.textContent);
      },
    },
    "Check for stuck work now",
  );
  app.replaceChildren(
    el("h1", {}, "Status"),
    el(
      "p",
      { class: `st-banner ${s.ready ? "okay" : "error"}`, role: "status" },
      s.ready ? "Ladle is ready: imports are being worked on." : "Ladle is not ready: new work will wait.",
    ),
    el("ul", { class: "st-checks" }, checks),
    el("h2", {}, "Work in progress"),
    s.queues.length
      ? el(
          "div",
          { class: "st-scroll" },
          el(
            "table",
            { class: "st-table" },
            el(
              "thead",
              {},
              el(
                "tr",
                {},
                el("th", { scope: "col" }, "Kind of work"),
                el("th", { scope: "col" }, "Waiting"),
                el("th", { scope: "col" }, "Running"),
                el("th", { scope: "col" }, "Retrying"),
                el("th", { scope: "col" }, "Oldest"),
              ),
            ),
            el("tbody", {}, rows),
          ),
        )
      : el("p", { class: "muted" }, "Nothing is waiting or running."),
    // Parse requests: recipe look-ups other services asked for, by state.
    ...(s.parseRequests
      ? [
          el("h2", {}, "Recipe look-ups"),
          el(
            "p",
            { class: "st-lookups" },
            `${s.parseRequests.PENDING} waiting · ${s.parseRequests.PROCESSING} being read · ` +
              `${s.parseRequests.COMPLETED} done · ${s.parseRequests.FAILED} failed`,
          ),
        ]
      : []),
    el("h2", {}, "Paused sites"),
    s.pausedSites.length
      ? el(
          "ul",
          { class: "st-paused" },
          s.pausedSites.map((p) =>
            el(
              "li",
              {},
              el("strong", {}, p.domain),
              ` failed repeatedly; tried again after ${time(p.until)}`,
            ),
          ),
        )
      : el("p", { class: "muted" }, "No site is paused."),
    el(
      "div",
      { class: "actions" },
      check,
      el("button", { class: "secondary", onclick: () => render() }, "Refresh"),
    ),
    result,
  );
}

addScreen({ path: "status", nav: "Status", render });
