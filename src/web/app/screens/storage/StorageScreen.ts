// Storage screen: what your things take, by kind, and your limit; for admins, everyone's too.
import { locale, t, type MessageKey } from "../../i18n/i18n.ts";
import { addScreen, answer, app, client, el, stillShown } from "../../lib.ts";
import { size } from "../../ui/size.ts";

const KINDS: [
  key: "drafts" | "artifacts" | "uploads" | "images" | "records" | "archives",
  label: MessageKey,
][] = [
  ["records", "storage.kindRecords"],
  ["drafts", "storage.kindDrafts"],
  ["artifacts", "storage.kindArtifacts"],
  ["uploads", "storage.kindUploads"],
  ["images", "storage.kindImages"],
  ["archives", "storage.kindArchives"],
];

function table(caption: string, head: string[], rows: HTMLTableRowElement[]): HTMLElement {
  return el(
    "div",
    { class: "bk-scroll" },
    el(
      "table",
      { class: "bk-table" },
      el("caption", { class: "sr-only" }, caption),
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          head.map((h) => el("th", { scope: "col" }, h)),
        ),
      ),
      el("tbody", {}, rows),
    ),
  );
}

async function render(): Promise<void> {
  app.replaceChildren(el("h1", {}, t("storage.title")), el("p", { class: "muted" }, t("app.loading")));
  const shown = stillShown();
  const [mine, all] = await Promise.all([
    answer(client.GET("/api/storage")),
    answer(client.GET("/api/storage/people")),
  ]);
  if (!shown()) return;
  if (!mine.ok) {
    app.replaceChildren(
      el("h1", {}, t("storage.title")),
      el("p", { class: "error", role: "alert" }, mine.body?.message ?? t("storage.notAvailable")),
    );
    return;
  }
  const s = mine.body;
  const limit = s.limitBytes
    ? t("storage.youUseOf", { used: size(s.totalBytes), limit: size(s.limitBytes) })
    : t("storage.youUseNoLimit", { used: size(s.totalBytes) });
  const full = s.limitBytes !== null && s.totalBytes >= s.limitBytes * 0.9;
  app.replaceChildren(
    el("h1", {}, t("storage.title")),
    el("p", { class: full ? "error" : "" }, limit, full ? [" ", t("storage.makeRoom")] : ""),
    table(
      t("storage.yoursByKind"),
      [t("storage.colWhat"), t("storage.colSize")],
      KINDS.map(([k, label]) =>
        el("tr", {}, el("th", { scope: "row" }, t(label)), el("td", {}, size(s.usage[k]))),
      ),
    ),
    ...(all.ok
      ? [
          el("h2", {}, t("storage.everyone")),
          table(
            t("storage.everyoneCaption"),
            [t("storage.colPerson"), t("storage.colInAll"), ...KINDS.map(([, l]) => t(l))],
            all.body.people.map((p) =>
              el(
                "tr",
                {},
                el("th", { scope: "row" }, p.name),
                el("td", {}, size(p.totalBytes)),
                ...KINDS.map(([k]) => el("td", {}, size(p.usage[k]))),
              ),
            ),
          ),
          el("p", {}, t("storage.backupsTake", { size: size(all.body.backupsBytes) })),
          el("h2", {}, t("storage.cleanUps")),
          all.body.cleanUps.length
            ? el(
                "ul",
                {},
                all.body.cleanUps.map((c) =>
                  el(
                    "li",
                    {},
                    t("storage.cleanUp", {
                      at: new Date(c.ranAt).toLocaleString(locale(), {
                        dateStyle: "medium",
                        timeStyle: "short",
                      }),
                      drafts: c.draftsExpired,
                      copies: c.artifactsDeleted,
                      blobs: c.blobsDeleted,
                      recipes: c.recipesPurged,
                    }),
                  ),
                ),
              )
            : el("p", { class: "muted" }, t("storage.noCleanUpYet")),
        ]
      : []),
    el("p", { class: "muted" }, t("storage.noArchives")),
  );
}

addScreen({ path: "storage", nav: () => t("storage.title"), render });
