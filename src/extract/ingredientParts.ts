// How a cook reads what follows the amount of an ingredient line: sizes, containers and counted
// pieces as units ("3 garlic cloves", "2 large heads"), what is done to the food ("finely
// chopped") apart from the food itself, and remarks ("for garnish", "plus more to taste").
// Hand-written: parse-ingredient reads amounts and measure units only, and no maintained
// library splits English ingredient names from their preparation without a trained model.

// Sizes: on their own they describe the food ("2 medium onions"); before a counted piece they are
// part of the unit ("1 large head").
const SIZE =
  "(?:extra[- ]large|extra[- ]small|medium[- ]sized?|medium[- ]large|small|medium|large|big|lg|md|med|sm|jumbo|thin|thick|generous|heaping|heaped|scant|rounded|good|small-ish)";
// Pieces a food is counted in, singular → plural forms (they become the unit).
const PIECES: Record<string, string> = {
  clove: "cloves",
  slice: "slices",
  sprig: "sprigs",
  stalk: "stalks",
  rib: "ribs",
  sheet: "sheets",
  bulb: "bulbs",
  strip: "strips",
  head: "heads",
  bunch: "bunches",
  loaf: "loaves",
  stem: "stems",
  spear: "spears",
  ear: "ears",
  recipe: "recipes",
  piece: "pieces",
  handful: "handfuls",
  pinch: "pinches",
  stick: "sticks",
  can: "cans",
  tin: "tins",
  jar: "jars",
  package: "packages",
  packet: "packets",
  envelope: "envelopes",
  bottle: "bottles",
  box: "boxes",
  bag: "bags",
  knob: "knobs",
  wedge: "wedges",
  drop: "drops",
  dash: "dashes",
  batch: "batches",
  ball: "balls",
  scoop: "scoops",
  rasher: "rashers",
  container: "containers",
  carton: "cartons",
  block: "blocks",
  splash: "splashes",
  fillet: "fillets",
  cube: "cubes",
};
const PIECE_WORDS = Object.entries(PIECES)
  .flat()
  .sort((a, b) => b.length - a.length);
const PIECE = `(?:${PIECE_WORDS.join("|")})`;
const SINGULAR = new Map(Object.entries(PIECES).flatMap(([s, p]) => [[s, s] as const, [p, s] as const]));
// Pieces that follow the food they count ("garlic cloves", "celery stalks", "thyme sprigs").
const TRAILING_PIECES = new Set([
  "clove",
  "slice",
  "sprig",
  "stalk",
  "rib",
  "strip",
  "bulb",
  "stem",
  "spear",
  "head",
]);

const LEADING_PIECE = new RegExp(`^(?:(${SIZE})\\s+)?(${PIECE})(?:\\s+of)?(?:\\s+|$)`, "i");
const LEADING_SIZE = new RegExp(`^(${SIZE})(?:\\s*,)?\\s+(?=\\S)`, "i");
const TRAILING_PIECE = new RegExp(`^(.*\\S)\\s+(${PIECE})$`, "i");

// What is done to a food, and the words that say how.
const HOW =
  "(?:very\\s+|really\\s+)?(?:finely|coarsely|roughly|freshly|thinly|thickly|lightly|well|firmly|loosely|evenly|freshly|just|hard|soft|slightly|gently|barely|cleanly|cold|hot)";
const DONE =
  "(?:chopped|minced|diced|sliced|grated|shredded|crushed|crumbled|cubed|halved|quartered|peeled|seeded|deseeded|pitted|stoned|cored|trimmed|julienned|snipped|toasted|melted|softened|beaten|whisked|sifted|squeezed|packed|drained|rinsed|picked|torn|zested|juiced|mashed|pureed|puréed|slivered|shaved|smashed|cracked|boiled|steamed|blanched|deveined|shelled|skinned|stemmed|hulled|washed|scrubbed|cut|ground|separated|thawed|defrosted|dissolved|room-temperature|split|patted|scored|spiralized|flaked|warmed|chilled|cooled|divided)";
// A run of preparation words at the start of a name ("finely chopped", "peeled and diced").
const LEADING_PREP = new RegExp(
  `^((?:${HOW}\\s+)*${DONE}(?:\\s*(?:,|and|&|or)?\\s*(?:${HOW}\\s+)*${DONE})*)\\s+(?=\\S)`,
  "i",
);
// Bare participles that name a food in their own right ("ground beef", "boiled ham") only count
// as preparation after a "how" word ("freshly ground").
const BARE_NAMING = /^(?:ground|boiled|cut|split|separated|divided|cold|hot|packed)(?:\s|$)/i;
// Text after a comma that says what to do to the food rather than more of its name.
const PREP_START = new RegExp(
  `^(?:(?:${HOW}\\s+)*${DONE}\\b|(?:${HOW})\\s|at room temperature|room temperature|cut\\s|in\\s+\\S+\\s+(?:pieces|chunks|slices|cubes|strips|rounds|wedges)|into\\s)`,
  "i",
);
// One word before a comma that is the start of the name, not the name itself ("unsalted, American-style butter").
const NAME_ADJECTIVE =
  /^(?:unsalted|salted|boneless|skinless|seedless|sweet|ripe|firm|fresh|dry|dried|large|small|medium|hot|mild|plain|whole|raw|organic|lean|extra-virgin|smoked|toasted)$/i;
// Remarks written after the food ("for garnish", "or to taste", "plus more for the pan").
const REMARK_TAIL =
  /\s+(?:(?:or|and|plus)\s+)?(?:to taste|as needed|for (?:garnish(?:ing)?|serving|frying|dusting|greasing|brushing|drizzling|sprinkling|topping|decorating|deep-frying|the \S+(?:\s+\S+)?)|plus more\b.*|if (?:needed|desired|using)|optional)$/i;

// Foods sold already prepared keep the word in their name ("toasted sesame oil", "smoked paprika").
const PRODUCT = /\b(?:oil|flour|paste|powder|sauce|vinegar|butter|bread ?crumbs|breadcrumbs)$/i;

/** The parts a cook reads after the amount. */
export interface LineParts {
  /** The counted piece or size-and-piece unit ("clove", "large head"), null when none was found. */
  unit: string | null;
  name: string;
  preparation: string | null;
  notes: string[];
}

const lower = (s: string) => s.toLowerCase();

/** The singular spelling of a counted piece ("loaves" → "loaf"). */
function piece(word: string): string {
  return SINGULAR.get(lower(word)) ?? lower(word);
}

/**
 * Splits the name part of a line (after the amount and measure unit) into unit, food name,
 * preparation and remarks. `hasUnit`: a measure unit was already read, so no piece becomes one.
 */
export function splitName(name: string, hasUnit: boolean): LineParts {
  let n = name.trim();
  let unit: string | null = null;
  const notes: string[] = [];
  const preps: string[] = [];
  // A measure unit written twice ("1 tsp teaspoons salt") or a stray "of".
  n = n.replace(/^of\s+/i, "");

  const lead = LEADING_PIECE.exec(n);
  if (!hasUnit && lead && n.length > lead[0].length) {
    unit = lead[1] ? `${lower(lead[1])} ${piece(lead[2]!)}` : piece(lead[2]!);
    n = n.slice(lead[0].length);
  } else {
    const size = LEADING_SIZE.exec(n);
    if (size) {
      const rest = n.slice(size[0].length);
      const inner = hasUnit ? null : LEADING_PIECE.exec(rest);
      if (inner && !inner[1] && rest.length > inner[0].length) {
        unit = `${lower(size[1]!)} ${piece(inner[2]!)}`;
        n = rest.slice(inner[0].length);
      } else {
        notes.push(size[1]!);
        n = rest;
      }
    }
  }

  // Remarks at the end of the food ("for garnish") go to the notes.
  let m: RegExpExecArray | null;
  while ((m = REMARK_TAIL.exec(n)) && m.index > 0) {
    notes.push(m[0].trim());
    n = n.slice(0, m.index);
  }

  // "garlic cloves", "celery stalks": the piece after the food is the unit.
  if (!hasUnit && !unit) {
    const head = n.split(",")[0]!;
    const t = TRAILING_PIECE.exec(head);
    if (t && TRAILING_PIECES.has(piece(t[2]!))) {
      unit =
        notes.length && new RegExp(`^${SIZE}$`, "i").test(notes[0]!)
          ? `${lower(notes.shift()!)} ${piece(t[2]!)}`
          : piece(t[2]!);
      n = t[1]! + n.slice(head.length);
    }
  }

  // What is done to the food, before it ("finely chopped parsley").
  const p = LEADING_PREP.exec(n);
  if (
    p &&
    !(BARE_NAMING.test(p[1]!) && p[1]!.trim().split(/\s+/).length === 1) &&
    !PRODUCT.test(n.split(",")[0]!)
  ) {
    preps.push(p[1]!.replace(/\s*,\s*$/, ""));
    n = n.slice(p[0].length);
  }
  return { unit, name: n.trim(), preparation: preps.length ? preps.join(", ") : null, notes };
}

/**
 * Splits the text after the first comma: preparation ("finely chopped", "at room temperature")
 * or a remark; a comma after one describing word stays inside the name ("unsalted, American-style butter").
 */
export function splitAfterComma(name: string): { name: string; after: string | null; isPrep: boolean } {
  const comma = name.indexOf(",");
  if (comma < 0) return { name, after: null, isPrep: false };
  const before = name.slice(0, comma).trim();
  const rest = name.slice(comma + 1).trim();
  if (!rest) return { name: before, after: null, isPrep: false };
  if (NAME_ADJECTIVE.test(before) && !PREP_START.test(rest)) {
    const inner = splitAfterComma(rest);
    return { ...inner, name: `${before} ${inner.name}` };
  }
  return { name: before, after: rest, isPrep: PREP_START.test(rest) };
}
