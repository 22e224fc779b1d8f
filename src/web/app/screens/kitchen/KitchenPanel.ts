// The recipe page's public link panel: make or turn off a link anyone can read the recipe at (cook
// mode and planning are the page's first actions, recipes/recipeActions.ts). DOM is built with
// textContent only.
import type { Recipe } from "../../api/types.ts";
import { locale, t } from "../../i18n/i18n.ts";
import { announce, answer, client, el, errorBox, fill } from "../../lib.ts";

/** The panel for a stored recipe (registered by KitchenScreen.ts). */
export function recipeKitchenPanel(x: Recipe): HTMLElement {
  const note = el("p", { class: "muted", "aria-live": "polite" });
  const shareBox = el("div", { class: "share-box" });
  const drawShares = async () => {
    const r = await answer(client.GET("/api/recipe-shares", { params: { query: { recipeId: x.id } } }));
    if (!r.ok) return fill(shareBox);
    fill(
      shareBox,
      r.body.shares.map((s) =>
        el(
          "p",
          {},
          t("kitchen.publicLinkMade", { date: new Date(s.createdAt).toLocaleDateString(locale()) }),
          " ",
          el(
            "button",
            {
              class: "secondary small",
              onclick: async () => {
                const d = await answer(
                  client.DELETE("/api/recipe-shares/{id}", { params: { path: { id: s.id } } }),
                );
                if (d.ok) {
                  announce(t("kitchen.linkOffAnnounce"));
                  void drawShares();
                }
              },
            },
            t("kitchen.turnOffLinkButton"),
          ),
        ),
      ),
    );
  };
  void drawShares();
  return el(
    "section",
    { class: "card kitchen-panel no-print" },
    el("h2", {}, t("kitchen.publicLink")),
    note,
    el(
      "div",
      { class: "actions" },
      el(
        "button",
        {
          class: "secondary",
          onclick: async () => {
            const r = await answer(client.POST("/api/recipe-shares", { body: { recipeId: x.id } }));
            if (!r.ok) return fill(note, errorBox(r.body));
            const link = `${location.origin}${r.body.url}`;
            fill(
              note,
              el("span", {}, t("kitchen.anyoneCanRead"), " "),
              el("input", {
                class: "share-link",
                readonly: true,
                value: link,
                "aria-label": t("kitchen.publicLink"),
              }),
            );
            void drawShares();
          },
        },
        t("kitchen.makeLinkButton"),
      ),
    ),
    shareBox,
  );
}
