import { decodeHTML } from "entities";
import { cookSteps } from "./sourceTruth.ts";

// A recipe written out as a cook would type it, in a few house styles, from the corpus's reviewed
// fields (never the page): the text the typed source is, and the same lines as a printable page.

/** The reviewed fields a house style writes (the corpus's expected output). */
export interface Expected {
  title?: unknown;
  ingredients?: unknown;
  ingredient_groups?: unknown;
  instructions_list?: unknown;
  yields?: unknown;
  prep_time?: unknown;
  cook_time?: unknown;
  total_time?: unknown;
  language?: unknown;
}

/** One line of a written recipe: what it is (for the printed page's look) and its text. */
export interface Block {
  kind: "title" | "meta" | "heading" | "item" | "step" | "para" | "blank";
  text: string;
  /** A list mark printed before the text ("•", "1.", "-"). */
  mark?: string;
}

export const STYLES = ["list", "magazine", "card", "native"] as const;
export type Style = (typeof STYLES)[number];

// A field's text as a cook types it: no markup or entities, and no soft hyphens (a page's
// invisible hyphenation points, which a printed page does not keep).
const clean = (s: unknown): string =>
  decodeHTML(decodeHTML(String(s ?? "")))
    .replace(/<[^>]*>/g, " ")
    .replace(/\u00ad/g, "")
    .replace(/\s+/g, " ")
    .trim();

const minutesOf = (v: unknown): number => {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : 0;
  return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
};

/** Minutes as a card writes them: "45 minutes", "1 hour 10 minutes" (long) or "1 hr 10 mins" (short). */
export function writeMinutes(m: number, form: "long" | "short" | "min"): string {
  const h = Math.floor(m / 60);
  const r = m % 60;
  if (form === "min") return h ? `${h} hr${r ? ` ${r} min` : ""}` : `${r} min`;
  const [hw, mw] = form === "long" ? ["hour", "minute"] : ["hr", "min"];
  const hs = h ? `${h} ${hw}${h > 1 ? "s" : ""}` : "";
  const ms = r ? `${r} ${mw}${r > 1 ? "s" : ""}` : "";
  return [hs, ms].filter(Boolean).join(" ");
}

interface Fields {
  title: string;
  groups: { purpose: string | null; lines: string[] }[];
  steps: string[];
  yieldNumber: string | null;
  servings: boolean;
  yieldText: string;
  prep: number;
  cook: number;
  total: number;
  lang: string;
}

/** The steps a house style writes, and every source is scored on (sourceTruth.ts). */
export const writtenSteps = (e: Expected): string[] =>
  cookSteps(
    Array.isArray(e.instructions_list) ? e.instructions_list.map(clean).filter(Boolean) : [],
    clean(e.title),
  );

/** The ingredient lines a house style writes, and every source is scored on. */
export const writtenIngredients = (e: Expected): string[] =>
  Array.isArray(e.ingredients) ? e.ingredients.map(clean).filter(Boolean) : [];

function fieldsOf(e: Expected): Fields | null {
  const title = clean(e.title);
  const ingredients = writtenIngredients(e);
  const steps = writtenSteps(e);
  if (!title || !ingredients.length || !steps.length) return null;
  // The page's groups when they cover the list exactly (the headings are not ingredients).
  let groups: Fields["groups"] = [{ purpose: null, lines: ingredients }];
  if (Array.isArray(e.ingredient_groups) && e.ingredient_groups.length > 1) {
    const gs = (e.ingredient_groups as { purpose?: unknown; ingredients?: unknown }[]).map((g) => ({
      purpose: g.purpose ? clean(g.purpose) || null : null,
      lines: Array.isArray(g.ingredients) ? g.ingredients.map(clean).filter(Boolean) : [],
    }));
    if (gs.flatMap((g) => g.lines).join("\n") === ingredients.join("\n")) groups = gs;
  }
  const y = clean(e.yields);
  const num = /\d+/.exec(y)?.[0] ?? null;
  return {
    title,
    groups,
    steps,
    yieldNumber: num,
    servings: /serving|portion|people|person/i.test(y) || /^\d+$/.test(y),
    yieldText: y,
    prep: minutesOf(e.prep_time),
    cook: minutesOf(e.cook_time),
    total: minutesOf(e.total_time),
    lang: String(e.language ?? "en")
      .slice(0, 2)
      .toLowerCase(),
  };
}

/** Words of the native style, per language (a cook's usual headings and labels). */
const NATIVE: Record<
  string,
  {
    ing: string;
    method: string;
    serves: (n: string) => string;
    prep: string;
    cook: string;
    total: string;
    h: string;
  }
> = {
  de: {
    ing: "Zutaten",
    method: "Zubereitung",
    serves: (n) => `Für ${n} Personen`,
    prep: "Vorbereitungszeit",
    cook: "Kochzeit",
    total: "Gesamtzeit",
    h: "Std.",
  },
  fr: {
    ing: "Ingrédients",
    method: "Préparation",
    serves: (n) => `Pour ${n} personnes`,
    prep: "Temps de préparation",
    cook: "Temps de cuisson",
    total: "Temps total",
    h: "h",
  },
  es: {
    ing: "Ingredientes",
    method: "Preparación",
    serves: (n) => `Para ${n} personas`,
    prep: "Tiempo de preparación",
    cook: "Tiempo de cocción",
    total: "Tiempo total",
    h: "h",
  },
  it: {
    ing: "Ingredienti",
    method: "Preparazione",
    serves: (n) => `Per ${n} persone`,
    prep: "Tempo di preparazione",
    cook: "Tempo di cottura",
    total: "Tempo totale",
    h: "h",
  },
  nl: {
    ing: "Ingrediënten",
    method: "Bereiding",
    serves: (n) => `Voor ${n} personen`,
    prep: "Voorbereidingstijd",
    cook: "Kooktijd",
    total: "Totale tijd",
    h: "uur",
  },
  pt: {
    ing: "Ingredientes",
    method: "Modo de preparo",
    serves: (n) => `Rende ${n} porções`,
    prep: "Tempo de preparo",
    cook: "Tempo de cozimento",
    total: "Tempo total",
    h: "h",
  },
  sv: {
    ing: "Ingredienser",
    method: "Gör så här",
    serves: (n) => `${n} portioner`,
    prep: "Förberedelsetid",
    cook: "Tillagningstid",
    total: "Total tid",
    h: "tim",
  },
  da: {
    ing: "Ingredienser",
    method: "Fremgangsmåde",
    serves: (n) => `${n} personer`,
    prep: "Forberedelsestid",
    cook: "Tilberedningstid",
    total: "Samlet tid",
    h: "t",
  },
};

/** The styles a recipe is written in: the native style only where the page is in one of its languages. */
export function stylesFor(e: Expected): Style[] {
  const f = fieldsOf(e);
  if (!f) return [];
  return STYLES.filter((s) => s !== "native" || f.lang in NATIVE);
}

/** A group's heading as a card writes it: "For the glaze:" (a purpose that says "For …" already kept). */
const forThe = (purpose: string): string => {
  const p = purpose.replace(/:$/, "");
  return /^for\b/i.test(p) ? `${p}:` : `For the ${p.toLowerCase()}:`;
};

/** The recipe in one house style, as lines; null when the fields lack a title, ingredients or steps. */
export function writeRecipe(e: Expected, style: Style): Block[] | null {
  const f = fieldsOf(e);
  if (!f) return null;
  const out: Block[] = [];
  const blank = () => out.push({ kind: "blank", text: "" });
  const sumOk = f.prep && f.cook && f.total === f.prep + f.cook;
  if (style === "list") {
    out.push({ kind: "title", text: f.title });
    blank();
    if (f.yieldNumber)
      out.push({ kind: "meta", text: f.servings ? `Serves ${f.yieldNumber}` : `Makes ${f.yieldText}` });
    if (f.prep) out.push({ kind: "meta", text: `Prep time: ${writeMinutes(f.prep, "long")}` });
    if (f.cook) out.push({ kind: "meta", text: `Cook time: ${writeMinutes(f.cook, "long")}` });
    if (f.total) out.push({ kind: "meta", text: `Total time: ${writeMinutes(f.total, "long")}` });
    blank();
    out.push({ kind: "heading", text: "Ingredients:" });
    for (const g of f.groups) {
      if (g.purpose) out.push({ kind: "heading", text: `${g.purpose.replace(/:$/, "")}:` });
      for (const l of g.lines) out.push({ kind: "item", text: l, mark: "•" });
    }
    blank();
    out.push({ kind: "heading", text: "Method" });
    f.steps.forEach((s, i) => out.push({ kind: "step", text: s, mark: `${i + 1}.` }));
  } else if (style === "magazine") {
    out.push({ kind: "title", text: f.title });
    const meta = [
      f.yieldNumber ? (f.servings ? `Serves ${f.yieldNumber}` : `Makes ${f.yieldText}`) : "",
      f.prep ? `Prep ${writeMinutes(f.prep, "min")}` : "",
      f.cook ? `Cook ${writeMinutes(f.cook, "min")}` : "",
      f.total && !sumOk ? `Total ${writeMinutes(f.total, "min")}` : "",
    ].filter(Boolean);
    if (meta.length) out.push({ kind: "meta", text: meta.join(" · ") });
    blank();
    out.push({ kind: "heading", text: "INGREDIENTS" });
    for (const g of f.groups) {
      if (g.purpose) out.push({ kind: "heading", text: g.purpose.replace(/:$/, "").toUpperCase() });
      for (const l of g.lines) out.push({ kind: "item", text: l });
    }
    blank();
    out.push({ kind: "heading", text: "METHOD" });
    for (const s of f.steps) {
      out.push({ kind: "para", text: s });
      blank();
    }
    out.pop();
  } else if (style === "card") {
    out.push({ kind: "title", text: f.title.toUpperCase() });
    if (f.yieldNumber)
      out.push({ kind: "meta", text: f.servings ? `Serves ${f.yieldNumber}` : `Makes ${f.yieldText}` });
    const pc = [
      f.prep ? `Prep ${writeMinutes(f.prep, "long")}` : "",
      f.cook ? `cook ${writeMinutes(f.cook, "long")}` : "",
    ]
      .filter(Boolean)
      .join(", ");
    if (pc) out.push({ kind: "meta", text: pc.charAt(0).toUpperCase() + pc.slice(1) });
    if (f.total && !sumOk) out.push({ kind: "meta", text: `Ready in ${writeMinutes(f.total, "short")}` });
    blank();
    out.push({ kind: "heading", text: "You will need" });
    for (const g of f.groups) {
      if (g.purpose) out.push({ kind: "heading", text: forThe(g.purpose) });
      for (const l of g.lines) out.push({ kind: "item", text: l, mark: "-" });
    }
    blank();
    out.push({ kind: "heading", text: "Directions" });
    f.steps.forEach((s, i) => {
      out.push({ kind: "heading", text: `Step ${i + 1}` });
      out.push({ kind: "para", text: s });
    });
  } else {
    const w = NATIVE[f.lang];
    if (!w) return null;
    const t = (m: number) =>
      m >= 60 ? `${Math.floor(m / 60)} ${w.h}${m % 60 ? ` ${m % 60} min` : ""}` : `${m} min`;
    out.push({ kind: "title", text: f.title });
    blank();
    if (f.yieldNumber) out.push({ kind: "meta", text: w.serves(f.yieldNumber) });
    if (f.prep) out.push({ kind: "meta", text: `${w.prep}: ${t(f.prep)}` });
    if (f.cook) out.push({ kind: "meta", text: `${w.cook}: ${t(f.cook)}` });
    if (f.total) out.push({ kind: "meta", text: `${w.total}: ${t(f.total)}` });
    blank();
    out.push({ kind: "heading", text: w.ing });
    for (const g of f.groups) {
      if (g.purpose) out.push({ kind: "heading", text: `${g.purpose.replace(/:$/, "")}:` });
      for (const l of g.lines) out.push({ kind: "item", text: l, mark: "-" });
    }
    blank();
    out.push({ kind: "heading", text: w.method });
    f.steps.forEach((s, i) => out.push({ kind: "step", text: s, mark: `${i + 1}.` }));
  }
  return out;
}

/** The typed text of a written recipe. */
export function asText(blocks: Block[]): string {
  return `${blocks.map((b) => (b.mark ? `${b.mark} ${b.text}` : b.text)).join("\n")}\n`;
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The written recipe as a page to print or photograph: the same lines, a list's wrapped lines hanging. */
export function asHtml(blocks: Block[], look: { font: string; sizePx: number; widthPx?: number }): string {
  const body = blocks
    .map((b) => {
      if (b.kind === "blank") return `<div class="blank"></div>`;
      const mark = b.mark ? `<span class="mark">${esc(b.mark)}</span>` : "";
      return `<div class="${b.kind}">${mark}${esc(b.text)}</div>`;
    })
    .join("\n");
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  body { font-family: "${look.font}"; font-size: ${look.sizePx}px; line-height: 1.35; color: #111; background: #fff;
    margin: 0; padding: 36px 44px; ${look.widthPx ? `width: ${look.widthPx}px;` : ""} }
  .title { font-size: 1.6em; font-weight: bold; margin-bottom: 4px; }
  .heading { font-weight: bold; margin-top: 6px; }
  .blank { height: 0.9em; }
  .item, .step { padding-left: 1.6em; text-indent: -1.6em; }
  .mark { display: inline-block; width: 1.6em; text-indent: 0; }
  .para { margin-bottom: 2px; }
</style></head><body>
${body}
</body></html>`;
}
