import { CaselessWords, type WordPattern } from "./caselessWords.ts";
import type { Block } from "./pageBlocks.ts";
import { OTHER_SECTION } from "./sectionWords.ts";
import { BULLET_MARKS } from "./text.ts";

// What one line of a page is, for the generic reader: a step's label, a widget's or the post's
// words, a card's detail, a line read as an ingredient or as a step.

// "Step 2", "Étape 3 /8": a step's number, with the count of steps some pages print after it.
export const STEP_LABEL = new CaselessWords(
  /^(?:step|schritt|étape|etape|paso|passo|stap|steg|etapa)\s*\d{1,2}(?:\s*\/\s*\d{1,2})?\s*[:.)]?$/u,
);
// The first step's number ("Step 1", "Étape 1/8").
export const FIRST_STEP = /\p{L}\s*0?1(?!\d)/u;
// A step heading with its own title after the number ("Step 2 - Cook them slowly", "3. Serve");
// after the word's number a space alone may set the title apart ("Step 1 Toast the bread").
export const TITLED_STEP =
  /^(?:(?:step|schritt|étape|etape|paso|passo|stap|steg|etapa)\s*\d{1,2}(?:\s*[:.)–—-]|\s)|\d{1,2}\s*[.)])\s*([\p{L}(].*)$/iu;
// An ad slot's label ("Anzeige", "Advertisement") is one too, wherever the slot sits in the list;
// so is an icon font's ligature, its icon's name in one snake-case word ("lightbulb_outline").
export const NOISE_LINE = new CaselessWords(
  /^(?:advertisements?|advertentie|anzeige|werbung|publicit[ée]|pubblicit[àa]|publicidad|publicidade|reklame|annons|reklama|hirdetés|sponsored|print(?: recipe)?|pin(?: recipe| it)?|pin (?:this|it)(?: recipe)? for later!?|watch (?:the|our|this) (?:recipe )?video\b.*|save(?: recipe)?|share|jump to recipe|rate (?:this )?recipe|e-?mail|tweet|facebook|pinterest|whatsapp|twitter|instagram|linkedin|telegram|messenger|reddit|flipboard|yummly|▢|[a-z]+(?:_[a-z]+)+|\d{1,4}\.?|(?:\d+(?:\/\d+)?x\s*)+|(?:(?:love|like|share|tweet|pin|e-?mail|print|save|yum)\s*\d*\s*){2,}|(?:cook mode\s*)?prevent your screen from going dark.*|cook mode|[+]\s*create .*collection.*|scale|metric\s*imperial|us\s*customary\s*metric|printen|drucken|imprimer|imprime|imprima|stampa|imprimir|pdf|teilen|partager|condividi|compartir|compartilhar|delen|dela|udostępnij|sdílet|¡?gracias!?|danke!?|merci!?|grazie!?|obrigad[oa]!?|bedankt!?|recipe|recette|ricetta|rezept|receta|receita|recept|przepis|(?:rezept|recept|recette|ricetta) (?:melden|bewerten|beoordelen|noter|valuta))$/u,
);
// A serving selector's words left among the lines ("für", "4 Portionen", "voor 2 personen", "Serving amount",
// "2 Pieces").
export const SERVING_LINE = new CaselessWords(
  /^(?:(?:for|für|pour|voor|para|per)\s*)?\d*\s*(?:servings?|serving amount|portions?|portionen|personen|personnes|persone|porciones|porções|people|persons?|pieces?|stück|stuks|pièces?|pezzi|piezas|peças|quantité|quantità|cantidad|(?:op basis van|auf basis von) \p{L}+)?\s*\)?$/u,
);
// A serving selector's word set inline before the list's first amount, the two read as one block
// ("Für" / "4" / "Portionen 200" over "g Nudeln"): the amount is the list's.
const SELECTOR_THEN_AMOUNT =
  /^(?:servings?|portions?|portionen|personen|personnes|persone|porciones|porções|people|persons?)\s+(\d[\d.,/]*)$/iu;
/** The block without a serving selector's word glued before its amount. */
export const withoutSelectorWord = (b: Block): Block => {
  const m = SELECTOR_THEN_AMOUNT.exec(b.text);
  return m ? { ...b, text: m[1]! } : b;
};
// A page's action written as a line: save, print, or send the list, read more.
export const ACTION_LINE = new CaselessWords(
  /^(?:.{0,40}\b(?:shopping list|einkaufsliste|lista della spesa|liste de courses|boodschappenlijst|lista de la compra|lista de compras|indkøbsliste|inköpslista|handleliste)\b.{0,20}|(?:read|en lire|lire la|lees) (?:more|plus|suite|meer)|weiterlesen|leia mais|leggi (?:tutto|di più)|copy and customize|(?:boodschappen|ingrediënten|zutaten|ingredients|ingrédients|ingredienti|ingredientes) (?:bestellen|kopen|kaufen|order|commander|ordinare|pedir)|(?:order|buy|shop) (?:the |these |your )?(?:ingredients|groceries)|(?:bestel|koop) (?:de |je )?(?:boodschappen|ingrediënten)|commander (?:les|vos) (?:ingrédients|courses)|(?:jetzt )?zutaten (?:online )?bestellen|.{0,40}\b(?:speichern|printen|drucken|imprimer|stampa|imprimir)\b.{0,20})$/u,
);
// The allergens a meal kit notes under an ingredient ("(Contains Soya)", "(Contient seigle, gluten …)").
export const ALLERGEN_NOTE = new CaselessWords(
  /^\((?:contains|may contain|contient|peut contenir|enthält|kann spuren|bevat|kan sporen|contiene|può contenere|puede contener|contém|pode conter|innehåller|indeholder)(?=[\s:]).*\)$/u,
);
// What a measure holds, noted under the list ("1 cup* = 180 ml", "1 Tbsp = 15 ml, 1/4 cup = 60 ml"):
// an amount and its unit equal to another, no ingredient named before the sign.
const MEASURE_EQUATION = /^[\d¼½¾⅐-⅞][\d\s/.,¼½¾⅐-⅞]*\s*\p{L}{1,12}\.?\*?\s*=\s*[\d¼½¾⅐-⅞]/u;
/** A widget's or the page's own words, never a line of the recipe. */
export const isWidgetLine = (t: string): boolean =>
  NOISE_LINE.test(t) ||
  MEASURE_EQUATION.test(t) ||
  SERVING_LINE.test(t.replace(/^\(|\)$/g, "")) ||
  ACTION_LINE.test(t) ||
  ALLERGEN_NOTE.test(t);
// Times, yields and the card's labels written among the steps ("Makes 12 squares.", "Bake time:
// 45 minutes.", "Course: Soup", "Author: Jane").
// A label without "time" is a card's only before its value: "Bake: Until golden, 15 minutes." is
// a step that names its action first.
export const META_LINE =
  /^(?:(?:makes|serves|yield|yields|servings)\b[^.]{0,40}\.?$|(?:prep|cook|cooking|bake|baking|total|chill)(?:\s*time\s*:|\s*:\s*(?=\d|$))|(?:course|cuisine|keywords?|author|diet|category)\s*:)/i;
// A card's detail written as its own line among the steps, in the languages of the pages read: a
// time's label ("Gesamtzeit", "Cocción 2 m", "Rest : 1 h"), a bare duration ("40 min."), a count
// of votes, a difficulty or cost label. The method's own word with a duration ("Preparazione: 20
// min") is the card's time, not the method's heading.
const DURATION = String.raw`(?:\d+(?:[.,]\d+)?\s*(?:h|hrs?|hours?|std|stunden?|heures?|horas?|ore|uur|timer?|t|m|mins?|minutes?|minuten?|minutos?|minuti|sec|s)\.?\s*)+`;
export const DETAIL_LINE = new CaselessWords(
  new RegExp(
    String.raw`^(?:(?:(?:prep(?:aration)?|cook(?:ing)?|bak(?:e|ing)|rest(?:ing)?|chill(?:ing)?|total|active|inactive|waiting|marinat(?:e|ing)|freez(?:e|ing))(?:\s+time)?|gesamtzeit|arbeitszeit|zubereitungszeit|vorbereitung(?:szeit)?|kochzeit|backzeit|koch-?\/?backzeit|garzeit|ruhezeit|wartezeit|cocci[oó]n|reposo|tiempo(?: total| de \p{L}+)?|cottura|riposo|totale|tempo(?: total| de \p{L}+)?|cuisson|repos|temps(?: total| de \p{L}+)?|kooktijd|bereidingstijd|wachttijd|oventijd|tillagningstid|tilberedningstid)\s*[:=]?\s*(?:${DURATION})?|(?:preparazione|preparaci[oó]n|prepara[cç][aã]o|preparo|pr[ée]paration|zubereitung|bereiding)\s*[:=]?\s*${DURATION}|${DURATION}:?|\d+\s+(?:votos?|votes?|voti|stimmen|avis|ratings?|bewertungen)|(?:difficulty|difficoltà|dificultad|schwierigkeit(?:sgrad)?|niveau|cost|costo|coût|kosten)\b.{0,30})$`,
    "u",
  ),
);
// A note set among or after the steps ("NOTE | the vegetables can be swapped", "Tip: …"): no step.
export const NOTE_LINE = new CaselessWords(
  /^(?:notes?|tips?|hinweis|tipp|remarque|astuce|nota|consiglio|consejo|dica|opmerking|tip)\s*[:|–—-]\s/u,
);
// Post chrome that ends any section.
const STOP_LINE =
  /^(?:(?:labels|tags|tagi|теги|тэги|метки|schlagw[oö]rter|stichw[oö]rter|étiquettes|mots[- ]clés|etiquetas|etichette|trefwoorden|címkék|štítky|categories|category|filed under|posted (?:in|by|on)|share this|post views|views)\s*(?::|$)|(?:return to|back to|go back to) (?:the )?(?:previous page|top|recipes|all recipes|recipe index|cookbook)\b|zurück zu(?:r|m)? (?:übersicht|startseite|rezept)|retour (?:à la recette|aux recettes|en haut)|torna (?:alla ricetta|alle ricette|su)\b|volver (?:a la receta|a las recetas|arriba)|voltar (?:para a receita|às receitas|ao topo)|terug naar (?:het recept|de recepten|boven)|rated \d+(?:[.,]\d)? out of \d+\b|(?:discover|explore) more\b|entdecke (?:mehr|auch)\b|découvr(?:ez|ir) (?:aussi|plus|également)\b|scopri (?:anche|altre|di più)\b|descubre (?:más|también)\b|descubra (?:mais|também)\b|ontdek (?:meer|ook)\b|have a recipe to share\b|.{0,120}(?<!\()\baffiliate[- ]links?\b|as an amazon associate\b|en cliquant sur (?:les|ces) liens\b|.{0,80}\b(?:obtenemos|recibimos|ganamos) (?:una )?comisi[oó]n\b|.{0,80}\bwe (?:may )?(?:earn|receive) (?:a )?(?:small )?commission\b|(?:recipe|rezept|ricetta|receta|receita|recept|recette propos[ée]e) (?:by|von|di|por|van|av|par) \S|(?:published|posted|filed) (?:in|under) \S|(?:rate this recipe|reader ratings?|there are no comments|no comments yet|leave a (?:comment|reply|review)|subscribe (?:or|to|and)|log ?in to|sign up for|sign in to|did you make this|tried this recipe|export(?:ar|er)? (?:the|la|this|esta|cette|la) (?:recipe|receta|recette)|follow us|síguenos|suivez-nous|folge uns|seguici|volg ons|siga-nos|seguir a .{1,40} en (?:flipboard|facebook|instagram|pinterest|youtube|tiktok)|save (?:the|this) recipe|posts? destacados|related (?:posts|recipes)|recommended (?:products|tools|equipment)|shop (?:this|the) (?:recipe|post|look)|products? used in this (?:recipe|post)|produits recommandés|empfohlene produkte|prodotti consigliati|productos recomendados|produtos recomendados|aanbevolen producten|similar recipes|popular posts|recent posts|you may also like|you might (?:also )?(?:like|enjoy)|more (?:recipes )?like this|more from|fans also made|you['’]ll (?:also )?love|autour du même sujet|idées recettes|à découvrir aussi|vous aimerez aussi|das könnte dich auch interessieren|weitere rezepte|mehr rezepte|ähnliche rezepte|lees ook|gerelateerde recepten|meer recepten|relaterade recept|fler recept|andre opskrifter|flere oppskrifter|ti potrebbe(?:ro)? (?:anche )?interessare|ricette correlate|altre ricette|te puede interesar|recetas relacionadas|más recetas|veja também|receitas relacionadas|mais receitas|tipy na (?:recepty|články)|podobné recepty|zobacz (?:też|także)|podobne przepisy)\b|^more\s.{1,40}\srecipes$|if you (?:make|made|try|tried|love|loved|enjoy|enjoyed|like|liked) (?:this|it)\b.{0,80}\b(?:comment|rate|rating|tag|instagram|let (?:me|us) know|review)\b|(?:recipe )?(?:reviews?|comments?) \(\d+\)|view (?:recipe )?(?:comments|reviews)\b|(?:this (?:post|recipe) was )?originally (?:published|posted) (?:on|in)\b|\d(?:[.,]\d+)? from \d+ (?:votes?|ratings?|reviews?)\b|not incl(?:\.|uded) in (?:the )?nutri|(?:per serving|nutrition(?:al)? (?:information|info|facts)|calories|energy)\b[^a-z]{0,3}(?::|$|\d)|©|copyright\b|all rights reserved|privacy policy)/i;
// A nutrition line: two nutrients with their amounts ("Fat 12 g, Protein 8 g", "3 g fat · 8 g protein").
const NUTRIENT =
  /\b(?:fat|protein|carbs?|carbohydrates?|fib(?:re|er)|sodium|sugars?|calories|kcal)\b\s*:?\s*\d|\d\s*(?:g|mg|kcal)\s+(?:of\s+)?(?:fat|protein|carbs?|carbohydrates?|fib(?:re|er)|sodium|sugars?)\b/gi;
// A row of a nutrition table with its share of the daily value ("570kcal 29% Kalorien", "27g 39% Fett").
const DAILY_VALUE_ROW = /^\d+(?:[.,]\d+)?\s*(?:kj|kcal|cal|g|mg|µg)\s+\d+(?:[.,]\d+)?\s*%\s*\p{L}+$/iu;
// Two different nutrients: a step that adds "150 g of sugar", then "38 g of sugar", names one.
const nutritionLine = (t: string): boolean => {
  const found = t.match(NUTRIENT);
  if (found && found.length >= 2) {
    const first = nutrientOf(found[0]!);
    if (found.some((m) => nutrientOf(m) !== first)) return true;
  }
  return DAILY_VALUE_ROW.test(t) || ENERGY_ROW.test(t);
};
// A nutrition table's row for one ingredient, its weight and its energy ("83g finomliszt 303 kcal"):
// no line of a list ends in its energy.
const ENERGY_ROW = /^\d+(?:[.,]\d+)?\s*(?:g|mg|ml)\s+\p{L}.{0,60}\s\d+(?:[.,]\d+)?\s*(?:kcal|kj)$/iu;
// The nutrient a match names: its last word ("Fat 1" → fat, "150 g of sugars" → sugar).
const nutrientOf = (m: string): string => NUTRIENT_WORD.exec(m.toLowerCase())?.[1] ?? m;
const NUTRIENT_WORD = /([a-z]+?)s?[^a-z]*$/;
// The reader asked for feedback once the method is done: did you make it, did you like it, share
// a photo, report an error.
export const FEEDBACK_LINE = new CaselessWords(
  /^(?:(?:last step\s*:\s*)?(?:don['’]t forget|be sure) to share\b|(?:post|share|upload) (?:a|your) (?:picture|photo)\b|how would you rate\b|(?:have|did) you (?:made|make|tried|try|cooked|cook|baked|bake) (?:this|it)\b|heb (?:jij|je|u) (?:dit|het) recept (?:\p{L}+ )?(?:klaar|na)?gemaakt|zie je een fout in dit recept|hat (?:es )?(?:dir|ihnen) (?:das rezept )?geschmeckt|(?:hast du|haben sie) (?:das|dieses) rezept (?:\p{L}+ )?(?:ausprobiert|nachgekocht|nachgebacken|gemacht)|(?:avez-vous|vous avez) (?:testé|essayé|réalisé|fait) cette recette|ti è piaciuta (?:la|questa) ricetta|hai (?:provato|fatto|preparato) questa ricetta|¿?(?:has|habéis) (?:hecho|probado|preparado) esta receta|¿?te (?:ha gustado|gustó) (?:la|esta) receta|(?:você )?(?:fez|experimentou|preparou) (?:esta|essa) receita|gostou (?:da|desta|dessa) receita|har du (?:lagat|testat|provat|lavet|prøvet|laget) (?:detta|det här|denne|dette) (?:recept|opskrift|oppskrift))/u,
);
// A short question on its own line ("Sobraram ingredientes?", "Wat vond je van dit recept?"): the
// page turning to its reader (feedback, leftovers, a FAQ) once the method is done; a step asks none.
export const shortQuestion = (t: string): boolean =>
  t.length <= 40 && t.endsWith("?") && t.split(/\s+/).length <= 6;
/** Post chrome, the reader's feedback prompts or a nutrition line: the section is over. */
export const stops = (t: string): boolean => {
  // A footnote's mark before the page's words ("* not incl. in nutrient facts", its star set
  // after an item of the list) hides nothing of them.
  const u = t.replace(FOOTNOTE_MARK, "");
  return STOP_LINE.test(u) || FEEDBACK_LINE.test(u) || nutritionLine(u);
};
const FOOTNOTE_MARK = /^[*†‡]+\s*(?=\p{L})/u;
// On a page, variations of the dish and its substitutions follow the method as sections of their
// own ("Variations:", "Substitutions"); structured steps (which share OTHER_SECTION) may hold them
// as steps. Serving suggestions stay: pages give them as the method's last part.
export const PAGE_SECTION = new CaselessWords(
  new RegExp(
    String.raw`(?:${OTHER_SECTION.source})|^(?:variations?|varianten|variantes|varianti|variaciones|variações|substitutions?|(?:ingredient )?swaps)(?![\p{L}])`,
    "u",
  ),
);
export const GROUP_LIKE = /^(?:for|für|pour|para|per|voor|till|à|al|zum|zur)\s|:$/i;

export function isSectionHead(b: Block, words: WordPattern): boolean {
  if (b.text.length > 60) return false;
  // Blogs decorate headings with emoji or symbols ("🛒 What You'll Need", "» Method").
  const t = b.text.replace(LEADING_SYMBOLS, "");
  if (b.level) return words.test(t);
  // A plain short line that only names the section ("Ingredients", "Method:", "Preparación."); not
  // a card's time under the section's name ("Preparation : 10 min").
  const u = t.replace(/\s*\.$/u, "");
  return u.length <= 30 && !/[.,!?]/.test(u) && words.test(u) && !(/\d/.test(u) && DETAIL_LINE.test(u));
}
const LEADING_SYMBOLS = /^[^\p{L}\p{N}]+/u;

// A group line of the method whose heading the page writes with its colon ("Cake:" shown, read
// "Cake::"): the section is named as shown, as a card's structured data names it.
export const SHOWN_COLON = /::$/;
/** A heading among the steps as a group line ("Name:"), its own colon kept as a second one. */
export const stepsGroup = (t: string): string => (/:\s*$/.test(t) ? `${t.replace(/\s*:$/, "")}::` : `${t}:`);

// Reading by content, for pages whose lists carry no heading the word lists know: a run of
// lines that read as ingredients (a quantity first, or last as in "sugar: 45 g"), then the lines
// that read as steps (sentences). Hand-written: no library finds a recipe in free page text.
// Bullets as typed (a dash even before a digit: "-1 cup"), and the check boxes and arrows cards draw
// before a line ("▢ 1/2 cup sugar"), text.ts's markers; several in a row.
export const BULLET = new RegExp(String.raw`^\s*(?:[-–*${BULLET_MARKS}]\uFE0F?\s*)+`, "u");
const QTY_FIRST = /^(?:[\d¼½¾⅐-⅞]|(?:an?|one|two|three|a few|some|a pinch|a handful|pinch)\s)/iu;
const QTY_LAST =
  /\d+(?:[.,]\d+)?\s*(?:g|gr|kg|mg|ml|cl|dl|l|oz|lbs?|tbsp|tsp|cups?|el|tl|db|stk|st|pcs?|pieces?|г|гр|кг|мл|л|шт)\.?\)?$/iu;
const NUMBERED_STEP = /^(?:\d{1,2}|step\s*\d{1,2})\s*[-.):]\s*\p{L}/iu;
export const SENTENCE_END = /[.!?…)]$/u;

// A quantity with its unit: what makes a list an ingredient list rather than a ranking or a table of contents.
const QTY_UNIT =
  /^(?:about\s|ca\.?\s)?[\d¼½¾⅐-⅞][\d\s/.,¼½¾⅐-⅞–-]*\s*(?:g|gr|grams?|kg|mg|ml|cl|dl|l|liters?|litres?|oz|ounces?|lbs?|pounds?|tbsps?|tablespoons?|tbs|tb|tsps?|teaspoons?|cups?|c\.|pints?|quarts?|cans?|tins?|cloves?|pinch(?:es)?|handfuls?|slices?|sticks?|bunch(?:es)?|sprigs?|heads?|large|medium|small|whole|el|tl|ess|msk|tsk|krm|db|dkg|csomag|ek|kk|stk|st|cs|cc|c\.\s?à|cuill[eè]res?|pincée|gousses?|sachets?|bustina|cucchia\w*|spicchi|cucharad\w*|dientes?|pizca|prise|zehen?|prisen?|bund|pakken?|stuks?|eetlepels?|theelepels?|łyżk\w*|szklank\w*|pieces?|pcs?|colher(?:es)?|colherinhas?|x[íi]caras?|ch[áa]venas?|dentes?|unidades?|pitadas?|latas?|copos?|fatias?|tazas?|vasos?|rodajas?|cucharaditas?|bicchier[ei]|pizzic\w*|fett[ea]|tasses?|verres?|tranches?|bo[îi]tes?|kopjes?|blikjes?|tenen|teentjes?|snufjes?|plakjes?|fedd|dåser?|ząb\w*|szczypt\w*|lžíc\w*|lžičk\w*|stroužk\w*|hrn\w*|gerezd|г|гр|кг|мг|мл|л|ст\.\s?л|ч\.\s?л|дес\.\s?л|шт|стакан\w*|зубчик\w*|щепотк\w*|пуч\w*|банк\w*|ложк\w*)(?![\p{L}])/iu;
// "1. Finland", "1.2 Spectral properties": an enumeration, not a quantity; so is a sentence or a
// title so numbered ("3 Fleisch trocknen, würzen.", "1 PICCATA-TEIG:"). Else a number before a
// capital is a count ("1 Zwiebel", "2 TB butter": German nouns, units in capitals).
const ENUMERATION =
  /^\d{1,2}(?:\.\d{1,2})*\.\s*\p{Lu}|^\d{1,2}(?:\.\d{1,2})+\s+\p{Lu}|^\d{1,2}\s+(?:\p{Lu}.*[.!?:]|\p{Lu}{2}[\p{Lu}\s-]*\b)$/u;
// "2 Portionen als Hauptgericht", "4 servings": the yield, not an ingredient.
const YIELD_COUNT =
  /^\d+\s*(?:servings?|portions?|portionen|personen|personnes|persone|porciones|porções|people|persons|stück|pieces)\b/iu;

/** A line that reads as an ingredient: short, a quantity first or last, not a numbered sentence. */
export function ingredientLike(text: string): boolean {
  const t = text.replace(BULLET, "");
  if (t.length > 110 || t.split(" ").length > 16 || !/\p{L}/u.test(t)) return false;
  if (NUMBERED_STEP.test(t) && (t.length > 50 || /[.!?]$/.test(t))) return false;
  if ((ENUMERATION.test(t) && !QTY_UNIT.test(t)) || YIELD_COUNT.test(t)) return false;
  return QTY_FIRST.test(t) || QTY_LAST.test(t);
}

/**
 * An ingredient line longer than ingredientLike reads, opening with its amount and unit and telling
 * no sentence ("500g short pasta, penne, casarecce, fusilli, orecchiette, cavatelli, or grilled
 * sausages, fried eggs, garlic rubbed toast"): an item where a list's lines lead to it, not prose.
 */
export function longMeasured(text: string): boolean {
  const t = text.replace(BULLET, "");
  return (
    t.length <= 160 &&
    t.split(" ").length <= 24 &&
    QTY_UNIT.test(t) &&
    !NUMBERED_STEP.test(t) &&
    !ENUMERATION.test(t) &&
    !/[.!?…](?:\s|$)/u.test(t)
  );
}

/** Whether the block after `j` is an ingredient line with its unit, not a heading. */
export function measuredNext(blocks: Block[], j: number): boolean {
  const next = blocks[j + 1];
  return !!next && !next.level && measured(next.text);
}

/** An ingredient line with its unit ("2 cups flour", "sugar 45 g"). */
export const measured = (text: string): boolean => {
  const t = text.replace(BULLET, "");
  return QTY_UNIT.test(t) || QTY_LAST.test(t);
};

/** A short line inside an ingredient list without a quantity ("Baguette", "salt and pepper", "For the sauce:"). */
export function plainItem(b: Block): boolean {
  const t = b.text.replace(BULLET, "");
  return t.length <= 45 && !/[.!?]$/.test(t) && (b.level === 0 || b.level >= 5);
}

/** A line that reads as a step: a sentence, or numbered. */
export function stepLike(text: string): boolean {
  if (ingredientLike(text)) return false;
  if (NUMBERED_STEP.test(text)) return text.length >= 12;
  return text.length >= 40 || (text.length >= 15 && SENTENCE_END.test(text) && text.includes(" "));
}
