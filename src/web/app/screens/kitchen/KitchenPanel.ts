// The recipe page's "In the kitchen" panel: start cook mode, plan the recipe for a day, and make or
// turn off its public link. DOM is built with textContent only.
import type { Recipe } from "../../api/types.ts";
import { announce, answer, client, el, errorBox, fill } from "../../lib.ts";
import { savedChoice } from "./kitchenControls.ts";
import { isoDay, libraryId } from "./PlanScreen.ts";

/** The panel for a stored recipe (registered by KitchenScreen.ts). */
export function recipeKitchenPanel(x: Recipe): HTMLElement {
  const day = el("input", { type: "date", id: "plan-day", value: isoDay(new Date()) });
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
          `Public link made ${new Date(s.createdAt).toLocaleDateString()}. `,
          el(
            "button",
            {
              class: "secondary small",
              onclick: async () => {
                const d = await answer(
                  client.DELETE("/api/recipe-shares/{id}", { params: { path: { id: s.id } } }),
                );
                if (d.ok) {
                  announce("The link is turned off.");
                  void drawShares();
                }
              },
            },
            "Turn off this link",
          ),
        ),
      ),
    );
  };
  void drawShares();
  return el(
    "section",
    { class: "card kitchen-panel no-print" },
    el("h2", {}, "In the kitchen"),
    el(
      "div",
      { class: "actions" },
      el("a", { class: "button big", href: `#/cook/${x.id}` }, "Start cook mode"),
    ),
    el(
      "form",
      {
        class: "kc-row",
        onsubmit: async (e: Event) => {
          e.preventDefault();
          const saved = savedChoice(x.id);
          const r = await answer(
            client.POST("/api/plans", {
              body: {
                day: day.value,
                recipeId: x.id,
                ...(saved.servings && x.servings ? { servings: Math.round(saved.servings) } : {}),
                ...(libraryId() ? { libraryId: libraryId() } : {}),
              },
            }),
          );
          fill(
            note,
            r.ok ? `Planned for ${new Date(`${day.value}T12:00`).toLocaleDateString()}.` : errorBox(r.body),
          );
        },
      },
      el("label", { for: "plan-day" }, "Plan it for"),
      day,
      el("button", { type: "submit", class: "secondary" }, "Add to plan"),
    ),
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
              el("span", {}, "Anyone with this link can read the recipe: "),
              el("input", { class: "share-link", readonly: true, value: link, "aria-label": "Public link" }),
            );
            void drawShares();
          },
        },
        "Make a public link",
      ),
    ),
    shareBox,
  );
}
