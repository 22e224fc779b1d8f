// The review editor of an import's draft (its progress, the list and a recipe's page are in
// screens/recipes, the Add screen in screens/add) and the recipes route. Words on screen are for
// cooks: no internal codes.
import { addScreen, announce, answer, client, el, reviewPanelsFor, safeUrl } from "./lib.ts";
import { duplicatePanel } from "./screens/duplicates/DuplicatePanel.ts";
import { host, inDays } from "./screens/add/inbox.ts";
import { sourcePanel } from "./screens/review/sourcePanel.ts";
import { renderEditRecipe } from "./screens/recipes/editRecipe.ts";
import { renderRecipes } from "./screens/recipes/recipeList.ts";
import { renderRecipe } from "./screens/recipes/recipePage.ts";
import {
  draftImage,
  fill,
  fmtQty,
  pageUrl,
  problem,
  SOURCE_NAMES,
  STATUSES,
} from "./screens/recipes/words.ts";

// ---------------------------------------------------------------- review editor

const METHOD = {
  JsonLd: ["recipe data", "Taken from the recipe data the site publishes for search engines."],
  Microdata: ["page markup", "Taken from recipe markup inside the page."],
  Rdfa: ["page markup", "Taken from recipe markup inside the page."],
  Heuristic: ["page text", "Read from the page's visible text; check it."],
  Llm: ["language model", "Written by the language model from the page; check it."],
};

function badge(draft, key, fromText = false) {
  const method = draft.fieldMethods?.[key];
  // Pasted text and files have no page: their plain reading is "the text".
  const m =
    fromText && method === "Heuristic" ? ["the text", "Read from the text; check it."] : METHOD[method];
  return m ? el("span", { class: "prov", title: m[1] }, m[0]) : null;
}

/** "1 1/2" → 1.5, "2-3" → [2, 3], "" → 0. */
function parseQty(s) {
  const one = (x) => {
    x = x.trim();
    if (!x) return 0;
    const mixed = /^(\d+)\s+(\d+)\/(\d+)$/.exec(x);
    if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
    const frac = /^(\d+)\/(\d+)$/.exec(x);
    if (frac) return Number(frac[1]) / Number(frac[2]);
    const n = Number(x.replace(",", "."));
    return Number.isFinite(n) ? n : NaN;
  };
  const [a, b] = String(s).split(/\s*[-–]\s*/);
  return [one(a ?? ""), b === undefined ? null : one(b)];
}

/** Below this parser confidence a line's parts are shown open and flagged for the cook to check. */
const UNSURE_BELOW = 0.85;

/** A parsed line's parts in a few words: "2 cup · flour · sifted". */
function partsSummary(ing) {
  const amount = [
    ing.quantity > 0 ? fmtQty(ing.quantity) + (ing.quantityMax ? `-${fmtQty(ing.quantityMax)}` : "") : "",
    ing.unit ?? "",
  ]
    .filter(Boolean)
    .join(" ");
  return [amount, ing.name, ing.notes].filter(Boolean).join(" · ") || "none read";
}

export function renderReview(task, etag, into) {
  const source = SOURCE_NAMES[task.payload?.sourceType] ?? null;
  if (task.status === "Failed") {
    return fill(
      into,
      el(
        "div",
        { class: "card" },
        el("h2", {}, task.error?.code === "TASK_CANCELLED" ? "Import cancelled" : "The import did not work"),
        // A text or file import's message is written for what it read; a page's codes have advice.
        source ? problem({ message: task.error?.message }) : problem(task.error),
        el("p", {}, el("a", { href: "#/" }, "Try again, or add another recipe")),
        artifactLinks(task.taskId, source),
      ),
      ...reviewPanelsFor(task),
    );
  }
  if (task.status !== "ReviewReady") {
    return fill(
      into,
      el(
        "div",
        { class: "card" },
        el("p", {}, `This import is ${(STATUSES[task.status] ?? task.status).toLowerCase()}.`),
        task.recipeId ? el("a", { href: `#/recipes/${task.recipeId}` }, "Open the recipe") : null,
      ),
    );
  }
  const draft = task.result.draft;
  const r = structuredClone(draft.recipe);
  /** @type {{ ack: boolean, check: any, dupOf: string | null, dupSeen: string }} */
  const state = { ack: false, check: null, dupOf: null, dupSeen: "" };
  const dupCache = new Map(); // recipe id → the recipe the cook has, for the comparison
  const fieldNotes = new Map(); // field → element showing its messages
  const noteFor = (field) => {
    const n = el("div", { class: "field-note", id: `note-${field.replace(/[^\w]/g, "-")}` });
    fieldNotes.set(field, n);
    return n;
  };

  // Simple fields
  const input = (label, key, { type = "text", area = false, parse = (v) => v, show = (v) => v } = {}) => {
    const id = `f-${key}`;
    const node = el(area ? "textarea" : "input", {
      id,
      ...(area ? { rows: 3 } : { type }),
      ...(type === "number" ? { min: 0, inputmode: "numeric" } : {}),
      value: show(r[key]) ?? "",
      "aria-describedby": `note-${key}`,
    });
    node.addEventListener("input", () => {
      r[key] = parse(node.value);
      scheduleCheck();
    });
    return el(
      "div",
      { class: "field" },
      el("div", { class: "label-row" }, el("label", { for: id }, label), badge(draft, key, Boolean(source))),
      node,
      noteFor(key),
    );
  };
  const num = (v) => (v === "" ? 0 : Math.round(Number(v)));
  // Zero is how a draft says "not known": the box stays empty rather than saying 0 servings.
  const blankZero = (v) => (v ? v : "");
  const list = (v) =>
    v
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean);

  // Ingredients
  const ingBox = el("div", { class: "ingredients" });
  const drawIngredients = () => {
    const rows = [];
    let section;
    r.ingredients.forEach((ing, i) => {
      if (ing.section !== section && ing.section) {
        section = ing.section;
        const sid = `sec-${i}`;
        const start = i;
        const name = el("input", { id: sid, value: ing.section, class: "section-name" });
        name.addEventListener("change", () => {
          const old = r.ingredients[start].section;
          for (let k = start; k < r.ingredients.length && r.ingredients[k].section === old; k++)
            r.ingredients[k].section = name.value.trim() || null;
          drawIngredients();
        });
        rows.push(el("div", { class: "section-row" }, el("label", { for: sid }, "Section"), name));
      } else if (!ing.section) section = null;
      rows.push(ingredientRow(ing, i));
    });
    fill(ingBox, ...rows);
  };
  const reparse = async (i, text) => {
    const res = await answer(
      client.POST("/api/recipes/parse-ingredient", { body: { text, section: r.ingredients[i].section } }),
    );
    if (!res.ok) return;
    const keep = r.ingredients[i];
    r.ingredients[i] = { ...res.body, section: keep.section, original: keep.original ?? keep.text };
    drawIngredients();
    announce(
      `Ingredient ${i + 1} read again: ${fmtQty(res.body.quantity)} ${res.body.unit ?? ""} ${res.body.name}`,
    );
    scheduleCheck();
  };
  // The two lists a cook reorders, by their key in the recipe: the word on screen and the id prefix
  // of their rows.
  const LISTS = {
    ingredients: { what: "Ingredient", id: "ing" },
    instructions: { what: "Step", id: "step" },
  };
  const move = (key, i, d, draw) => {
    const arr = r[key];
    const j = i + d;
    if (j < 0 || j >= arr.length) return;
    [arr[i], arr[j]] = [arr[j], arr[i]];
    draw();
    announce(`${LISTS[key].what} ${i + 1} moved to position ${j + 1}`);
    // Focus follows the row to its new place, so pressing the same button again keeps moving it.
    document.getElementById(`${LISTS[key].id}-${j}-${d < 0 ? "up" : "down"}`)?.focus();
    scheduleCheck();
  };
  // The ↑ ↓ ✕ buttons that end an ingredient row and a step row: both lists move and remove a row
  // alike. The list is looked up by key at click time, as a paraphrase replaces r.instructions.
  const rowButtons = (key, i, draw) => {
    const { what, id } = LISTS[key];
    const n = i + 1;
    const noun = what.toLowerCase();
    return [
      el(
        "button",
        {
          type: "button",
          id: `${id}-${i}-up`,
          class: "icon",
          "aria-label": `Move ${noun} ${n} up`,
          disabled: i === 0,
          onclick: () => move(key, i, -1, draw),
        },
        "↑",
      ),
      el(
        "button",
        {
          type: "button",
          id: `${id}-${i}-down`,
          class: "icon",
          "aria-label": `Move ${noun} ${n} down`,
          disabled: i === r[key].length - 1,
          onclick: () => move(key, i, 1, draw),
        },
        "↓",
      ),
      el(
        "button",
        {
          type: "button",
          class: "icon danger",
          "aria-label": `Remove ${noun} ${n}`,
          onclick: () => {
            r[key].splice(i, 1);
            draw();
            // Said aloud for both lists: a screen-reader user hears what the button did.
            announce(`${what} ${n} removed`);
            scheduleCheck();
          },
        },
        "✕",
      ),
    ];
  };
  function ingredientRow(ing, i) {
    const n = i + 1;
    const line = el("input", {
      id: `ing-${i}-line`,
      value: ing.text,
      "aria-describedby": `note-ingredients-${i}-`,
    });
    line.addEventListener("change", () => {
      r.ingredients[i].original ??= ing.text;
      r.ingredients[i].text = line.value;
      void reparse(i, line.value);
    });
    const qty = el("input", {
      id: `ing-${i}-qty`,
      inputmode: "decimal",
      value: ing.quantity
        ? fmtQty(ing.quantity) + (ing.quantityMax ? `-${fmtQty(ing.quantityMax)}` : "")
        : "",
    });
    qty.addEventListener("input", () => {
      const [a, b] = parseQty(qty.value);
      r.ingredients[i].quantity = Number.isNaN(a) ? -1 : a;
      r.ingredients[i].quantityMax = b;
      r.ingredients[i].confidence = 1;
      scheduleCheck();
    });
    const part = (key, label, cls) => {
      const node = el("input", { id: `ing-${i}-${key}`, value: ing[key] ?? "", class: cls });
      node.addEventListener("input", () => {
        r.ingredients[i][key] = key === "name" ? node.value : node.value || null;
        r.ingredients[i].confidence = 1;
        scheduleCheck();
      });
      return el(
        "div",
        { class: `part ${cls}` },
        el("label", { for: node.id }, el("span", { class: "sr-only" }, `Ingredient ${n} `), label),
        node,
      );
    };
    const original = ing.original && ing.original !== ing.text ? ing.original : null;
    // The parser's parts stay folded under the line unless it was unsure of them (below 0.85, the
    // lines it gets wrong most): then they are open and the row says to check them.
    const unsure =
      typeof ing.confidence === "number" && ing.confidence < UNSURE_BELOW && ing.text.trim() !== "";
    const summary = el("span", { class: "parts-summary" }, partsSummary(ing));
    const partsBox = el(
      "details",
      { class: "ing-parts-box", open: unsure },
      el("summary", {}, el("span", { class: "sr-only" }, `Ingredient ${n} `), "Parts: ", summary),
      el(
        "div",
        { class: "ing-parts" },
        el(
          "div",
          { class: "part qty" },
          el("label", { for: qty.id }, el("span", { class: "sr-only" }, `Ingredient ${n} `), "Quantity"),
          qty,
        ),
        part("unit", "Unit", "unit"),
        part("name", "Name", "name"),
        part("notes", "Notes", "notes"),
      ),
    );
    partsBox.addEventListener("input", () => (summary.textContent = partsSummary(r.ingredients[i])));
    return el(
      "div",
      { class: `ing-row${unsure ? " unsure" : ""}`, role: "group", "aria-label": `Ingredient ${n}` },
      el(
        "div",
        { class: "ing-line" },
        el("label", { for: line.id }, `Ingredient ${n}`),
        line,
        el(
          "div",
          { class: "row-tools" },
          el(
            "button",
            { type: "button", class: "secondary small", onclick: () => void reparse(i, line.value) },
            "Read again",
          ),
          rowButtons("ingredients", i, drawIngredients),
        ),
      ),
      original ? el("p", { class: "muted original" }, `On the page: ${original}`) : null,
      unsure
        ? el("p", { class: "unsure-note" }, "Ladle was not sure how to read this line: check its parts.")
        : null,
      partsBox,
      noteFor(`ingredients[${i}]`),
    );
  }
  const addIngredient = (section) => {
    const last = r.ingredients.at(-1);
    r.ingredients.push({
      text: "",
      quantity: 0,
      quantityMax: null,
      unit: null,
      name: "",
      notes: null,
      section: section === undefined ? (last?.section ?? null) : section,
      optional: false,
      confidence: 1,
    });
    drawIngredients();
    document.getElementById(`ing-${r.ingredients.length - 1}-line`)?.focus();
  };
  const newSection = el("input", { id: "new-section", class: "short", placeholder: "For the sauce" });

  // Steps
  const stepBox = el("ol", { class: "steps" });
  const drawSteps = () => {
    fill(
      stepBox,
      ...r.instructions.map((s, i) => {
        const n = i + 1;
        const ta = el("textarea", {
          id: `step-${i}`,
          rows: 3,
          value: s.text,
          "aria-describedby": `note-instructions-${i}-`,
        });
        ta.addEventListener("input", () => {
          r.instructions[i] = { ...r.instructions[i], text: ta.value };
          scheduleCheck();
        });
        const sec = el("input", { id: `step-${i}-section`, value: s.section ?? "", class: "section-name" });
        sec.addEventListener("input", () => (r.instructions[i].section = sec.value.trim() || null));
        return el(
          "li",
          { id: `step-li-${i}` },
          el("label", { for: ta.id }, `Step ${n}`),
          ta,
          el(
            "div",
            { class: "row-tools" },
            el("label", { for: sec.id, class: "inline" }, "Section"),
            sec,
            rowButtons("instructions", i, drawSteps),
          ),
          noteFor(`instructions[${i}]`),
        );
      }),
    );
    markFlagged();
  };

  // Nutrition
  const nutrition = el(
    "div",
    { class: "nutrition-edit" },
    Object.entries(r.nutrition ?? {}).map(([k, v]) => {
      const id = `nut-${k}`;
      const node = el("input", { id, value: v });
      node.addEventListener("input", () => (r.nutrition[k] = node.value));
      return el(
        "div",
        { class: "part" },
        el(
          "label",
          { for: id },
          k
            .replace(/Content$/, "")
            .replace(/([A-Z])/g, " $1")
            .toLowerCase(),
        ),
        node,
      );
    }),
  );

  // Image choice among the draft's candidates, or another address
  const candidates = [
    ...new Set([draft.recipe.imageUrl, ...(draft.alternates ?? []).map((a) => a.imageUrl)].filter(safeUrl)),
  ];
  const images = el(
    "fieldset",
    { class: "images" },
    el("legend", {}, "Picture ", badge(draft, "imageUrl", Boolean(source))),
    candidates.map((u, i) =>
      el(
        "label",
        { class: "image-choice" },
        el("input", {
          type: "radio",
          name: "image",
          value: u,
          checked: u === r.imageUrl,
          onchange: () => ((r.imageUrl = u), scheduleCheck()),
        }),
        el("img", {
          src: draftImage(task, u),
          alt: `Picture ${i + 1} from the page`,
          loading: "lazy",
          referrerpolicy: "no-referrer",
          onerror: (e) =>
            e.target.replaceWith(el("span", { class: "muted" }, `Picture ${i + 1} (not loading)`)),
        }),
      ),
    ),
    el(
      "label",
      { class: "image-choice" },
      el("input", {
        type: "radio",
        name: "image",
        value: "",
        checked: !r.imageUrl,
        onchange: () => ((r.imageUrl = null), scheduleCheck()),
      }),
      "No picture",
    ),
    input("Or another picture address", "imageUrl", { type: "url", parse: (v) => v.trim() || null }),
  );

  // Guardrail, validation, duplicate
  const guard = el("div", { class: "guard" });
  const summary = el("div", { class: "summary", "aria-live": "polite" });
  const dup = el("div");
  const out = el("div");

  function markFlagged() {
    const g = state.check?.guardrail;
    for (const li of stepBox.children) li.classList.remove("flagged");
    for (const f of g?.findings ?? [])
      for (const i of f.steps) document.getElementById(`step-li-${i}`)?.classList.add("flagged");
  }

  function showCheck(c) {
    state.check = c;
    for (const n of fieldNotes.values()) fill(n);
    for (const n of into.querySelectorAll("[aria-invalid]")) n.removeAttribute("aria-invalid");
    const put = (issue, cls) => {
      const key = [issue.field, issue.field.replace(/\..*$/, ""), issue.field.replace(/\[.*$/, "")].find(
        (k) => fieldNotes.has(k),
      );
      const n = fieldNotes.get(key);
      if (n) n.append(el("p", { class: cls }, issue.message));
      if (cls === "error")
        document
          .getElementById(n?.getAttribute("id")?.replace(/^note-/, "f-"))
          ?.setAttribute("aria-invalid", "true");
    };
    c.errors.forEach((e) => put(e, "error"));
    c.warnings.forEach((w) => put(w, "warning"));
    fill(
      summary,
      c.errors.length
        ? el(
            "p",
            { class: "error" },
            `${c.errors.length} field${c.errors.length > 1 ? "s need" : " needs"} fixing before saving.`,
          )
        : null,
      c.warnings.length
        ? el(
            "details",
            {},
            el("summary", {}, `${c.warnings.length} thing${c.warnings.length > 1 ? "s" : ""} to check`),
            el(
              "ul",
              { class: "warning" },
              c.warnings.map((w) => el("li", {}, w.message)),
            ),
          )
        : null,
    );
    const g = c.guardrail;
    const errs = g.findings.filter((f) => f.level === "error");
    if (!g.violatesPolicy) {
      state.ack = false;
      // Not checked is not a pass: say so, so the cook looks at the wording before sharing it.
      fill(
        guard,
        g.similarity?.checked === false
          ? el(
              "p",
              { class: "muted guard-unchecked" },
              /own words/.test(g.similarity.details ?? "")
                ? "These are your own words, so there is nothing to compare: the copy check is only for what someone else wrote."
                : "We could not compare this recipe's wording with the page: the page showed no text of its own. If you share the recipe, check that the steps are in your own words.",
            )
          : null,
      );
    } else {
      fill(
        guard,
        el(
          "div",
          { class: "guard-box", role: "region", "aria-label": "Copied text" },
          errs.map((f) => el("p", {}, source ? f.message.replace(/the site's/g, "the author's") : f.message)),
          el(
            "p",
            { class: "muted" },
            source
              ? "Recipes are free to use, but the wording of a book, a magazine or a video is its author's. Rewrite the marked text in your own words, or keep it for your personal use."
              : "Recipes are free to use, but a site's own wording is its author's. Rewrite the marked text in your own words, or keep it for your personal use.",
          ),
          el(
            "div",
            { class: "actions" },
            g.policy === "block"
              ? el("p", { class: "muted" }, "On this server the text must be rewritten before saving.")
              : state.ack
                ? [
                    el("p", { class: "ok" }, "Kept for personal use. This is recorded with the recipe."),
                    el(
                      "button",
                      {
                        type: "button",
                        class: "secondary",
                        onclick: () => ((state.ack = false), showCheck(c)),
                      },
                      "Undo",
                    ),
                  ]
                : el(
                    "button",
                    {
                      type: "button",
                      id: "keep-personal",
                      onclick: () => ((state.ack = true), showCheck(c)),
                    },
                    "Keep it for personal use",
                  ),
            g.paraphraseAvailable
              ? el(
                  "button",
                  {
                    type: "button",
                    class: "secondary",
                    onclick: async (e) => {
                      e.target.disabled = true;
                      e.target.textContent = "Rewriting…";
                      const p = await answer(
                        client.POST("/api/recipes/paraphrase", {
                          body: { taskId: task.taskId, draftRecipe: r },
                        }),
                      );
                      e.target.disabled = false;
                      e.target.textContent = "Rewrite it in other words";
                      if (!p.ok) return guard.append(problem(p.body));
                      r.description = p.body.recipe.description;
                      r.instructions = p.body.recipe.instructions;
                      /** @type {HTMLTextAreaElement} */ (document.getElementById("f-description")).value =
                        r.description ?? "";
                      drawSteps();
                      showCheck(p.body);
                    },
                  },
                  "Rewrite it in other words",
                )
              : null,
          ),
        ),
      );
    }
    markFlagged();
    // "You already have this" (screens/duplicates), drawn again only when the matches change.
    const seen = (c.duplicates ?? []).map((d) => d.recipeId).join();
    if (seen !== state.dupSeen) {
      state.dupSeen = seen;
      fill(
        dup,
        seen
          ? duplicatePanel({
              matches: c.duplicates,
              draft: () => r,
              state,
              cache: dupCache,
              onChoose: (action) => void commit(action),
            })
          : null,
      );
    }
  }

  let timer = null;
  let seq = 0;
  async function runCheck() {
    const mine = ++seq;
    const c = await answer(
      client.POST("/api/recipes/check", { body: { taskId: task.taskId, draftRecipe: r } }),
    );
    if (mine !== seq) return;
    if (c.ok) showCheck(c.body);
    else if (c.body?.details?.errors && state.check)
      showCheck({ ...state.check, errors: c.body.details.errors, warnings: [] });
  }
  function scheduleCheck() {
    clearTimeout(timer);
    timer = setTimeout(() => void runCheck(), 500);
  }

  const commit = async (duplicateAction) => {
    clearTimeout(timer);
    if (state.check?.duplicates?.length && !duplicateAction) {
      fill(
        out,
        el(
          "p",
          { class: "error", role: "alert" },
          "You already have this recipe: choose above whether to update the one you have, keep both or drop this draft.",
        ),
      );
      return document.getElementById("duplicate")?.focus();
    }
    const body = {
      taskId: task.taskId,
      draftRecipe: { ...r, ingredients: r.ingredients.map(({ original, ...i }) => (void original, i)) },
      ...(state.ack ? { acknowledgeGuardrail: true } : {}),
      ...(duplicateAction ? { duplicateAction } : {}),
      ...(duplicateAction === "replace" && state.dupOf ? { duplicateOf: state.dupOf } : {}),
    };
    const rr = await answer(
      client.POST("/api/recipes/import", { body, headers: etag ? { "if-match": etag } : {} }),
    );
    if (!rr.ok) {
      if (rr.body?.details?.errors) void runCheck();
      fill(out, problem(rr.body));
      return;
    }
    if ("dropped" in rr.body) {
      announce("Draft dropped: you already had this recipe.");
      location.hash = "#/";
      return;
    }
    location.hash = `#/recipes/${rr.body.recipe.id}`;
  };
  const reject = async () => {
    const rr = await answer(
      client.POST("/api/tasks/{id}/reject", {
        params: { path: { id: task.taskId } },
        body: { reason: "discarded in the web UI" },
      }),
    );
    if (!rr.ok) return fill(out, problem(rr.body));
    location.hash = "#/";
  };

  const form = el(
    "form",
    { class: "card review rx", onsubmit: (e) => (e.preventDefault(), void commit()) },
    el("h2", {}, "Review the draft"),
    el(
      "p",
      { class: "muted" },
      "From ",
      pageUrl(draft.source.url)
        ? el(
            "a",
            { href: draft.source.url, rel: "noopener noreferrer nofollow", target: "_blank" },
            draft.source.siteName ?? host(draft.source.url),
          )
        : (source ?? "an unknown source"),
      draft.source.author ? ` · by ${draft.source.author}` : "",
      task.expiresAt ? ` · this draft ${inDays(task.expiresAt)}` : "",
    ),
    summary,
    dup,
    input("Name", "name"),
    input("Description", "description", { area: true, parse: (v) => v || null }),
    el(
      "div",
      { class: "row" },
      input("Servings", "servings", { type: "number", parse: num, show: blankZero }),
      input("Yield as written", "yield", { parse: (v) => v || null }),
    ),
    el(
      "div",
      { class: "row" },
      input("Preparation (minutes)", "prepTimeMinutes", { type: "number", parse: num, show: blankZero }),
      input("Cooking (minutes)", "cookTimeMinutes", { type: "number", parse: num, show: blankZero }),
      input("Total (minutes)", "totalTimeMinutes", { type: "number", parse: num, show: blankZero }),
    ),
    el(
      "div",
      { class: "row" },
      input("Cuisine", "cuisine", { parse: (v) => v || null }),
      input("Category (comma-separated)", "category", { parse: list, show: (v) => (v ?? []).join(", ") }),
      input("Tags (comma-separated)", "tags", { parse: list, show: (v) => (v ?? []).join(", ") }),
    ),
    images,
    el("h3", {}, "Ingredients ", badge(draft, "ingredients", Boolean(source))),
    noteFor("ingredients"),
    ingBox,
    el(
      "div",
      { class: "actions" },
      el(
        "button",
        { type: "button", class: "secondary", onclick: () => addIngredient() },
        "Add an ingredient",
      ),
      el("label", { for: "new-section", class: "inline" }, "New section"),
      newSection,
      el(
        "button",
        {
          type: "button",
          class: "secondary",
          onclick: () => {
            if (!newSection.value.trim()) return newSection.focus();
            addIngredient(newSection.value.trim());
            newSection.value = "";
          },
        },
        "Add section",
      ),
    ),
    el("h3", {}, "Steps ", badge(draft, "instructions", Boolean(source))),
    noteFor("instructions"),
    guard,
    stepBox,
    el(
      "div",
      { class: "actions" },
      el(
        "button",
        {
          type: "button",
          class: "secondary",
          onclick: () => {
            r.instructions.push({ text: "", section: r.instructions.at(-1)?.section ?? null });
            drawSteps();
            document.getElementById(`step-${r.instructions.length - 1}`)?.focus();
          },
        },
        "Add a step",
      ),
    ),
    Object.keys(r.nutrition ?? {}).length
      ? [el("h3", {}, "Nutrition ", badge(draft, "nutrition", Boolean(source))), nutrition]
      : null,
    el(
      "div",
      { class: "actions sticky" },
      el("button", { type: "submit" }, "Save recipe"),
      el("button", { type: "button", class: "secondary", onclick: reject }, "Discard draft"),
    ),
    out,
    artifactLinks(task.taskId, source),
  );
  // The draft beside what it was read from, so the cook can compare line by line.
  fill(
    into,
    el(
      "div",
      { class: "review-side", "data-source": source ? "" : null },
      form,
      sourcePanel(task.taskId, source),
    ),
    ...reviewPanelsFor(task),
  );
  drawIngredients();
  drawSteps();
  void runCheck();
}

/**
 * What Ladle kept of the source, as links.
 * @param {string} taskId
 * @param {string | null} [source] a text or file import's source ("your text"); null for a page
 */
function artifactLinks(taskId, source = null) {
  const list = el("ul", { class: "plain" });
  void answer(client.GET("/api/tasks/{id}/artifacts", { params: { path: { id: taskId } } })).then((r) => {
    if (r.ok)
      fill(
        list,
        ...r.body.artifacts.map((a) =>
          el(
            "li",
            {},
            el("a", { href: a.href, target: "_blank", rel: "noopener" }, a.name),
            el("span", { class: "muted" }, ` ${a.size} bytes${a.truncated ? ", shortened" : ""}`),
          ),
        ),
      );
  });
  return el(
    "details",
    {},
    el("summary", {}, source ? `What Ladle kept from ${source}` : "What Ladle kept from the page"),
    list,
  );
}

addScreen({
  path: "recipes",
  nav: "Recipes",
  render: (id, sub) => (sub === "edit" ? renderEditRecipe(id) : id ? renderRecipe(id) : renderRecipes()),
});
