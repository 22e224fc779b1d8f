// Status screen: is Ladle able to work right now, how much is waiting, which sites are paused.
import { locale, t, type MessageKey } from "../../i18n/i18n.ts";
import { addScreen, announce, answer, app, client, el, stillShown } from "../../lib.ts";
import { withSlot } from "../../ui/withSlot.ts";

// Job families in words people use.
const WORK_NAMES: Record<string, MessageKey> = {
  "ladle-task": "status.workRecipeImports",
  "ladle-parse-request": "status.workRecipeLookUps",
  "ladle-parse-reaper": "status.workLookUpCleanUp",
  "ladle-item-enrich": "status.workBookmarkDetails",
  "ladle-maintenance": "status.workHousekeeping",
  "ladle-reconcile": "status.workStuckCheck",
};
const CHECK_NAMES: Record<string, MessageKey> = {
  database: "status.checkDatabase",
  queue: "status.checkQueue",
  migrations: "status.checkMigrations",
};

function workName(family: string): string {
  const key = WORK_NAMES[family];
  return key ? t(key) : family.replace(/^ladle-/, "").replace(/-/g, " ");
}

function ago(seconds: number): string {
  if (seconds < 60) return t("status.agoSeconds", { n: seconds });
  if (seconds < 3600) return t("status.agoMinutes", { n: Math.round(seconds / 60) });
  return t("status.agoHours", { n: Math.round(seconds / 3600) });
}

function time(iso: string | null): string {
  return new Date(iso ?? 0).toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit" });
}

async function render(): Promise<void> {
  app.replaceChildren(el("h1", {}, t("status.title")), el("p", { class: "muted" }, t("app.loading")));
  const shown = stillShown();
  const res = await answer(client.GET("/api/ops/status"));
  if (!shown()) return;
  if (!res.ok) {
    app.replaceChildren(
      el("h1", {}, t("status.title")),
      el("p", { class: "error", role: "alert" }, res.body?.message ?? t("status.notAvailable")),
    );
    return;
  }
  const s = res.body;
  const checks = Object.entries(s.checks).map(([k, c]) => {
    const name = CHECK_NAMES[k] ? t(CHECK_NAMES[k]) : k;
    return el(
      "li",
      { class: c.ok ? "okay" : "error" },
      c.ok ? t("status.checkWorking", { name }) : t("status.checkNotWorking", { name }),
      c.ok
        ? ""
        : el(
            "span",
            { class: "st-detail" },
            t("status.checkDetail", { detail: c.detail ?? t("status.noAnswer") }),
          ),
    );
  });
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
          result.textContent = r.body?.message ?? t("status.checkFailed");
          return;
        }
        const n = Object.values(r.body.families).reduce(
          (acc, f) => ({ requeued: acc.requeued + f.requeued, failed: acc.failed + f.failed }),
          { requeued: 0, failed: 0 },
        );
        result.textContent =
          n.requeued + n.failed
            ? t("status.restarted", { requeued: n.requeued, failed: n.failed })
            : t("status.nothingStuck");
        announce(result.textContent);
      },
    },
    t("status.checkNow"),
  );
  app.replaceChildren(
    el("h1", {}, t("status.title")),
    el(
      "p",
      { class: `st-banner ${s.ready ? "okay" : "error"}`, role: "status" },
      s.ready ? t("status.ready") : t("status.notReady"),
    ),
    el("ul", { class: "st-checks" }, checks),
    el("h2", {}, t("status.workInProgress")),
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
                el("th", { scope: "col" }, t("status.colKind")),
                el("th", { scope: "col" }, t("status.colWaiting")),
                el("th", { scope: "col" }, t("status.colRunning")),
                el("th", { scope: "col" }, t("status.colRetrying")),
                el("th", { scope: "col" }, t("status.colOldest")),
              ),
            ),
            el("tbody", {}, rows),
          ),
        )
      : el("p", { class: "muted" }, t("status.nothingWaiting")),
    // Parse requests: recipe look-ups other services asked for, by state.
    ...(s.parseRequests
      ? [
          el("h2", {}, t("status.workRecipeLookUps")),
          el(
            "p",
            { class: "st-lookups" },
            t("status.lookUps", {
              waiting: s.parseRequests.PENDING,
              reading: s.parseRequests.PROCESSING,
              done: s.parseRequests.COMPLETED,
              failed: s.parseRequests.FAILED,
            }),
          ),
        ]
      : []),
    el("h2", {}, t("status.pausedSites")),
    s.pausedSites.length
      ? el(
          "ul",
          { class: "st-paused" },
          s.pausedSites.map((p) =>
            el("li", {}, withSlot("status.pausedSite", { until: time(p.until) }, el("strong", {}, p.domain))),
          ),
        )
      : el("p", { class: "muted" }, t("status.noSitePaused")),
    el(
      "div",
      { class: "actions" },
      check,
      el("button", { class: "secondary", onclick: () => render() }, t("status.refresh")),
    ),
    result,
  );
}

addScreen({ path: "status", nav: () => t("status.title"), render });
