// The week's meal plan: recipes planned per day, in one of the cook's libraries, and the shopping
// list made from it. DOM is built with textContent only.
import { language, locale, t, unitSystem } from "../../i18n/i18n.ts";
import { announce, answer, app, client, el, errorBox, fill, stillShown } from "../../lib.ts";

/** The library plans and lists go to: the one chosen on the plan screen, else the caller's own. */
export function libraryId(): string | undefined {
  return sessionStorage.getItem("ladle.kitchen.library") || undefined;
}

export function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

function monday(offsetWeeks: number): Date {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7) + 7 * offsetWeeks);
  return d;
}

export async function renderPlan(weekArg?: string | number) {
  const shown = stillShown();
  const week = Number(weekArg) || 0;
  const start = monday(week);
  const days = Array.from({ length: 7 }, (_, n) => {
    const d = new Date(start);
    d.setDate(start.getDate() + n);
    return d;
  });
  const firstDay = days[0] ?? start;
  const lastDay = days[6] ?? start;
  const from = isoDay(firstDay);
  const to = isoDay(lastDay);
  const short = (d: Date) => d.toLocaleDateString(locale(), { day: "numeric", month: "short" });
  const weekWords = `${short(firstDay)} – ${short(lastDay)}`;
  const lib = libraryId();
  const [plan, recipes, libs] = await Promise.all([
    answer(client.GET("/api/plans", { params: { query: { from, to, ...(lib ? { libraryId: lib } : {}) } } })),
    answer(client.GET("/api/recipes", { params: { query: { pageSize: 100 } } })),
    answer(client.GET("/api/libraries")),
  ]);
  if (!shown()) return;
  if (!plan.ok) return fill(app, errorBox(plan.body));
  const options = recipes.ok ? recipes.body.items : [];
  const libraries = libs.ok ? libs.body.libraries : [];
  const problem = el("div");
  const libSelect =
    libraries.length > 1
      ? el(
          "select",
          {
            id: "plan-library",
            onchange: (e: Event) => {
              if (!(e.target instanceof HTMLSelectElement)) return;
              if (e.target.value) sessionStorage.setItem("ladle.kitchen.library", e.target.value);
              else sessionStorage.removeItem("ladle.kitchen.library");
              void renderPlan(week);
            },
          },
          el("option", { value: "" }, t("kitchen.allLibraries")),
          libraries.map((l) => el("option", { value: l.id, selected: l.id === lib }, l.name)),
        )
      : null;
  fill(
    app,
    el(
      "section",
      { class: "plan rx" },
      el("h1", {}, t("kitchen.planHeading")),
      el(
        "div",
        { class: "actions plan-weeks" },
        el("a", { class: "button secondary", href: `#/plan/${week - 1}` }, t("kitchen.previousWeek")),
        el("strong", {}, weekWords),
        el("a", { class: "button secondary", href: `#/plan/${week + 1}` }, t("kitchen.nextWeek")),
      ),
      libSelect
        ? el("p", {}, el("label", { for: "plan-library" }, t("kitchen.sharedWith"), " "), libSelect)
        : null,
      problem,
      el(
        "ol",
        { class: "plan-days" },
        days.map((d) => {
          const day = isoDay(d);
          const meals = plan.body.meals.filter((m) => m.day === day);
          const pick = el(
            "select",
            {
              id: `add-${day}`,
              "aria-label": t("kitchen.recipeForDay", {
                day: d.toLocaleDateString(locale(), { weekday: "long" }),
              }),
            },
            el("option", { value: "" }, t("kitchen.chooseRecipe")),
            options.map((o) => el("option", { value: o.id }, o.name)),
          );
          return el(
            "li",
            { class: "plan-day card" },
            el("h2", {}, d.toLocaleDateString(locale(), { weekday: "long", day: "numeric", month: "short" })),
            meals.length
              ? el(
                  "ul",
                  { class: "plan-meals" },
                  meals.map((m) =>
                    el(
                      "li",
                      {},
                      el("a", { href: `#/recipes/${m.recipeId}` }, m.recipeName),
                      m.servings
                        ? el("span", { class: "muted" }, ` · ${t("kitchen.serves", { count: m.servings })}`)
                        : null,
                      " ",
                      el(
                        "button",
                        {
                          class: "secondary small",
                          "aria-label": t("kitchen.removeMeal", { recipe: m.recipeName, day }),
                          onclick: async () => {
                            const r = await answer(
                              client.DELETE("/api/plans/{id}", { params: { path: { id: m.id } } }),
                            );
                            if (!r.ok) return fill(problem, errorBox(r.body));
                            void renderPlan(week);
                          },
                        },
                        t("kitchen.removeButton"),
                      ),
                    ),
                  ),
                )
              : el("p", { class: "muted" }, t("kitchen.nothingPlanned")),
            el(
              "form",
              {
                class: "kc-row",
                onsubmit: async (e: Event) => {
                  e.preventDefault();
                  if (!pick.value) return;
                  const r = await answer(
                    client.POST("/api/plans", {
                      body: { day, recipeId: pick.value, ...(lib ? { libraryId: lib } : {}) },
                    }),
                  );
                  if (!r.ok) return fill(problem, errorBox(r.body));
                  announce(t("kitchen.plannedAnnounce", { recipe: r.body.recipeName }));
                  void renderPlan(week);
                },
              },
              pick,
              el("button", { type: "submit", class: "secondary" }, t("kitchen.addButton")),
            ),
          );
        }),
      ),
      el(
        "div",
        { class: "actions" },
        el(
          "button",
          {
            class: "big",
            disabled: !plan.body.meals.length,
            onclick: async () => {
              const r = await answer(
                client.POST("/api/shopping-lists", {
                  // Named as this screen says the week, so the list and the plan say the days alike.
                  body: {
                    from,
                    to,
                    name: t("kitchen.shoppingListName", { week: weekWords }),
                    // Amounts in the cook's units and language (metric outside the US).
                    units: unitSystem(),
                    lang: language(),
                    ...(lib ? { libraryId: lib } : {}),
                  },
                }),
              );
              if (!r.ok) return fill(problem, errorBox(r.body));
              location.hash = `#/shopping/${r.body.id}`;
            },
          },
          t("kitchen.makeListButton"),
        ),
        el("a", { class: "button secondary", href: "#/shopping" }, t("kitchen.shoppingLists")),
      ),
    ),
  );
}
