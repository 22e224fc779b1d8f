// In the kitchen: scaling and converting a recipe (by the server's engine), cook mode, the week's
// meal plan and its shopping list, and a recipe's public link. DOM is built with textContent only.
import { addRecipePanel, addScreen, announce, answer, app, client, el, errorBox, stillShown } from "./lib.ts";

/** The library plans and lists go to: the one chosen on the plan screen, else the caller's own. */
function libraryId() {
  return sessionStorage.getItem("ladle.kitchen.library") || undefined;
}

function fill(node, ...kids) {
  node.replaceChildren(...kids.flat().filter((k) => k !== null && k !== undefined && k !== false));
  return node;
}

// ---------------------------------------------------------------- recipe page panel

function recipeKitchenPanel(x) {
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
        onsubmit: async (e) => {
          e.preventDefault();
          const saved = JSON.parse(sessionStorage.getItem(`ladle.kitchen.${x.id}`) || "{}");
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

// ---------------------------------------------------------------- cook mode

function fmtClock(s) {
  const m = Math.floor(s / 60);
  const sec = s % 60;
  return m >= 60
    ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${String(sec).padStart(2, "0")}`
    : `${m}:${String(sec).padStart(2, "0")}`;
}

const timers = [];
let wakeLock = null;

async function keepAwake() {
  try {
    wakeLock = (await navigator.wakeLock?.request("screen")) ?? null;
  } catch {
    wakeLock = null;
  }
}

async function renderCook(id, stepArg) {
  const shown = stillShown();
  const saved = JSON.parse(sessionStorage.getItem(`ladle.kitchen.${id}`) || "{}");
  const first = await answer(client.GET("/api/recipes/{id}", { params: { path: { id } } }));
  if (!shown()) return;
  if (!first.ok) return fill(app, errorBox(first.body));
  const query = {
    units: saved.units || "original",
    ...(saved.servings && first.body.servings ? { servings: Number(saved.servings) } : { factor: 1 }),
  };
  const r = await answer(
    client.GET("/api/recipes/{id}", {
      params: { path: { id }, query },
    }),
  );
  if (!shown()) return;
  if (!r.ok) return fill(app, errorBox(r.body));
  const x = r.body;
  const steps = x.instructions;
  let i = Math.min(Math.max(0, Number(stepArg) || 0), Math.max(0, steps.length - 1));
  void keepAwake();
  const onVisible = () => document.visibilityState === "visible" && !wakeLock && void keepAwake();
  document.addEventListener("visibilitychange", onVisible);

  const timerBar = el("div", { class: "cook-timers", "aria-live": "polite" });
  const body = el("div", { class: "cook-step" });
  const counter = el("p", { class: "cook-count" });
  const prev = el("button", { class: "cook-nav secondary", onclick: () => go(i - 1) }, "← Back");
  const next = el("button", { class: "cook-nav", onclick: () => go(i + 1) }, "Next →");
  const close = () => {
    cleanup();
    location.hash = `#/recipes/${id}`;
  };
  const view = el(
    "div",
    { class: "cook-mode", role: "dialog", "aria-label": `Cooking ${x.name}` },
    el(
      "div",
      { class: "cook-top" },
      el("span", { class: "cook-title" }, x.name),
      el("button", { class: "secondary cook-exit", onclick: close }, "Exit cook mode"),
    ),
    timerBar,
    counter,
    body,
    el("div", { class: "cook-bottom" }, prev, next),
  );

  const drawTimers = () => {
    fill(
      timerBar,
      timers.map((t) =>
        el(
          "div",
          { class: `cook-timer${t.left <= 0 ? " done" : ""}`, role: "timer" },
          el("span", {}, `${t.label}: `),
          el("strong", {}, t.left <= 0 ? "Time!" : fmtClock(t.left)),
          el(
            "button",
            {
              class: "secondary small",
              onclick: () => {
                clearInterval(t.handle);
                timers.splice(timers.indexOf(t), 1);
                drawTimers();
              },
            },
            t.left <= 0 ? "Done" : "Stop",
          ),
        ),
      ),
    );
  };
  const startTimer = (label, seconds) => {
    const t = { label, left: seconds, handle: 0, ends: Date.now() + seconds * 1000 };
    t.handle = setInterval(() => {
      t.left = Math.max(0, Math.round((t.ends - Date.now()) / 1000));
      if (t.left <= 0) {
        clearInterval(t.handle);
        announce(`${label} is up.`);
        navigator.vibrate?.([300, 100, 300]);
      }
      drawTimers();
    }, 1000);
    timers.push(t);
    drawTimers();
    announce(`Timer started: ${label}.`);
  };

  function draw() {
    const s = steps[i];
    counter.textContent = steps.length
      ? `Step ${i + 1} of ${steps.length}${s?.section ? ` · ${s.section}` : ""}`
      : "";
    const uses = (s?.ingredients ?? []).flatMap((n) => x.ingredients[n] ?? []);
    const timers = s?.timers ?? [];
    fill(
      body,
      el("p", { class: "cook-text" }, s ? s.text : "This recipe has no steps."),
      timers.length
        ? el(
            "div",
            { class: "cook-timer-buttons" },
            timers.map((t) =>
              el(
                "button",
                { class: "big", onclick: () => startTimer(t.label, t.seconds) },
                `Start timer: ${t.label}`,
              ),
            ),
          )
        : null,
      uses.length
        ? el(
            "div",
            { class: "cook-uses" },
            el("h2", {}, "This step uses"),
            el(
              "ul",
              {},
              uses.map((u) => el("li", { class: "used" }, u.display ?? u.text)),
            ),
          )
        : null,
    );
    prev.disabled = i === 0;
    next.textContent = i >= steps.length - 1 ? "Finish" : "Next →";
    history.replaceState(null, "", `#/cook/${id}/${i}`);
  }
  function go(n) {
    if (n >= steps.length) return close();
    if (n < 0) return;
    i = n;
    draw();
    next.focus();
  }
  const onKey = (e) => {
    if (e.target instanceof HTMLInputElement) return;
    const step = { ArrowRight: 1, " ": 1, PageDown: 1, ArrowLeft: -1, PageUp: -1 }[e.key];
    if (step) {
      e.preventDefault();
      go(i + step);
    } else if (e.key === "Escape") close();
  };
  let touchX = null;
  view.addEventListener("touchstart", (e) => (touchX = e.changedTouches[0]?.clientX ?? null), {
    passive: true,
  });
  view.addEventListener(
    "touchend",
    (e) => {
      if (touchX === null) return;
      const dx = (e.changedTouches[0]?.clientX ?? touchX) - touchX;
      touchX = null;
      if (Math.abs(dx) > 60) go(dx < 0 ? i + 1 : i - 1);
    },
    { passive: true },
  );
  document.addEventListener("keydown", onKey);
  const onHash = () => {
    if (!location.hash.startsWith(`#/cook/${id}`)) cleanup();
  };
  window.addEventListener("hashchange", onHash);
  function cleanup() {
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("hashchange", onHash);
    document.body.classList.remove("cooking");
    void wakeLock?.release?.();
    wakeLock = null;
  }
  document.body.classList.add("cooking");
  fill(app, view);
  drawTimers();
  draw();
  next.focus();
}

// ---------------------------------------------------------------- meal plan

function isoDay(d) {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

function monday(offsetWeeks) {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7) + 7 * offsetWeeks);
  return d;
}

async function renderPlan(weekArg) {
  const shown = stillShown();
  const week = Number(weekArg) || 0;
  const start = monday(week);
  const days = Array.from({ length: 7 }, (_, n) => {
    const d = new Date(start);
    d.setDate(start.getDate() + n);
    return d;
  });
  const from = isoDay(days[0]);
  const to = isoDay(days[6]);
  const [firstDay, lastDay] = /** @type {[Date, Date]} */ ([days[0], days[6]]);
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
            onchange: (e) => {
              if (e.target.value) sessionStorage.setItem("ladle.kitchen.library", e.target.value);
              else sessionStorage.removeItem("ladle.kitchen.library");
              void renderPlan(week);
            },
          },
          el("option", { value: "" }, "All my libraries"),
          libraries.map((l) => el("option", { value: l.id, selected: l.id === lib }, l.name)),
        )
      : null;
  fill(
    app,
    el(
      "section",
      { class: "plan rx" },
      el("h1", {}, "Meal plan"),
      el(
        "div",
        { class: "actions plan-weeks" },
        el("a", { class: "button secondary", href: `#/plan/${week - 1}` }, "← Previous week"),
        el(
          "strong",
          {},
          `${firstDay.toLocaleDateString(undefined, { day: "numeric", month: "short" })} – ${lastDay.toLocaleDateString(undefined, { day: "numeric", month: "short" })}`,
        ),
        el("a", { class: "button secondary", href: `#/plan/${week + 1}` }, "Next week →"),
      ),
      libSelect ? el("p", {}, el("label", { for: "plan-library" }, "Shared with "), libSelect) : null,
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
              "aria-label": `Recipe for ${d.toLocaleDateString(undefined, { weekday: "long" })}`,
            },
            el("option", { value: "" }, "Choose a recipe…"),
            options.map((o) => el("option", { value: o.id }, o.name)),
          );
          return el(
            "li",
            { class: "plan-day card" },
            el(
              "h2",
              {},
              d.toLocaleDateString(undefined, { weekday: "long", day: "numeric", month: "short" }),
            ),
            meals.length
              ? el(
                  "ul",
                  { class: "plan-meals" },
                  meals.map((m) =>
                    el(
                      "li",
                      {},
                      el("a", { href: `#/recipes/${m.recipeId}` }, m.recipeName),
                      m.servings ? el("span", { class: "muted" }, ` · serves ${m.servings}`) : null,
                      " ",
                      el(
                        "button",
                        {
                          class: "secondary small",
                          "aria-label": `Remove ${m.recipeName} from ${day}`,
                          onclick: async () => {
                            const r = await answer(
                              client.DELETE("/api/plans/{id}", { params: { path: { id: m.id } } }),
                            );
                            if (!r.ok) return fill(problem, errorBox(r.body));
                            void renderPlan(week);
                          },
                        },
                        "Remove",
                      ),
                    ),
                  ),
                )
              : el("p", { class: "muted" }, "Nothing planned."),
            el(
              "form",
              {
                class: "kc-row",
                onsubmit: async (e) => {
                  e.preventDefault();
                  if (!pick.value) return;
                  const r = await answer(
                    client.POST("/api/plans", {
                      body: { day, recipeId: pick.value, ...(lib ? { libraryId: lib } : {}) },
                    }),
                  );
                  if (!r.ok) return fill(problem, errorBox(r.body));
                  announce(`${r.body.recipeName} planned.`);
                  void renderPlan(week);
                },
              },
              pick,
              el("button", { type: "submit", class: "secondary" }, "Add"),
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
                  body: { from, to, ...(lib ? { libraryId: lib } : {}) },
                }),
              );
              if (!r.ok) return fill(problem, errorBox(r.body));
              location.hash = `#/shopping/${r.body.id}`;
            },
          },
          "Make the shopping list",
        ),
        el("a", { class: "button secondary", href: "#/shopping" }, "Shopping lists"),
      ),
    ),
  );
}

// ---------------------------------------------------------------- shopping lists

async function renderLists() {
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
          onsubmit: async (e) => {
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

async function renderList(id) {
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
  const item = (i) => {
    const box = el("input", {
      type: "checkbox",
      id: `item-${i.id}`,
      checked: i.checked,
      onchange: async (e) => {
        const want = e.target.checked;
        const res = await answer(
          client.PATCH("/api/shopping-lists/{id}/items/{itemId}", {
            params: { path: { id: l.id, itemId: i.id } },
            body: { checked: want },
          }),
        );
        if (!res.ok) {
          e.target.checked = !want;
          return;
        }
        i.checked = want;
        e.target.closest("li").classList.toggle("checked", want);
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

addRecipePanel(recipeKitchenPanel);
addScreen({ path: "plan", nav: "Plan", render: (week) => renderPlan(week) });
addScreen({ path: "shopping", nav: "Shopping", render: (id) => (id ? renderList(id) : renderLists()) });
addScreen({ path: "cook", render: (id, step) => renderCook(id, step) });
