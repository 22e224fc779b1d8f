import type { Ingredient, Recipe } from "../domain/recipe.ts";

/** The fourteen allergens EU Regulation 1169/2011 (Annex II) asks labels to name. */
export const ALLERGENS = [
  "gluten",
  "crustaceans",
  "eggs",
  "fish",
  "peanuts",
  "soybeans",
  "milk",
  "nuts",
  "celery",
  "mustard",
  "sesame",
  "sulphites",
  "lupin",
  "molluscs",
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** What an ingredient of animal origin is; null: known to be none. */
type Animal = "meat" | "fish" | "dairy" | "egg" | "honey";

/** One food word or phrase: the allergens it carries and its animal origin (undefined: unknown). */
interface Term {
  allergens: Allergen[];
  animal: Animal | null | undefined;
}

const t = (allergens: Allergen[], animal: Animal | null | undefined): Term => ({ allergens, animal });
const PLANT = t([], null);

/**
 * The vocabulary (English, the words ingredient names use). Phrases come before the words they
 * contain, so "peanut butter" is read before "butter" and "coconut milk" before "milk". Hand-written
 * because no maintained package maps ingredient names to allergens and diets offline.
 */
const TERMS: [string, Term][] = [
  // phrases that would otherwise read as something else
  ["peanut butter", t(["peanuts"], null)],
  ["almond butter", t(["nuts"], null)],
  ["cashew butter", t(["nuts"], null)],
  ["cocoa butter", PLANT],
  ["apple butter", PLANT],
  ["coconut milk", PLANT],
  ["coconut cream", PLANT],
  ["almond milk", t(["nuts"], null)],
  ["oat milk", t(["gluten"], null)],
  ["soy milk", t(["soybeans"], null)],
  ["rice milk", PLANT],
  ["cream of tartar", PLANT],
  ["sour cream", t(["milk"], "dairy")],
  ["ice cream", t(["milk", "eggs"], "dairy")],
  ["almond flour", t(["nuts"], null)],
  ["coconut flour", PLANT],
  ["rice flour", PLANT],
  ["corn flour", PLANT],
  ["chickpea flour", PLANT],
  ["buckwheat flour", PLANT],
  ["tapioca flour", PLANT],
  ["potato flour", PLANT],
  ["rice noodles", PLANT],
  ["soy sauce", t(["soybeans", "gluten"], null)],
  ["fish sauce", t(["fish"], "fish")],
  ["oyster sauce", t(["molluscs"], "fish")],
  ["worcestershire sauce", t(["fish"], "fish")],
  ["vegetable stock", t(["celery"], null)],
  ["vegetable broth", t(["celery"], null)],
  ["baking powder", PLANT],
  ["baking soda", PLANT],
  ["bell pepper", PLANT],
  ["pine nuts", t(["nuts"], null)],
  ["brazil nuts", t(["nuts"], null)],
  ["sesame oil", t(["sesame"], null)],
  ["bay leaf", PLANT],
  ["maple syrup", PLANT],
  ["nutritional yeast", PLANT],
  ["butternut squash", PLANT],
  ["wine vinegar", t(["sulphites"], null)],
  // meat
  ...["beef", "pork", "chicken", "turkey", "lamb", "mutton", "veal", "duck", "goose", "bacon", "ham"].map(
    (w): [string, Term] => [w, t([], "meat")],
  ),
  ...[
    "sausage",
    "salami",
    "pepperoni",
    "prosciutto",
    "chorizo",
    "pancetta",
    "steak",
    "venison",
    "rabbit",
    "gelatin",
    "gelatine",
    "lard",
    "suet",
    "mince",
  ].map((w): [string, Term] => [w, t([], "meat")]),
  // fish and seafood
  ...[
    "fish",
    "salmon",
    "tuna",
    "cod",
    "anchovy",
    "anchovies",
    "sardine",
    "mackerel",
    "trout",
    "halibut",
    "tilapia",
    "haddock",
    "herring",
    "bonito",
    "swordfish",
    "snapper",
  ].map((w): [string, Term] => [w, t(["fish"], "fish")]),
  ...["shrimp", "prawn", "crab", "lobster", "crayfish", "langoustine", "scampi"].map((w): [string, Term] => [
    w,
    t(["crustaceans"], "fish"),
  ]),
  ...["clam", "mussel", "oyster", "scallop", "squid", "octopus", "calamari", "snail"].map(
    (w): [string, Term] => [w, t(["molluscs"], "fish")],
  ),
  // dairy and eggs, honey
  ...[
    "milk",
    "butter",
    "buttermilk",
    "cream",
    "cheese",
    "yogurt",
    "yoghurt",
    "ghee",
    "whey",
    "parmesan",
    "mozzarella",
    "cheddar",
    "ricotta",
    "feta",
    "mascarpone",
    "creme fraiche",
    "half-and-half",
  ].map((w): [string, Term] => [w, t(["milk"], "dairy")]),
  ...["egg", "eggs", "yolk", "yolks", "mayonnaise", "meringue", "aioli"].map((w): [string, Term] => [
    w,
    t(["eggs"], "egg"),
  ]),
  ["honey", t([], "honey")],
  // gluten: plant, but the flour of the four grains
  ...[
    "flour",
    "wheat",
    "barley",
    "rye",
    "spelt",
    "semolina",
    "couscous",
    "bulgur",
    "farro",
    "seitan",
    "oats",
  ].map((w): [string, Term] => [w, t(["gluten"], null)]),
  ["panko", t(["gluten"], undefined)],
  ["breadcrumbs", t(["gluten"], undefined)],
  ["bread", t(["gluten"], undefined)],
  ["pasta", t(["gluten"], undefined)],
  ["spaghetti", t(["gluten"], undefined)],
  ["noodles", t(["gluten"], undefined)],
  ["tortillas", t(["gluten"], undefined)],
  ["beer", t(["gluten"], null)],
  ["malt", t(["gluten"], null)],
  // other allergens of plant origin
  ...["peanut", "peanuts"].map((w): [string, Term] => [w, t(["peanuts"], null)]),
  ...["soy", "soya", "tofu", "tempeh", "edamame", "miso", "tamari"].map((w): [string, Term] => [
    w,
    t(["soybeans"], null),
  ]),
  ...["almond", "almonds", "hazelnut", "walnut", "cashew", "pecan", "pistachio", "macadamia"].map(
    (w): [string, Term] => [w, t(["nuts"], null)],
  ),
  ...["celery", "celeriac"].map((w): [string, Term] => [w, t(["celery"], null)]),
  ["mustard", t(["mustard"], null)],
  ...["sesame", "tahini"].map((w): [string, Term] => [w, t(["sesame"], null)]),
  ["wine", t(["sulphites"], null)],
  ...["lupin", "lupine"].map((w): [string, Term] => [w, t(["lupin"], null)]),
  // plant foods with none of the fourteen
  ...`salt pepper water sugar oil vinegar garlic onion shallot scallion leek tomato potato carrot chili chile
jalapeno ginger lemon lime orange apple banana strawberry blueberry raspberry cherry peach pear grape mango
pineapple rice corn cornstarch cornmeal polenta beans lentils chickpeas peas spinach kale lettuce cabbage
broccoli cauliflower zucchini courgette eggplant aubergine mushroom cucumber avocado squash pumpkin parsley
cilantro coriander basil thyme rosemary oregano sage dill mint chives cumin paprika cinnamon nutmeg cloves
cardamom turmeric curry cayenne vanilla allspice saffron yeast cocoa molasses agave coconut quinoa
buckwheat tapioca raisins dates olives capers radish beet beetroot asparagus arugula fennel artichoke
cranberries lemongrass`
    .split(/\s+/)
    .map((w): [string, Term] => [w, PLANT]),
];

/** Words that say how a food is, not which food it is. */
const DESCRIPTORS = new Set(
  `fresh dried ground whole large small medium extra virgin kosher sea fine coarse granulated light dark brown
white red green yellow black sweet hot mild smoked unsalted salted raw cooked frozen canned tinned chopped minced
sliced diced grated toasted roasted boneless skinless plain all purpose all-purpose self raising rising baby
ripe juice juiced zest leaves leaf sprig sprigs clove powder powdered flakes seeds seed paste pure organic
optional or and of to taste for the a an serving more about cup cups can cans jar packed heaping level
room temperature cold warm boiling lukewarm ice cubes caster icing confectioners superfine pinch dash
extra-virgin freshly cracked peeled halved quartered crushed shredded firm soft melted softened divided
vegetable neutral rapeseed canola olive sunflower stalk stalks head heads bunch pieces piece wedges rind
stick sticks whites white`.split(/\s+/),
);

/** Prefixes that make a dairy or egg word plant-based ("vegan butter", "dairy-free cheese"). */
const PLANT_BASED = /\b(vegan|plant[- ]based|dairy[- ]free|egg[- ]free|non[- ]dairy)\b/;

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Each term as a whole-word pattern, plural forms included. */
const PATTERNS = TERMS.map(([phrase, term]) => ({
  phrase,
  term,
  re: new RegExp(`\\b${phrase.replace(/[-\s]/g, "[-\\s]")}(?:s|es)?\\b`, "g"),
}));

/** What one ingredient name tells. */
export interface IngredientReading {
  /** The vocabulary's foods found, phrases whole ("baking powder", "oat milk"). */
  foods: string[];
  allergens: Allergen[];
  /** Kinds of animal origin found. */
  animal: Animal[];
  /** Every word of the name is a known food or a descriptor, and each food's origin is known. */
  fullyKnown: boolean;
  /** The words that are not known foods. */
  unknownWords: string[];
}

/** Reads an ingredient name against the vocabulary (phrases first). */
export function readIngredient(name: string): IngredientReading {
  let text = ` ${fold(name)} `;
  const plantBased = PLANT_BASED.test(text);
  const glutenFree = /\bgluten[- ]free\b/.test(text);
  text = text.replace(PLANT_BASED, " ").replace(/\bgluten[- ]free\b/g, " ");
  const allergens = new Set<Allergen>();
  const animal = new Set<Animal>();
  let originKnown = true;
  const foods: string[] = [];
  for (const p of PATTERNS) {
    if (!p.re.test(text)) continue;
    p.re.lastIndex = 0;
    text = text.replace(p.re, " ");
    foods.push(p.phrase);
    let { allergens: a, animal: kind } = p.term;
    if (plantBased && (kind === "dairy" || kind === "egg")) {
      a = a.filter((x) => x !== "milk" && x !== "eggs");
      kind = null;
    }
    for (const x of a) if (!(glutenFree && x === "gluten")) allergens.add(x);
    if (kind) animal.add(kind);
    else if (kind === undefined) originKnown = false;
  }
  const unknownWords = text
    .split(/[^a-z]+/)
    .filter((w) => w.length > 1 && !DESCRIPTORS.has(w) && !/^\d/.test(w));
  return {
    foods,
    allergens: ALLERGENS.filter((x) => allergens.has(x)),
    animal: [...animal],
    fullyKnown: originKnown && unknownWords.length === 0,
    unknownWords,
  };
}

/** A diet label's answer: "no" names why, "unknown" names the ingredients Ladle could not read. */
export type Verdict = "yes" | "no" | "unknown" | "not checked";

export interface DietLabel {
  label: "vegetarian" | "vegan" | "gluten-free" | "dairy-free";
  verdict: Verdict;
  /** The ingredients that decide: those against the label ("no") or not understood ("unknown"). */
  because: string[];
}

export interface ScaledIngredient {
  text: string;
  name: string;
  quantity: number;
  quantityMax: number | null;
  unit: string | null;
  /** Quantity times the factor, rounded to what a cook measures; null when the line has none. */
  scaledQuantity: number | null;
  scaledQuantityMax: number | null;
  allergens: Allergen[];
}

/** The Analysis agent's result for one recipe. */
export interface RecipeAnalysis {
  kind: "analysis";
  recipeName: string;
  servings: { original: number | null; target: number | null; factor: number };
  ingredients: ScaledIngredient[];
  /** Allergens found, each with the ingredients that carry it. */
  allergens: { allergen: Allergen; ingredients: string[] }[];
  diet: DietLabel[];
  /** Ingredient names with words Ladle does not know: their allergens are not checked. */
  notUnderstood: string[];
  notes: string[];
}

/** Rounds a scaled quantity the way a cook measures: quarters below 10, halves below 100, whole above. */
export function roundQuantity(q: number): number {
  if (q < 10) return Math.round(q * 4) / 4 || Math.round(q * 100) / 100;
  if (q < 100) return Math.round(q * 2) / 2;
  return Math.round(q);
}

/**
 * Analysis: a recipe's quantities scaled to `targetServings`, the EU allergens its ingredients
 * carry and four diet labels, read from the parsed ingredient names. A label is "yes" only when
 * every ingredient was understood; an ingredient Ladle cannot read makes it "unknown", never "yes",
 * and a recipe without ingredients is "not checked".
 */
export function analyzeRecipe(recipe: Recipe, targetServings: number | null): RecipeAnalysis {
  const original = recipe.servings > 0 ? recipe.servings : null;
  const notes: string[] = [];
  let factor = 1;
  if (targetServings && original) factor = targetServings / original;
  else if (targetServings && !original)
    notes.push("The recipe does not say how many it serves, so its quantities are not scaled.");
  const readings = recipe.ingredients.map((i) => ({ i, r: readIngredient(i.name || i.text) }));
  const ingredients: ScaledIngredient[] = readings.map(({ i, r }) => scale(i, factor, r.allergens));
  const allergens = ALLERGENS.flatMap((a) => {
    const carriers = readings.filter(({ r }) => r.allergens.includes(a)).map(({ i }) => i.name || i.text);
    return carriers.length ? [{ allergen: a, ingredients: carriers }] : [];
  });
  const notUnderstood = readings.filter(({ r }) => !r.fullyKnown).map(({ i }) => i.name || i.text);
  const label = (
    name: DietLabel["label"],
    against: (r: IngredientReading) => boolean,
    // Only the origin matters for the meat/dairy labels; gluten needs every word known.
  ): DietLabel => {
    if (!readings.length) return { label: name, verdict: "not checked", because: [] };
    const no = readings.filter(({ r }) => against(r)).map(({ i }) => i.name || i.text);
    if (no.length) return { label: name, verdict: "no", because: no };
    if (notUnderstood.length) return { label: name, verdict: "unknown", because: notUnderstood };
    return { label: name, verdict: "yes", because: [] };
  };
  const diet = [
    label("vegetarian", (r) => r.animal.includes("meat") || r.animal.includes("fish")),
    label("vegan", (r) => r.animal.length > 0),
    label("gluten-free", (r) => r.allergens.includes("gluten")),
    label("dairy-free", (r) => r.animal.includes("dairy")),
  ];
  if (!readings.length) notes.push("The recipe has no ingredients: nothing was checked.");
  return {
    kind: "analysis",
    recipeName: recipe.name,
    servings: { original, target: targetServings, factor: Math.round(factor * 1000) / 1000 },
    ingredients,
    allergens,
    diet,
    notUnderstood,
    notes,
  };
}

function scale(i: Ingredient, factor: number, allergens: Allergen[]): ScaledIngredient {
  const has = i.quantity > 0;
  return {
    text: i.text,
    name: i.name,
    quantity: i.quantity,
    quantityMax: i.quantityMax ?? null,
    unit: i.unit,
    scaledQuantity: has ? roundQuantity(i.quantity * factor) : null,
    scaledQuantityMax: has && i.quantityMax ? roundQuantity(i.quantityMax * factor) : null,
    allergens,
  };
}
