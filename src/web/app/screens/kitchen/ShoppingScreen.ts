// Shopping lists made from the meal plan, by aisle, ticked off in the shop, and the pantry (what is
// kept in stock is left off new lists). DOM is built with textContent only.
import type { components } from "../../api/schema.gen.ts";
import { announce, answer, app, client, el, errorBox, fill, stillShown } from "../../lib.ts";
import { libraryId } from "./PlanScreen.ts";

type ShoppingItem = components["schemas"]["ShoppingItem"];

export async function renderLists() {
  const shown = stillShown();
  const lib = libraryId();
  const [r, pantry] = await Promise.all([
    answer(client.GET("/api/shopping-lists")),
    answer(client.GET("/api/pantry", { params: { query: lib ? { libraryId: lib } : {} } })),
  ]);
  if (!shown()) return;
  if (!r.ok) return fill(app, errorBox(r.body));
  const name = el("input", { id: "pantry-name", placeholder: "salt", autocomplete: "off" });
  fill(
    app,
    el(
      "section",
      { class: "rx" },
      el("h1", {}, "Shopping lists"),
      r.body.lists.length
        ? el(
            "ul",
            { class: "inbox" },
            r.body.lists.map((l) =>
              el(
                "li",
                {},
                el("a", { href: `#/shopping/${l.id}` }, l.name),
                el("span", { class: "muted" }, ` · ${l.checked} of ${l.items} ticked`),
              ),
            ),
          )
        : el("p", {}, "No lists yet. Plan some meals, then make the shopping list from the plan."),
      el("h2", {}, "Pantry"),
      el("p", { class: "muted" }, "What you keep in stock is left off new shopping lists."),
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
                    "aria-label": `Remove ${p.name} from the pantry`,
                    onclick: async () => (
                      await answer(client.DELETE("/api/pantry/{id}", { params: { path: { id: p.id } } })),
                      void renderLists()
                    ),
                  },
                  "Remove",
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
        el("label", { for: "pantry-name" }, "Keep in the pantry"),
        name,
        el("button", { type: "submit", class: "secondary" }, "Add"),
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
    (progress.textContent = `${toBuy.filter((i) => i.checked).length} of ${toBuy.length} in the basket`);
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
        i.unparsed ? el("span", { class: "muted small" }, " (as the recipe wrote it)") : null,
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
          el("h2", {}, a),
          el("ul", { class: "shop-items" }, toBuy.filter((i) => i.aisle === a).map(item)),
        ),
      ),
      inPantry.length
        ? el(
            "details",
            { class: "card" },
            el("summary", {}, `In your pantry (${inPantry.length})`),
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
                  params: { path: { id: l.id } },
                  parseAs: "text",
                }),
              );
              const text = res.ok ? res.body : res.body.message;

              fill(
                textBox,
                el("label", { for: "list-text" }, "The list as text"),
                el("textarea", { id: "list-text", rows: 12, readonly: true }, text),
              );
              try {
                await navigator.clipboard.writeText(text);
                announce("Copied the list.");
              } catch {
                announce("The list is shown as text below.");
              }
            },
          },
          "Copy as text",
        ),
        el("button", { class: "secondary", onclick: () => window.print() }, "Print"),
        el("a", { class: "button secondary", href: "#/plan" }, "Back to the plan"),
      ),
      textBox,
    ),
  );
  count();
}
