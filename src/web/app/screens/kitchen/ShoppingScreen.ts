// Shopping lists made from the meal plan, by aisle, ticked off in the shop, and the pantry (what is
// kept in stock is left off new lists). DOM is built with textContent only.
import type { components } from "../../api/schema.gen.ts";
import { language, t } from "../../i18n/i18n.ts";
import { announce, answer, app, client, el, errorBox, fill, stillShown } from "../../lib.ts";
import { libraryId } from "./PlanScreen.ts";
import { plainProblem } from "../../ui/messages.ts";

type ShoppingItem = components["schemas"]["ShoppingItem"];

/** An aisle's name in the cook's language: the server names aisles from a fixed English set. */
function aisleWords(aisle: string): string {
  switch (aisle) {
    case "Produce":
      return t("kitchen.aisleProduce");
    case "Meat & fish":
      return t("kitchen.aisleMeatFish");
    case "Dairy & eggs":
      return t("kitchen.aisleDairyEggs");
    case "Bakery":
      return t("kitchen.aisleBakery");
    case "Baking":
      return t("kitchen.aisleBaking");
    case "Spices & seasonings":
      return t("kitchen.aisleSpices");
    case "Oils, vinegars & sauces":
      return t("kitchen.aisleOils");
    case "Pasta, rice & grains":
      return t("kitchen.aislePasta");
    case "Tins & jars":
      return t("kitchen.aisleTins");
    case "Frozen":
      return t("kitchen.aisleFrozen");
    case "Drinks":
      return t("kitchen.aisleDrinks");
    case "Other":
      return t("kitchen.aisleOther");
    default:
      return aisle;
  }
}

export async function renderLists() {
  const shown = stillShown();
  const lib = libraryId();
  const [r, pantry] = await Promise.all([
    answer(client.GET("/api/shopping-lists")),
    answer(client.GET("/api/pantry", { params: { query: lib ? { libraryId: lib } : {} } })),
  ]);
  if (!shown()) return;
  if (!r.ok) return fill(app, errorBox(r.body));
  const name = el("input", {
    id: "pantry-name",
    placeholder: t("kitchen.pantryPlaceholder"),
    autocomplete: "off",
  });
  fill(
    app,
    el(
      "section",
      { class: "rx" },
      el("h1", {}, t("kitchen.shoppingLists")),
      r.body.lists.length
        ? el(
            "ul",
            { class: "inbox" },
            r.body.lists.map((l) =>
              el(
                "li",
                {},
                el("a", { href: `#/shopping/${l.id}` }, l.name),
                el(
                  "span",
                  { class: "muted" },
                  ` · ${t("kitchen.listTicked", { checked: l.checked, items: l.items })}`,
                ),
              ),
            ),
          )
        : el("p", {}, t("kitchen.noLists")),
      el("h2", {}, t("kitchen.pantryHeading")),
      el("p", { class: "muted" }, t("kitchen.pantryNote")),
      pantry.ok && pantry.body.items.length
        ? el(
            "ul",
            { class: "pantry" },
            pantry.body.items.map((p) =>
              el(
                "li",
                {},
                p.name,
                " ",
                el(
                  "button",
                  {
                    class: "secondary small",
                    "aria-label": t("kitchen.removeFromPantry", { name: p.name }),
                    onclick: async () => (
                      await answer(client.DELETE("/api/pantry/{id}", { params: { path: { id: p.id } } })),
                      void renderLists()
                    ),
                  },
                  t("kitchen.removeButton"),
                ),
              ),
            ),
          )
        : null,
      el(
        "form",
        {
          class: "kc-row",
          onsubmit: async (e: Event) => {
            e.preventDefault();
            if (!name.value.trim()) return;
            await answer(
              client.POST("/api/pantry", {
                body: { name: name.value.trim(), ...(libraryId() ? { libraryId: libraryId() } : {}) },
              }),
            );
            void renderLists();
          },
        },
        el("label", { for: "pantry-name" }, t("kitchen.keepInPantry")),
        name,
        el("button", { type: "submit", class: "secondary" }, t("kitchen.addButton")),
      ),
    ),
  );
}

export async function renderList(id: string) {
  const shown = stillShown();
  const r = await answer(client.GET("/api/shopping-lists/{id}", { params: { path: { id } } }));
  if (!shown()) return;
  if (!r.ok) return fill(app, errorBox(r.body));
  const l = r.body;
  const toBuy = l.items.filter((i) => !i.pantry);
  const inPantry = l.items.filter((i) => i.pantry);
  const aisles = [...new Set(toBuy.map((i) => i.aisle))];
  const progress = el("p", { class: "muted", "aria-live": "polite" });
  const count = () =>
    (progress.textContent = t("kitchen.inBasket", {
      checked: toBuy.filter((i) => i.checked).length,
      total: toBuy.length,
    }));
  const textBox = el("div");
  const item = (i: ShoppingItem): HTMLLIElement => {
    const box = el("input", {
      type: "checkbox",
      id: `item-${i.id}`,
      checked: i.checked,
      onchange: async (e: Event) => {
        if (!(e.target instanceof HTMLInputElement)) return;
        const target = e.target;
        const want = target.checked;
        const res = await answer(
          client.PATCH("/api/shopping-lists/{id}/items/{itemId}", {
            params: { path: { id: l.id, itemId: i.id } },
            body: { checked: want },
          }),
        );
        if (!res.ok) {
          target.checked = !want;
          return;
        }
        i.checked = want;
        target.closest("li")?.classList.toggle("checked", want);
        count();
      },
    });
    return el(
      "li",
      { class: i.checked ? "checked" : null },
      box,
      el(
        "label",
        { for: `item-${i.id}` },
        i.text,
        i.unparsed ? el("span", { class: "muted small" }, ` ${t("kitchen.asRecipeWroteIt")}`) : null,
        el("span", { class: "muted small from" }, i.recipes.join(", ")),
      ),
    );
  };
  fill(
    app,
    el(
      "section",
      { class: "shopping rx" },
      el("h1", {}, l.name),
      progress,
      aisles.map((a) =>
        el(
          "section",
          { class: "aisle" },
          el("h2", {}, aisleWords(a)),
          el("ul", { class: "shop-items" }, toBuy.filter((i) => i.aisle === a).map(item)),
        ),
      ),
      inPantry.length
        ? el(
            "details",
            { class: "card" },
            el("summary", {}, t("kitchen.inYourPantry", { count: inPantry.length })),
            el("ul", { class: "shop-items" }, inPantry.map(item)),
          )
        : null,
      el(
        "div",
        { class: "actions no-print" },
        el(
          "button",
          {
            class: "secondary",
            onclick: async () => {
              const res = await answer(
                client.GET("/api/shopping-lists/{id}/text", {
                  // The aisles are named in the language the screen speaks.
                  params: { path: { id: l.id }, query: { lang: language() } },
                  parseAs: "text",
                }),
              );
              const text = res.ok ? res.body : plainProblem(res.body).text;

              fill(
                textBox,
                el("label", { for: "list-text" }, t("kitchen.listAsText")),
                el("textarea", { id: "list-text", rows: 12, readonly: true }, text),
              );
              try {
                await navigator.clipboard.writeText(text);
                announce(t("kitchen.copiedAnnounce"));
              } catch {
                announce(t("kitchen.shownBelowAnnounce"));
              }
            },
          },
          t("kitchen.copyAsText"),
        ),
        el("button", { class: "secondary", onclick: () => window.print() }, t("kitchen.printButton")),
        el("a", { class: "button secondary", href: "#/plan" }, t("kitchen.backToPlan")),
      ),
      textBox,
    ),
  );
  count();
}
