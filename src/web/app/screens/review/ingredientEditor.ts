// The review editor's ingredients: each line as written, its parts (quantity, unit, name, notes)
// folded under it, sections, and the buttons that read a line again, move, remove and add lines.
import { announce, answer, client, el } from "../../lib.ts";
import { fill, fmtQty } from "../recipes/words.ts";
import type { DraftIngredient, ReviewContext } from "./reviewContext.ts";
import { lineToCheck } from "./lineToCheck.ts";
import { rowButtons } from "./rowButtons.ts";

/** "1 1/2" → 1.5, "2-3" → [2, 3], "" → 0. */
export function parseQty(s: string): [number, number | null] {
  const one = (x: string): number => {
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
function partsSummary(ing: DraftIngredient): string {
  const amount = [
    ing.quantity > 0 ? fmtQty(ing.quantity) + (ing.quantityMax ? `-${fmtQty(ing.quantityMax)}` : "") : "",
    ing.unit ?? "",
  ]
    .filter(Boolean)
    .join(" ");
  return [amount, ing.name, ing.notes].filter(Boolean).join(" · ") || "none read";
}

export type IngredientEditor = {
  /** The list of rows. */
  box: HTMLElement;
  /** The buttons and box under the list that add a line or a section. */
  actions: HTMLElement;
  draw: () => void;
};

export function ingredientEditor(ctx: ReviewContext): IngredientEditor {
  const { r } = ctx;
  const box = el("div", { class: "ingredients" });
  const draw = (): void => {
    const rows: HTMLElement[] = [];
    let section: string | null | undefined;
    r.ingredients.forEach((ing, i) => {
      if (ing.section !== section && ing.section) {
        section = ing.section;
        const sid = `sec-${i}`;
        const start = i;
        const name = el("input", { id: sid, value: ing.section, class: "section-name" });
        name.addEventListener("change", () => {
          const old = r.ingredients[start]?.section;
          for (let k = start; k < r.ingredients.length; k++) {
            const at = r.ingredients[k];
            if (!at || at.section !== old) break;
            at.section = name.value.trim() || null;
          }
          draw();
        });
        rows.push(el("div", { class: "section-row" }, el("label", { for: sid }, "Section"), name));
      } else if (!ing.section) section = null;
      rows.push(ingredientRow(ing, i));
    });
    fill(box, ...rows);
  };

  const reparse = async (i: number, text: string): Promise<void> => {
    const res = await answer(
      client.POST("/api/recipes/parse-ingredient", {
        body: { text, section: r.ingredients[i]?.section ?? null },
      }),
    );
    const keep = r.ingredients[i];
    if (!res.ok || !keep) return;
    r.ingredients[i] = { ...res.body, section: keep.section, original: keep.original ?? keep.text };
    draw();
    announce(
      `Ingredient ${i + 1} read again: ${fmtQty(res.body.quantity)} ${res.body.unit ?? ""} ${res.body.name}`,
    );
    ctx.scheduleCheck();
  };

  function ingredientRow(ing: DraftIngredient, i: number): HTMLElement {
    const n = i + 1;
    const line = el("input", {
      id: `ing-${i}-line`,
      value: ing.text,
      "aria-describedby": `note-ingredients-${i}-`,
    });
    line.addEventListener("change", () => {
      const cur = r.ingredients[i];
      if (cur) {
        cur.original ??= ing.text;
        cur.text = line.value;
      }
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
      const cur = r.ingredients[i];
      if (cur) {
        cur.quantity = Number.isNaN(a) ? -1 : a;
        cur.quantityMax = b;
        cur.confidence = 1;
      }
      ctx.scheduleCheck();
    });
    const part = (key: "unit" | "name" | "notes", label: string, cls: string): HTMLElement => {
      const node = el("input", { id: `ing-${i}-${key}`, value: ing[key] ?? "", class: cls });
      node.addEventListener("input", () => {
        const cur = r.ingredients[i];
        if (cur) {
          if (key === "name") cur.name = node.value;
          else cur[key] = node.value || null;
          cur.confidence = 1;
        }
        ctx.scheduleCheck();
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
    partsBox.addEventListener("input", () => {
      const cur = r.ingredients[i];
      if (cur) summary.textContent = partsSummary(cur);
    });
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
          rowButtons(ctx, "ingredients", i, draw),
        ),
      ),
      original ? el("p", { class: "muted original" }, `On the page: ${original}`) : null,
      unsure
        ? el("p", { class: "unsure-note" }, "Ladle was not sure how to read this line: check its parts.")
        : null,
      lineToCheck(ctx, "ingredients", i, ing.text),
      partsBox,
      ctx.noteFor(`ingredients[${i}]`),
    );
  }

  const addIngredient = (section?: string | null): void => {
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
    draw();
    document.getElementById(`ing-${r.ingredients.length - 1}-line`)?.focus();
  };
  const newSection = el("input", { id: "new-section", class: "short", placeholder: "For the sauce" });

  const actions = el(
    "div",
    { class: "actions" },
    el("button", { type: "button", class: "secondary", onclick: () => addIngredient() }, "Add an ingredient"),
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
  );
  return { box, actions, draw };
}
