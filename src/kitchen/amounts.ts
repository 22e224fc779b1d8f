import { UNITS, unitId } from "../normalize/units.ts";
import { decimalIn, mixedIn, spoonIn, unitWordIn, type AmountLanguage } from "./amountWords.ts";

export type { AmountLanguage };

/**
 * Cook-friendly amounts: which unit to say an amount in and how to round it (⅓ cup, not 0.333 cup;
 * 1 kg, not 1000 g; 6 tbsp, not ⅜ cup). Hand-written: unit libraries convert exactly but know
 * nothing of the fractions a measuring cup has or of when a cook switches from spoons to cups.
 */

/** Which measuring system a cook wants to read: as the recipe wrote it, metric, or US customary. */
export type UnitSystem = "original" | "metric" | "us";

/** An amount ready to show: its number(s), the unit id (or a unit as written), and the words. */
export interface Amount {
  quantity: number;
  quantityMax: number | null;
  /** House unit spelling ("cup", "g", "EL", "can"), null for a bare count. */
  unit: string | null;
  /** "1½ cups", "2-3", "1 lb 2 oz", "1 pinch". */
  text: string;
}

const VULGAR: [number, string][] = [
  [1 / 8, "⅛"],
  [1 / 4, "¼"],
  [1 / 3, "⅓"],
  [3 / 8, "⅜"],
  [1 / 2, "½"],
  [5 / 8, "⅝"],
  [2 / 3, "⅔"],
  [3 / 4, "¾"],
  [7 / 8, "⅞"],
];

/**
 * A number as a cook writes it: 1.5 → "1½", 0.333 → "⅓", 2.25 → "2¼", 1.2 → "1.2"; in another
 * language "1 ½" and "1,2" (amountWords.ts).
 */
export function formatNumber(n: number, lang: AmountLanguage = "en"): string {
  if (!Number.isFinite(n)) return "";
  const whole = Math.floor(n + 1e-9);
  const rest = n - whole;
  if (rest < 0.01) return String(whole);
  if (rest > 0.99) return String(whole + 1);
  const f = VULGAR.find(([v]) => Math.abs(v - rest) < 0.01);
  if (f) return mixedIn(whole, f[1], lang);
  return decimalIn(n, lang);
}

// Metric amounts are written with decimals ("1.5 kg"), as metric recipes and scales do.
const METRIC_DECIMAL = new Set(["g", "kg", "mg", "ml", "cl", "dl", "l"]);

/** A metric number: "1.25", "500", "2.5" (in German "1,25", "500", "2,5"). */
export function formatDecimal(n: number, lang: AmountLanguage = "en"): string {
  return decimalIn(n, lang);
}

/**
 * A number beside unit `id` in `lang`: metric weights and volumes in decimals outside English
 * ("1,5 kg"), everything else as formatNumber says it (English unchanged).
 */
export function formatAmount(n: number, id: string | null, lang: AmountLanguage): string {
  return lang !== "en" && id && METRIC_DECIMAL.has(id) ? formatDecimal(n, lang) : formatNumber(n, lang);
}

/** Rounds `v` to the nearest of `steps` (fractions of one, added to whole numbers). */
function nearest(v: number, steps: number[]): number {
  const whole = Math.floor(v);
  let best = whole;
  for (const s of [...steps, 1]) {
    if (Math.abs(whole + s - v) < Math.abs(best - v)) best = whole + s;
  }
  return best;
}

const CUP_STEPS = [1 / 4, 1 / 3, 1 / 2, 2 / 3, 3 / 4];
const SPOON_STEPS = [1 / 2];
const TSP_STEPS = [1 / 8, 1 / 4, 1 / 2, 3 / 4];

/** Decimal rounding for metric amounts: coarser as they grow, never finer than a scale shows. */
function metricRound(v: number, id: string): number {
  if (id === "kg" || id === "l") {
    if (v >= 10) return Math.round(v * 2) / 2;
    return Math.round(v * 20) / 20;
  }
  if (id === "dl" || id === "cl") return Math.round(v * 2) / 2;
  if (v < 5) return Math.max(0.5, Math.round(v * 2) / 2);
  if (v < 50) return Math.round(v);
  if (v < 100) return Math.round(v / 5) * 5;
  // A round figure when it is that close (1 lb is 450 g, 14 oz 400 g), else to 5.
  for (const step of [50]) {
    const r = Math.round(v / step) * step;
    if (Math.abs(r - v) / v <= 0.012) return r;
  }
  if (v < 500) return Math.round(v / 5) * 5;
  return Math.round(v / 10) * 10;
}

/** How a unit's amounts are rounded: to the fractions its measure has, or to metric decimals. */
export function roundIn(v: number, id: string | null): number {
  if (v <= 0) return 0;
  const kind = id ? rounding(id) : "count";
  switch (kind) {
    case "cup":
      return v < 10 ? Math.max(1 / 4, nearest(v, CUP_STEPS)) : Math.round(v);
    case "spoon":
      return v < 1
        ? Math.max(1 / 4, nearest(v, [1 / 4, 1 / 3, 1 / 2, 2 / 3, 3 / 4]))
        : nearest(v, SPOON_STEPS);
    case "tsp":
      return v < 3 ? Math.max(1 / 8, nearest(v, TSP_STEPS)) : nearest(v, SPOON_STEPS);
    case "oz":
      // Eighths and thirds: a recipe's ⅓ oz stays ⅓ oz (eighths alone would say ⅜).
      if (v < 1)
        return Math.max(1 / 8, nearest(v, [1 / 8, 1 / 4, 1 / 3, 3 / 8, 1 / 2, 5 / 8, 2 / 3, 3 / 4, 7 / 8]));
      return v < 4
        ? Math.max(1 / 4, nearest(v, [1 / 4, 1 / 3, 1 / 2, 2 / 3, 3 / 4]))
        : v < 16
          ? nearest(v, [1 / 2])
          : Math.round(v);
    case "lb":
      return Math.max(1 / 4, nearest(v, [1 / 4, 1 / 2, 3 / 4]));
    case "metric":
      return metricRound(v, id!);
    case "pinch":
      return Math.max(1, Math.round(v));
    default:
      return roundCount(v);
  }
}

/** Counts (eggs, onions, cans): quarters below one, halves up to five, whole numbers above. */
export function roundCount(v: number): number {
  if (v <= 0) return 0;
  if (v < 1) return Math.max(1 / 4, nearest(v, [1 / 4, 1 / 2, 3 / 4]));
  if (v < 5) return nearest(v, [1 / 2]);
  return Math.round(v);
}

function rounding(id: string): "cup" | "spoon" | "tsp" | "oz" | "lb" | "metric" | "pinch" | "count" {
  const u = UNITS[id];
  if (!u) return "count";
  if (u.dimension === "other") return "pinch";
  if (u.dimension === "count") return "count";
  if (u.base === 240 || id === "pint" || id === "quart" || id === "gallon") return "cup";
  if (id === "oz" || id === "floz") return "oz";
  if (id === "lb") return "lb";
  if (u.base === 15) return "spoon";
  if (u.base === 5) return "tsp";
  return "metric";
}

// Spoon pairs by language: the small spoon of each big one (3 small spoons make a big one).
const SMALL_SPOON: Record<string, string> = {
  tbsp: "tsp",
  EL: "TL",
  cas: "cac",
  cda: "cdta",
  cucchiaio: "cucchiaino",
  eetlepel: "theelepel",
  colherSopa: "colherCha",
  msk: "tsk",
};
const BIG_SPOON: Record<string, string> = Object.fromEntries(
  Object.entries(SMALL_SPOON).map(([big, small]) => [small, big]),
);

/** Whether a unit id is a spoon (read the same way in metric and US kitchens). */
export function isSpoon(id: string): boolean {
  return id in SMALL_SPOON || id in BIG_SPOON;
}

interface Rung {
  id: string;
  /** Natural range in the dimension's base (ml or g): the unit a cook would pick for it. */
  from: number;
  to: number;
}

/** The units a system measures a dimension in, small to large, with where each is natural. */
function ladder(
  dimension: "volume" | "mass",
  system: "metric" | "us",
  spoon: [string, string] | null,
): Rung[] {
  const [small, big] = spoon ?? ["tsp", "tbsp"];
  if (dimension === "mass") {
    return system === "us"
      ? [
          { id: "oz", from: 0, to: 453.592 * 0.985 },
          { id: "lb", from: 453.592 * 0.985, to: Infinity },
        ]
      : [
          { id: "g", from: 0, to: 1000 },
          { id: "kg", from: 1000, to: Infinity },
        ];
  }
  if (system === "us") {
    return [
      { id: small, from: 0, to: 15 },
      { id: big, from: 15, to: 59 },
      { id: "cup", from: 59, to: Infinity },
    ];
  }
  // Metric kitchens measure small amounts with spoons too when the recipe did.
  return spoon
    ? [
        { id: small, from: 0, to: 15 },
        { id: big, from: 15, to: 91 },
        { id: "ml", from: 91, to: 1000 },
        { id: "l", from: 1000, to: Infinity },
      ]
    : [
        { id: "ml", from: 0, to: 1000 },
        { id: "l", from: 1000, to: Infinity },
      ];
}

/** The unit id an ingredient's unit string means, or null (a unit Ladle has no table row for). */
export function unitOf(unit: string | null | undefined): string | null {
  return unitId(unit);
}

/** The measuring system a unit belongs to, for choosing what a line already says in the target. */
export function systemOf(id: string): "metric" | "us" | "none" {
  if (isSpoon(id)) return "none";
  const u = UNITS[id];
  if (!u) return "none";
  if (u.base === 240) return "us";
  return u.system;
}

const TOLERANCE = 0.04;

/**
 * Says `base` ml or g in a cook-friendly unit of `system` (or of `from`'s own system for
 * "original"): the natural unit for the size when its rounding stays within 4%, else a neighbouring
 * unit that rounds better (6 tbsp stays 6 tbsp instead of becoming ⅜ cup).
 */
export function chooseUnit(
  base: number,
  from: string,
  system: UnitSystem,
  range = false,
): { id: string; value: number } {
  const u = UNITS[from]!;
  const dimension = u.dimension as "volume" | "mass";
  const spoonPair: [string, string] | null =
    from in SMALL_SPOON ? [SMALL_SPOON[from]!, from] : from in BIG_SPOON ? [from, BIG_SPOON[from]!] : null;
  let sys: "metric" | "us";
  if (system === "original") {
    // Cup-sized units that are not US cups (taza, xícara), and metric units with no ladder
    // (dl, cl, mg, krm), keep their unit: only rounding changes.
    if (
      !spoonPair &&
      !["cup", "floz", "pint", "quart", "gallon", "oz", "lb", "g", "kg", "ml", "l"].includes(from)
    )
      return { id: from, value: roundIn(base / u.base!, from) };
    sys = spoonPair
      ? ["tbsp", "tsp"].includes(from)
        ? "us"
        : "metric"
      : u.system === "us"
        ? "us"
        : "metric";
    if (["pint", "quart", "gallon", "floz"].includes(from)) sys = "us";
  } else sys = system;
  // US kitchens measure small volumes with tsp/tbsp; metric ones with the recipe's own spoons
  // when it used spoons (EL/TL stay EL/TL), else in ml.
  const spoons: [string, string] | null =
    dimension !== "volume" ? null : sys === "us" ? ["tsp", "tbsp"] : spoonPair;
  const rungs = ladder(dimension, sys, spoons);
  const natural = Math.max(
    0,
    rungs.findIndex((r) => base >= r.from && base < r.to),
  );
  const order = [natural, natural - 1, natural + 1].filter((i) => i >= 0 && i < rungs.length);
  let best: { id: string; value: number; err: number } | null = null;
  for (const i of order) {
    const id = rungs[i]!.id;
    const exact = base / UNITS[id]!.base!;
    const value = roundIn(exact, id);
    const err = Math.abs(value - exact) / exact;
    // A neighbour only when it is a sensible size for it (no 40 tsp, no 0.1 cup).
    if (i !== natural && (value > (id === "oz" ? 48 : range ? 24 : 16) || value < 1)) continue;
    // Pounds that quarters round too far are said in pounds and ounces ("1 lb 2 oz").
    if (err <= TOLERANCE || (i === natural && id === "lb" && !range)) return { id, value };
    if (!best || err < best.err - 1e-9) best = { id, value, err };
  }
  return { id: best!.id, value: best!.value };
}

const PLURAL: Record<string, string> = {
  cup: "cups",
  pint: "pints",
  quart: "quarts",
  gallon: "gallons",
  pinch: "pinches",
  clove: "cloves",
  can: "cans",
  slice: "slices",
  piece: "pieces",
  stick: "sticks",
  package: "packages",
  bunch: "bunches",
  sprig: "sprigs",
  handful: "handfuls",
  dash: "dashes",
  taza: "tazas",
  xícara: "xícaras",
  pizca: "pizcas",
  Prise: "Prisen",
  pincée: "pincées",
};

// Unit words that are English nouns, said in the plural for more than one ("4 leaves", "3 heads");
// abbreviations and other languages' words stay as written.
const NOUN_PLURAL: Record<string, string> = {
  leaf: "leaves",
  loaf: "loaves",
  half: "halves",
  head: "heads",
  stalk: "stalks",
  sheet: "sheets",
  fillet: "fillets",
  jar: "jars",
  bag: "bags",
  box: "boxes",
  tin: "tins",
  packet: "packets",
  bulb: "bulbs",
  ear: "ears",
  knob: "knobs",
  rib: "ribs",
  sachet: "sachets",
  bottle: "bottles",
  carton: "cartons",
  container: "containers",
  scoop: "scoops",
  wedge: "wedges",
  strip: "strips",
  cube: "cubes",
  drop: "drops",
  bar: "bars",
  block: "blocks",
  envelope: "envelopes",
  spear: "spears",
  pod: "pods",
  thumb: "thumbs",
};

/**
 * A unit's spelling for an amount ("1 cup", "2 cups", "½ cup", "4 leaves"); unknown units as
 * written; cups, pinches and spoons in the reader's language when it is not English ("2 Tassen").
 */
export function unitWord(unit: string, amount: number, lang: AmountLanguage = "en"): string {
  const id = unitId(unit);
  const own = id ? unitWordIn(id, amount, lang) : null;
  if (own) return own;
  const house = id ? UNITS[id]!.house : unit;
  if (amount <= 1) return house;
  return PLURAL[house] ?? PLURAL[unit] ?? NOUN_PLURAL[house.toLowerCase()] ?? house;
}

/** "1 lb 2 oz" for an amount in pounds that quarter pounds would round too far; null otherwise. */
function poundsAndOunces(lb: number, exact: number): string | null {
  if (Math.abs(lb - exact) / exact <= TOLERANCE) return null;
  const whole = Math.floor(exact);
  const oz = Math.round((exact - whole) * 16);
  if (oz === 0 || oz === 16) return null;
  return `${whole} lb ${oz} oz`;
}

/**
 * A measured amount of `base` ml or g (and `baseMax` for a range's top), said in `system`; `fromId`
 * is the unit the recipe wrote it in. The range's top is said in the unit chosen for its bottom.
 */
export function measuredAmount(
  base: number,
  baseMax: number | null,
  fromId: string,
  system: UnitSystem,
  lang: AmountLanguage = "en",
): Amount {
  const chosen = chooseUnit(base, fromId, system, baseMax !== null);
  const value = chosen.value;
  // A reader of another language measures with their own spoons (English keeps the recipe's).
  const id = lang === "en" ? chosen.id : spoonIn(chosen.id, lang);
  const size = UNITS[id]!.base!;
  const num = (n: number) => formatNumber(n, lang);
  const word = (u: string, n: number) => unitWord(UNITS[u]?.house ?? u, n, lang);
  // Less than an eighth of a teaspoon is what cooks call a pinch.
  if (size === 5 && base / size < 0.1 && baseMax === null)
    return { quantity: 1, quantityMax: null, unit: "pinch", text: `1 ${word("pinch", 1)}` };
  const max = baseMax === null ? null : roundIn(baseMax / size, id);
  const top = max !== null && max !== value ? max : null;
  if (id === "lb" && top === null) {
    const compound = poundsAndOunces(value, base / size);
    if (compound) return { quantity: base / size, quantityMax: null, unit: "lb", text: compound };
  }
  // "1 cup + 2 tbsp" where cup fractions would round too far.
  if (id === "cup" && top === null && Math.abs(value * size - base) / base > TOLERANCE) {
    const cups = Math.floor((base / size) * 4 + 1e-9) / 4;
    const tbsp = Math.round((base - cups * size) / 15);
    if (cups >= 1 / 4 && tbsp >= 1 && tbsp < 4)
      return {
        quantity: base / size,
        quantityMax: null,
        unit: "cup",
        text: `${num(cups)} ${word("cup", cups)} + ${tbsp} ${word("tbsp", tbsp)}`,
      };
  }
  // More than half a cup of spoons is measured with the cup and topped up with a spoon, as a US
  // cook would ("½ cup + 1½ tbsp", not "9½ tbsp").
  if (system === "us" && id === "tbsp" && top === null && value > 8) {
    const cupsExact = base / 240;
    const whole = Math.floor(cupsExact + 1e-9);
    const cups = [0, ...CUP_STEPS]
      .map((f) => whole + f)
      .filter((c) => c > 0 && c <= cupsExact + 1e-9)
      .at(-1);
    if (cups !== undefined) {
      const tbsp = Math.round(((base - cups * 240) / 15) * 2) / 2;
      const text =
        tbsp === 0
          ? `${num(cups)} ${word("cup", cups)}`
          : `${num(cups)} ${word("cup", cups)} + ${num(tbsp)} ${word("tbsp", tbsp)}`;
      return { quantity: base / 240, quantityMax: null, unit: "cup", text };
    }
  }
  // "2 tbsp + 2 tsp" reads better than "8 tsp".
  if (top === null && id in BIG_SPOON && value > 4 && Number.isInteger(value) && value % 3 !== 0) {
    const big = BIG_SPOON[id]!;
    return {
      quantity: value,
      quantityMax: null,
      unit: id,
      text: `${Math.floor(value / 3)} ${word(big, Math.floor(value / 3))} + ${value % 3} ${word(id, value % 3)}`,
    };
  }
  const fmt = (n: number) => (METRIC_DECIMAL.has(id) ? formatDecimal(n, lang) : formatNumber(n, lang));
  const said = top !== null ? `${fmt(value)}-${fmt(top)}` : fmt(value);
  return { quantity: value, quantityMax: top, unit: id, text: `${said} ${word(id, top ?? value)}` };
}

/** Whether a unit has a size Ladle can convert (a volume or mass in the unit table). */
export function isMeasured(unit: string | null | undefined): boolean {
  const id = unitId(unit);
  return !!id && UNITS[id]!.base !== undefined;
}
