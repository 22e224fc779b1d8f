// The editor's ingredients (the review of a draft and the edit of a saved recipe): each one a
// single line of its parts (amount, unit, name, note) with a small menu for the rest (the line as
// written and "Read again", move, remove), in groups that fold, and the buttons that add a line or
// a group.
import { announce, answer, client, el } from "../../lib.ts";
import { t } from "../../i18n/i18n.ts";
import { fill, fmtQty } from "../recipes/words.ts";
import type { DraftIngredient, EditorContext } from "./reviewContext.ts";
import { lineToCheck } from "./lineToCheck.ts";
import { openRowMenu, rowMenu } from "./rowButtons.ts";

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

/** Below this parser confidence a line is flagged for the cook to check (the lines it gets wrong most). */
const UNSURE_BELOW = 0.85;
const isUnsure = (ing: DraftIngredient): boolean =>
  typeof ing.confidence === "number" && ing.confidence < UNSURE_BELOW && ing.text.trim() !== "";

export type IngredientEditor = {
  /** The list of rows. */
  box: HTMLElement;
  /** The buttons and box under the list that add a line or a group. */
  actions: HTMLElement;
  draw: () => void;
};

export function ingredientEditor(ctx: EditorContext): IngredientEditor {
  const { r } = ctx;
  const box = el("div", { class: "ingredients" });
  /** Lines whose note box the cook asked for or typed in: it stays shown when the list is drawn again. */
  const notesAsked = new WeakSet<DraftIngredient>();
  const draw = (): void => {
    const head = el(
      "div",
      { class: "ing-head", "aria-hidden": "true" },
      // The amount's and unit's columns are narrow on a phone: their names are shortened there.
      [
        [t("review.amountHead"), t("review.amountHeadShort")],
        [t("review.unitHead"), t("review.unitHeadShort")],
        [t("review.ingredientHead")],
        [t("review.noteHead")],
        [""],
      ].map(([long, short]) =>
        el(
          "span",
          {},
          short === undefined
            ? long
            : [el("span", { class: "head-long" }, long), el("span", { class: "head-short" }, short)],
        ),
      ),
    );
    const unsureCount = r.ingredients.filter(isUnsure).length;
    const out: HTMLElement[] = [head];
    if (unsureCount)
      out.push(el("p", { class: "unsure-note" }, t("review.unsureLines", { count: unsureCount })));
    let group: HTMLElement | null = null;
    let section: string | null | undefined;
    r.ingredients.forEach((ing, i) => {
      if (ing.section && ing.section !== section) {
        section = ing.section;
        group = sectionGroup(i, ing.section);
        out.push(group);
      } else if (!ing.section) {
        section = null;
        group = null;
      }
      const row = ingredientRow(ing, i);
      if (group) group.append(row);
      else out.push(row);
    });
    fill(box, ...out);
  };

  /** A group of lines under its name, folded by its summary; the name is edited inside. */
  function sectionGroup(start: number, name: string): HTMLElement {
    const sid = `sec-${start}`;
    const input = el("input", { id: sid, value: name, class: "section-name" });
    input.addEventListener("change", () => {
      const old = r.ingredients[start]?.section;
      for (let k = start; k < r.ingredients.length; k++) {
        const at = r.ingredients[k];
        if (!at || at.section !== old) break;
        at.section = input.value.trim() || null;
      }
      draw();
    });
    const count = r.ingredients.slice(start).findIndex((x) => x.section !== name);
    const n = count < 0 ? r.ingredients.length - start : count;
    return el(
      "details",
      { class: "ing-group", open: true },
      el("summary", {}, name, el("span", { class: "muted" }, t("review.groupLineCount", { count: n }))),
      el("div", { class: "section-row" }, el("label", { for: sid }, t("review.groupName")), input),
    );
  }

  const reparse = async (from: number, text: string): Promise<void> => {
    // The line is found again by itself after the answer: the cook may have moved or removed lines meanwhile.
    const asked = r.ingredients[from];
    const res = await answer(
      client.POST("/api/recipes/parse-ingredient", {
        body: { text, section: asked?.section ?? null },
      }),
    );
    const i = asked ? r.ingredients.indexOf(asked) : -1;
    const keep = r.ingredients[i];
    if (!res.ok || !keep) return;
    r.ingredients[i] = { ...res.body, section: keep.section, original: keep.original ?? keep.text };
    // The menu the cook has open stays open (this row's, or another they went on to meanwhile).
    const at = /^ing-(\d+)-menu$/.exec(box.querySelector("details.row-menu[open]")?.id ?? "");
    openRowMenu("ingredients", at ? Number(at[1]) : i);
    draw();
    announce(
      t("review.ingredientReadAgain", {
        n: i + 1,
        amount: fmtQty(res.body.quantity),
        unit: res.body.unit ?? "",
        name: res.body.name,
      }),
    );
    ctx.scheduleCheck();
  };

  /** The line as the cook reads it again from its parts, so "as written" follows an edit of them. */
  const lineOf = (ing: DraftIngredient): string =>
    [
      ing.quantity > 0 ? fmtQty(ing.quantity) + (ing.quantityMax ? `-${fmtQty(ing.quantityMax)}` : "") : "",
      ing.unit ?? "",
      ing.name,
      ing.notes ? `, ${ing.notes}` : "",
    ]
      .filter(Boolean)
      .join(" ")
      .replace(/ ,/g, ",");

  function ingredientRow(ing: DraftIngredient, i: number): HTMLElement {
    const n = i + 1;
    const line = el("input", { id: `ing-${i}-line`, value: ing.text });
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
      class: "qty",
      inputmode: "decimal",
      "aria-label": t("review.ingredientAmount", { n }),
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
        cur.original ??= ing.text;
        cur.text = lineOf(cur);
      }
      ctx.scheduleCheck();
    });
    const part = (key: "unit" | "name" | "notes", label: string): HTMLInputElement => {
      // `label`: what a screen reader calls the box ("Ingredient 2 unit").
      const node = el("input", {
        id: `ing-${i}-${key}`,
        value: ing[key] ?? "",
        // An empty note is hidden on a phone (review.css): a box a line under every ingredient
        // doubled the review's length for notes most lines never have.
        class: key === "notes" && !ing.notes && !notesAsked.has(ing) ? "notes empty" : key,
        "aria-label": label,
        placeholder: key === "notes" ? t("review.notePlaceholder") : null,
        "aria-describedby": key === "name" ? `note-ingredients-${i}-` : null,
      });
      node.addEventListener("input", () => {
        const cur = r.ingredients[i];
        if (cur) {
          if (key === "notes" && node.value) notesAsked.add(cur);
          if (key === "name") cur.name = node.value;
          else cur[key] = node.value || null;
          cur.confidence = 1;
          cur.original ??= ing.text;
          cur.text = lineOf(cur);
        }
        ctx.scheduleCheck();
      });
      return node;
    };
    const notes = part("notes", t("review.ingredientNote", { n }));
    const original = ing.original && ing.original !== ing.text ? ing.original : null;
    const unsure = isUnsure(ing);
    const menu = rowMenu(
      ctx,
      "ingredients",
      i,
      draw,
      el(
        "div",
        { class: "as-written" },
        el("label", { for: line.id }, t("review.ingredientAsWritten", { n })),
        line,
        original ? el("p", { class: "muted original" }, t("review.onThePage", { line: original })) : null,
        el(
          "button",
          { type: "button", class: "secondary small", onclick: () => void reparse(i, line.value) },
          t("review.readAgain"),
        ),
        // Where the note box is hidden (a phone, no note yet), the cook asks for it here.
        notes.classList.contains("empty")
          ? el(
              "button",
              {
                type: "button",
                class: "secondary small add-note",
                onclick: () => {
                  notesAsked.add(ing);
                  notes.classList.remove("empty");
                  menu.open = false;
                  notes.focus();
                },
              },
              t("review.addNote"),
            )
          : null,
      ),
    ) as HTMLDetailsElement;
    return el(
      "div",
      {
        class: `ing-row${unsure ? " unsure" : ""}`,
        role: "group",
        "aria-label": t("review.ingredientN", { n }),
      },
      el(
        "div",
        { class: "ing-line" },
        qty,
        part("unit", t("review.ingredientUnit", { n })),
        part("name", t("review.ingredientName", { n })),
        notes,
        menu,
      ),
      unsure ? el("span", { class: "sr-only" }, t("review.unsureLine")) : null,
      lineToCheck(ctx, "ingredients", i, ing.text),
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
    // A new line is typed whole and read by the server: its menu opens on the line's box.
    openRowMenu("ingredients", r.ingredients.length - 1);
    draw();
    document.getElementById(`ing-${r.ingredients.length - 1}-line`)?.focus();
  };
  const newSection = el("input", {
    id: "new-section",
    class: "short",
    placeholder: t("review.groupPlaceholder"),
  });

  const addGroup = el(
    "details",
    { class: "add-group" },
    el("summary", {}, t("review.addGroupSummary")),
    el("label", { for: "new-section", class: "inline" }, t("review.groupName")),
    newSection,
    el(
      "button",
      {
        type: "button",
        class: "secondary",
        onclick: () => {
          if (!newSection.value.trim()) return newSection.focus();
          addGroup.open = false;
          addIngredient(newSection.value.trim());
          newSection.value = "";
        },
      },
      t("review.addGroupButton"),
    ),
  );
  const actions = el(
    "div",
    { class: "actions compact" },
    el(
      "button",
      { type: "button", class: "secondary", onclick: () => addIngredient() },
      t("review.addIngredient"),
    ),
    addGroup,
  );
  return { box, actions, draw };
}
