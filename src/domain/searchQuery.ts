import type { SearchParams, SearchType } from "./search.ts";

/**
 * Reading a search box the way a cook types into it: "recipes with chickpeas and no
 * dairy", "soup under 30 minutes", "tofu -peanut". Hand-written: the phrases are few and ours
 * (websearch_to_tsquery keeps quotes, OR and -word for the words that remain).
 */
export interface UnderstoodQuery {
  /** The words left for full-text search, in websearch syntax ("" when only filters remain). */
  words: string;
  /** Plain words of `words` (no quotes, no operators, no excluded words): prefix and typo matching. */
  terms: string[];
  /** Words `words` excludes with a leading minus. */
  notTerms: string[];
  type: SearchType | null;
  /** Ingredients every recipe must have. */
  with: string[];
  /** Ingredients or groups no recipe may have, as the user wrote them. */
  without: string[];
  tag: string | null;
  cuisine: string | null;
  maxMinutes: number | null;
}

/** Ingredient groups a cook leaves out by name ("no dairy"), with what is not part of them. */
export const INGREDIENT_GROUPS: Record<string, { terms: string[]; except?: string[] }> = {
  dairy: {
    terms: [
      "milk",
      "butter",
      "buttermilk",
      "cream",
      "cheese",
      "yogurt",
      "yoghurt",
      "ghee",
      "kefir",
      "whey",
      "parmesan",
      "parmigiano",
      "pecorino",
      "mozzarella",
      "cheddar",
      "ricotta",
      "feta",
      "mascarpone",
      "gruyere",
      "gruyère",
      "brie",
      "halloumi",
      "gouda",
      "edam",
      "emmental",
      "emmentaler",
      "comté",
      "comte",
      "manchego",
      "fontina",
      "taleggio",
      "gorgonzola",
      "roquefort",
      "stilton",
      "camembert",
      "provolone",
      "asiago",
      "burrata",
      "raclette",
      "havarti",
      "jarlsberg",
      "cotija",
      "queso",
      "monterey jack",
      "labneh",
      "skyr",
      "paneer",
      "quark",
      "crème fraîche",
      "creme fraiche",
      "sour cream",
      "half-and-half",
      "custard",
      "condensed milk",
    ],
    // Plant milks and butters are not dairy.
    except: [
      "coconut",
      "almond",
      "soy",
      "soya",
      "oat",
      "rice milk",
      "cashew",
      "peanut",
      "nut butter",
      "apple butter",
      "butter beans",
      "butterbeans",
      "cocoa butter",
      "shea",
      "vegan",
      "dairy-free",
      "plant",
    ],
  },
  meat: {
    terms: [
      "beef",
      "pork",
      "chicken",
      "lamb",
      "mutton",
      "veal",
      "bacon",
      "ham",
      "sausage",
      "turkey",
      "duck",
      "goose",
      "venison",
      "prosciutto",
      "pancetta",
      "chorizo",
      "salami",
      "pepperoni",
      "mince",
      "steak",
      "meatball",
      "brisket",
      "ribs",
      "guanciale",
      "lard",
      "gelatin",
      "gelatine",
    ],
    except: ["vegetable stock", "vegan", "plant-based", "meatless", "vegetarian"],
  },
  fish: {
    terms: [
      "fish",
      "salmon",
      "tuna",
      "cod",
      "haddock",
      "halibut",
      "trout",
      "mackerel",
      "sardine",
      "anchovy",
      "anchovies",
      "tilapia",
      "sea bass",
      "shrimp",
      "prawn",
      "crab",
      "lobster",
      "mussel",
      "clam",
      "oyster",
      "scallop",
      "squid",
      "calamari",
      "octopus",
      "fish sauce",
    ],
  },
  gluten: {
    terms: [
      "flour",
      "wheat",
      "bread",
      "breadcrumbs",
      "panko",
      "pasta",
      "spaghetti",
      "noodles",
      "couscous",
      "barley",
      "rye",
      "semolina",
      "bulgur",
      "spelt",
      "farro",
      "seitan",
      "soy sauce",
      "tortilla",
      "pita",
    ],
    except: [
      "gluten-free",
      "gluten free",
      "rice flour",
      "almond flour",
      "coconut flour",
      "corn tortilla",
      "rice noodles",
      "buckwheat",
      "tamari",
      "chickpea flour",
      "oat flour",
    ],
  },
  nuts: {
    terms: [
      "almond",
      "walnut",
      "pecan",
      "cashew",
      "hazelnut",
      "pistachio",
      "peanut",
      "macadamia",
      "pine nut",
      "brazil nut",
      "nut",
    ],
    except: ["nutmeg", "coconut", "butternut", "nut-free", "doughnut"],
  },
  egg: {
    terms: ["egg", "eggs", "mayonnaise", "mayo", "meringue"],
    except: ["eggplant", "egg-free", "vegan"],
  },
};
const GROUP_ALIASES: Record<string, string> = {
  milk: "dairy",
  lactose: "dairy",
  meats: "meat",
  seafood: "fish",
  shellfish: "fish",
  wheat: "gluten",
  nut: "nuts",
  "tree-nuts": "nuts",
  eggs: "egg",
};

const TYPE_WORDS: Record<string, SearchType> = {
  recipe: "recipe",
  recipes: "recipe",
  article: "article",
  articles: "article",
  bookmark: "bookmark",
  bookmarks: "bookmark",
  link: "bookmark",
  links: "bookmark",
};
const FILLER = new Set(["and", "or", "with", "for", "about", "the", "a", "an", "that", "are", "is", "of"]);
const NEGATORS = "without|no|not|sans|excluding|minus|free of";
const UNITS_MIN = /^(?:m|min|mins|minute|minutes)$/;
const UNITS_HOUR = /^(?:h|hr|hrs|hour|hours)$/;

/** Lower-cased, trimmed, list items of a comma-separated parameter. */
function list(s: string | undefined): string[] {
  return (s ?? "")
    .split(",")
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean);
}

/** The search box and the filters, understood. */
export function understandQuery(
  p: Pick<SearchParams, "q" | "type" | "tag" | "cuisine" | "maxMinutes" | "with" | "without">,
): UnderstoodQuery {
  let q = ` ${p.q.normalize("NFC").replace(/\s+/g, " ")} `;
  const withList = list(p.with);
  const withoutList = list(p.without);
  let maxMinutes = p.maxMinutes ?? null;
  let type: SearchType | null = p.type ?? null;

  // Times: "under 30 minutes", "in 1 hour", "30 min", "< 45 mins".
  q = q.replace(
    /\s(?:(?:under|in|within|less than|max|at most|<)\s*)?(\d{1,4})\s*([a-z]+)\b(?=\s)/gi,
    (all, n: string, unit: string) => {
      const u = unit.toLowerCase();
      const minutes = UNITS_MIN.test(u) ? Number(n) : UNITS_HOUR.test(u) ? Number(n) * 60 : null;
      if (minutes === null || minutes <= 0) return all;
      maxMinutes = maxMinutes === null ? minutes : Math.min(maxMinutes, minutes);
      return " ";
    },
  );
  // "no dairy", "without pine nuts" (two words when they name one thing: a group or a known term).
  q = q.replace(
    new RegExp(`\\s(?:${NEGATORS})\\s+(?:any\\s+)?([\\p{L}'-]+)(?:\\s+([\\p{L}'-]+))?(?=\\s)`, "giu"),
    (_all, a: string, b: string | undefined) => {
      const two = b ? `${a} ${b}`.toLowerCase() : null;
      if (two && isKnownIngredient(two)) {
        withoutList.push(two);
        return " ";
      }
      withoutList.push(a.toLowerCase());
      return b ? ` ${b} ` : " ";
    },
  );
  // "with chickpeas and spinach": every ingredient named after "with".
  q = q.replace(/\swith\s+([\p{L}'-]+(?:\s*(?:,|and|&)\s*[\p{L}'-]+)*)(?=\s)/giu, (_all, names: string) => {
    for (const n of names.split(/\s*(?:,|\band\b|&)\s*/i))
      if (n.trim()) withList.push(n.trim().toLowerCase());
    return " ";
  });

  // Words, quoted phrases and -words as websearch_to_tsquery reads them; kind words become a filter.
  const tokens = q.match(/-?"[^"]*"?|\S+/g) ?? [];
  // "recipes" alone is a word to look for; beside anything else (words, "with pork", "no dairy",
  // a time) it names the kind.
  const other = tokens.length > 1 || withList.length > 0 || withoutList.length > 0 || maxMinutes !== null;
  const kept: string[] = [];
  const terms: string[] = [];
  const notTerms: string[] = [];
  for (const tok of tokens) {
    const low = tok.toLowerCase();
    if (!tok.startsWith('"') && !tok.startsWith("-") && TYPE_WORDS[low] && other) {
      type ??= TYPE_WORDS[low];
      continue;
    }
    if (FILLER.has(low) && !tok.startsWith('"')) continue;
    kept.push(tok);
    const bare = low.replace(/^-/, "").replace(/"/g, "");
    const words = bare.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
    if (tok.startsWith("-")) notTerms.push(...words);
    else if (low !== "or") terms.push(...words);
  }
  const recipeOnly = withList.length > 0 || p.tag || p.cuisine || maxMinutes !== null;
  if (recipeOnly) type ??= "recipe";
  // Negated ingredients narrow recipes by their ingredient lines (search.service.ts), whatever the
  // kind; articles and bookmarks have no ingredients, so for them they are words to leave out.
  if (type !== "recipe") notTerms.push(...withoutList.flatMap((w) => w.split(/\s+/)));
  return {
    words: kept.join(" "),
    terms,
    notTerms,
    type,
    with: [...new Set(withList)],
    without: [...new Set(withoutList)],
    tag: p.tag?.trim().toLowerCase() || null,
    cuisine: p.cuisine?.trim().toLowerCase() || null,
    maxMinutes,
  };
}

function isKnownIngredient(s: string): boolean {
  return Object.values(INGREDIENT_GROUPS).some((g) => g.terms.includes(s) || g.except?.includes(s));
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The PostgreSQL regular expressions (ARE) an ingredient line is left out by: every group's terms
 * (plurals included) and what those groups do not count ("coconut milk" is not dairy).
 */
export function exclusionPatterns(without: string[]): { match: string; except: string | null } | null {
  if (without.length === 0) return null;
  const terms = new Set<string>();
  const except = new Set<string>();
  for (const w of without) {
    const group = INGREDIENT_GROUPS[w] ?? INGREDIENT_GROUPS[GROUP_ALIASES[w] ?? ""];
    if (group) {
      for (const t of group.terms) terms.add(t);
      for (const t of group.except ?? []) except.add(t);
    } else terms.add(w.replace(/(?:es|s)$/, "") || w);
  }
  const alt = (xs: Set<string>) => [...xs].map(escapeRe).join("|");
  return {
    match: `\\m(?:${alt(terms)})(?:e?s)?\\M`,
    except: except.size ? `\\m(?:${alt(except)})` : null,
  };
}

/**
 * The last plain term as a prefix ("chickpea hum" finds hummus), with the other terms whole and
 * the excluded ones left out: what a search box typed into needs. Only the last word: a prefix
 * of every word would match far more than was meant and cost a range scan each.
 */
export function prefixTsquery(u: Pick<UnderstoodQuery, "terms" | "notTerms">): string | null {
  const safe = (w: string) => w.replace(/[^\p{L}\p{N}]/gu, "");
  const pos = u.terms.map(safe).filter(Boolean).slice(0, 12);
  const last = pos.at(-1);
  if (!last || last.length < 3) return null;
  const neg = u.notTerms.map(safe).filter(Boolean).slice(0, 12);
  return [...pos.slice(0, -1), `${last}:*`, ...neg.map((w) => `!${w}`)].join(" & ");
}
