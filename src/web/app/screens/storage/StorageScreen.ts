// Storage screen: what your things take, by kind, and your limit; for admins, everyone's too.
import { addScreen, answer, app, client, el, stillShown } from "../../lib.ts";

const KINDS: [key: "drafts" | "artifacts" | "uploads" | "images" | "records" | "archives", label: string][] =
  [
    ["records", "Recipes, articles and bookmarks"],
    ["drafts", "Drafts waiting for review"],
    ["artifacts", "Page copies kept by imports"],
    ["uploads", "Uploaded files"],
    ["images", "Article pictures"],
    ["archives", "Kept copies of pages"],
  ];

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} kB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

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
  app.replaceChildren(el("h1", {}, "Storage"), el("p", { class: "muted" }, "Loading…"));
  const shown = stillShown();
  const [mine, all] = await Promise.all([
    answer(client.GET("/api/storage")),
    answer(client.GET("/api/storage/people")),
  ]);
  if (!shown()) return;
  if (!mine.ok) {
    app.replaceChildren(
      el("h1", {}, "Storage"),
      el("p", { class: "error", role: "alert" }, mine.body?.message ?? "Storage is not available."),
    );
    return;
  }
  const s = mine.body;
  const limit = s.limitBytes
    ? `You use ${size(s.totalBytes)} of your ${size(s.limitBytes)}.`
    : `You use ${size(s.totalBytes)}; there is no limit.`;
  const full = s.limitBytes !== null && s.totalBytes >= s.limitBytes * 0.9;
  app.replaceChildren(
    el("h1", {}, "Storage"),
    el(
      "p",
      { class: full ? "error" : "" },
      limit,
      full ? " Delete what you no longer need to make room." : "",
    ),
    table(
      "Your storage by kind",
      ["What", "Size"],
      KINDS.map(([k, label]) =>
        el("tr", {}, el("th", { scope: "row" }, label), el("td", {}, size(s.usage[k]))),
      ),
    ),
    ...(all.ok
      ? [
          el("h2", {}, "Everyone"),
          table(
            "Everyone's storage, largest first",
            ["Person", "In all", ...KINDS.map(([, l]) => l)],
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
          el("p", {}, `Backups take ${size(all.body.backupsBytes)} in their folder.`),
          el("h2", {}, "Clean-ups"),
          all.body.cleanUps.length
            ? el(
                "ul",
                {},
                all.body.cleanUps.map((c) =>
                  el(
                    "li",
                    {},
                    `${new Date(c.ranAt).toLocaleString([], { dateStyle: "medium", timeStyle: "short" })}: ` +
                      `${c.draftsExpired} expired drafts, ${c.artifactsDeleted} old page copies, ` +
                      `${c.blobsDeleted} expired uploads and pictures, ${c.recipesPurged} deleted recipes removed for good`,
                  ),
                ),
              )
            : el("p", { class: "muted" }, "No clean-up has run yet; it runs every ten minutes."),
        ]
      : []),
    el("p", { class: "muted" }, "Archived page copies are not kept by this version of Ladle."),
  );
}

addScreen({ path: "storage", nav: "Storage", render });
