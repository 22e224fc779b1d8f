import type { Instruction } from "../domain/recipe.ts";
import { findAll, type Document } from "./dom.ts";
import { isIngredientHeading, parseIngredientList } from "./ingredients.ts";
import { isNumberLabel, splitNumbered, type PartialRecipe } from "./schemaRecipe.ts";
import { INGREDIENT_WORDS, INSTRUCTION_WORDS, OTHER_SECTION, isIngredientsWord } from "./sectionWords.ts";
import { type Block, linesOf } from "./pageBlocks.ts";
import { BULLET_MARKS, stripBullet } from "./text.ts";

// The generic reader for pages without a known card: ingredient and step sections found by their
// headings (8 languages), else by what the lines look like.

// "Step 2", "Étape 3 /8": a step's number, with the count of steps some pages print after it.
const STEP_LABEL =
  /^(?:step|schritt|étape|etape|paso|passo|stap|steg|etapa)\s*\d{1,2}(?:\s*\/\s*\d{1,2})?\s*[:.)]?$/iu;
// The first step's number ("Step 1", "Étape 1/8").
const FIRST_STEP = /\p{L}\s*0?1(?!\d)/u;
// A step heading with its own title after the number ("Step 2 - Cook them slowly", "3. Serve").
const TITLED_STEP =
  /^(?:(?:step|schritt|étape|etape|paso|passo|stap|steg|etapa)\s*\d{1,2}\s*[:.)–—-]|\d{1,2}\s*[.)])\s*([\p{L}(].*)$/iu;
const NOISE_LINE =
  /^(?:print(?: recipe)?|pin(?: recipe| it)?|pin (?:this|it)(?: recipe)? for later!?|watch (?:the|our|this) (?:recipe )?video\b.*|save(?: recipe)?|share|jump to recipe|rate (?:this )?recipe|e-?mail|tweet|facebook|pinterest|whatsapp|twitter|instagram|linkedin|telegram|messenger|reddit|flipboard|yummly|▢|\d{1,4}\.?|(?:\d+(?:\/\d+)?x\s*)+|(?:(?:love|like|share|tweet|pin|e-?mail|print|save|yum)\s*\d*\s*){2,}|(?:cook mode\s*)?prevent your screen from going dark.*|cook mode|[+]\s*create .*collection.*|scale|metric\s*imperial|us\s*customary\s*metric|printen|drucken|imprimer|stampa|imprimir|pdf|teilen|partager|condividi|compartir|compartilhar|delen|dela|udostępnij|sdílet|¡?gracias!?|danke!?|merci!?|grazie!?|obrigad[oa]!?|bedankt!?|recipe|recette|ricetta|rezept|receta|receita|recept|przepis|(?:rezept|recept|recette|ricetta) (?:melden|bewerten|beoordelen|noter|valuta))$/iu;
// A serving selector's words left among the lines ("für", "4 Portionen", "voor 2 personen", "Serving amount",
// "2 Pieces").
const SERVING_LINE =
  /^(?:(?:for|für|pour|voor|para|per)\s*)?\d*\s*(?:servings?|serving amount|portions?|portionen|personen|personnes|persone|porciones|porções|people|persons?|pieces?|stück|stuks|pièces?|pezzi|piezas|peças|quantité|quantità|cantidad|(?:op basis van|auf basis von) \p{L}+)?\s*\)?$/iu;
// A page's action written as a line: save, print, or send the list, read more.
const ACTION_LINE =
  /^(?:.{0,40}\b(?:shopping list|einkaufsliste|lista della spesa|liste de courses|boodschappenlijst|lista de la compra|lista de compras|indkøbsliste|inköpslista|handleliste)\b.{0,20}|(?:read|en lire|lire la|lees) (?:more|plus|suite|meer)|weiterlesen|leia mais|leggi (?:tutto|di più)|copy and customize|(?:boodschappen|ingrediënten|zutaten|ingredients|ingrédients|ingredienti|ingredientes) (?:bestellen|kopen|kaufen|order|commander|ordinare|pedir)|(?:order|buy|shop) (?:the |these |your )?(?:ingredients|groceries)|(?:bestel|koop) (?:de |je )?(?:boodschappen|ingrediënten)|commander (?:les|vos) (?:ingrédients|courses)|(?:jetzt )?zutaten (?:online )?bestellen|.{0,40}\b(?:speichern|printen|drucken|imprimer|stampa|imprimir)\b.{0,20})$/iu;
// The allergens a meal kit notes under an ingredient ("(Contains Soya)", "(Contient seigle, gluten …)").
const ALLERGEN_NOTE =
  /^\((?:contains|may contain|contient|peut contenir|enthält|kann spuren|bevat|kan sporen|contiene|può contenere|puede contener|contém|pode conter|innehåller|indeholder)(?=[\s:]).*\)$/iu;
/** A widget's or the page's own words, never a line of the recipe. */
export const isWidgetLine = (t: string): boolean =>
  NOISE_LINE.test(t) ||
  SERVING_LINE.test(t.replace(/^\(|\)$/g, "")) ||
  ACTION_LINE.test(t) ||
  ALLERGEN_NOTE.test(t);
// Times, yields and the card's labels written among the steps ("Makes 12 squares.", "Bake time:
// 45 minutes.", "Course: Soup", "Author: Jane").
// A label without "time" is a card's only before its value: "Bake: Until golden, 15 minutes." is
// a step that names its action first.
const META_LINE =
  /^(?:(?:makes|serves|yield|yields|servings)\b[^.]{0,40}\.?$|(?:prep|cook|cooking|bake|baking|total|chill)(?:\s*time\s*:|\s*:\s*(?=\d|$))|(?:course|cuisine|keywords?|author|diet|category)\s*:)/i;
// A card's detail written as its own line among the steps, in the languages of the pages read: a
// time's label ("Gesamtzeit", "Cocción 2 m", "Rest : 1 h"), a bare duration ("40 min."), a count
// of votes, a difficulty or cost label.
const DURATION = String.raw`(?:\d+(?:[.,]\d+)?\s*(?:h|hrs?|hours?|std|stunden?|heures?|horas?|ore|uur|timer?|t|m|mins?|minutes?|minuten?|minutos?|minuti|sec|s)\.?\s*)+`;
const DETAIL_LINE = new RegExp(
  String.raw`^(?:(?:(?:prep(?:aration)?|cook(?:ing)?|bak(?:e|ing)|rest(?:ing)?|chill(?:ing)?|total|active|inactive|waiting|marinat(?:e|ing)|freez(?:e|ing))(?:\s+time)?|gesamtzeit|arbeitszeit|zubereitungszeit|vorbereitung(?:szeit)?|kochzeit|backzeit|koch-?\/?backzeit|garzeit|ruhezeit|wartezeit|cocci[oó]n|reposo|tiempo(?: total| de \p{L}+)?|cottura|riposo|totale|tempo(?: total| de \p{L}+)?|cuisson|repos|temps(?: total| de \p{L}+)?|kooktijd|bereidingstijd|wachttijd|oventijd|tillagningstid|tilberedningstid)\s*[:=]?\s*(?:${DURATION})?|${DURATION}:?|\d+\s+(?:votos?|votes?|voti|stimmen|avis|ratings?|bewertungen)|(?:difficulty|difficoltà|dificultad|schwierigkeit(?:sgrad)?|niveau|cost|costo|coût|kosten)\b.{0,30})$`,
  "iu",
);
// A note set among or after the steps ("NOTE | the vegetables can be swapped", "Tip: …"): no step.
const NOTE_LINE =
  /^(?:notes?|tips?|hinweis|tipp|remarque|astuce|nota|consiglio|consejo|dica|opmerking|tip)\s*[:|–—-]\s/iu;
// Post chrome that ends any section.
const STOP_LINE =
  /^(?:(?:labels|tags|tagi|schlagw[oö]rter|stichw[oö]rter|étiquettes|mots[- ]clés|etiquetas|etichette|trefwoorden|címkék|štítky|categories|category|filed under|posted (?:in|by|on)|share this|post views|views)\s*(?::|$)|(?:return to|back to|go back to) (?:the )?(?:previous page|top|recipes|all recipes|recipe index|cookbook)\b|zurück zu(?:r|m)? (?:übersicht|startseite|rezept)|retour (?:à la recette|aux recettes|en haut)|torna (?:alla ricetta|alle ricette|su)\b|volver (?:a la receta|a las recetas|arriba)|voltar (?:para a receita|às receitas|ao topo)|terug naar (?:het recept|de recepten|boven)|rated \d+(?:[.,]\d)? out of \d+\b|(?:discover|explore) more\b|entdecke (?:mehr|auch)\b|découvr(?:ez|ir) (?:aussi|plus|également)\b|scopri (?:anche|altre|di più)\b|descubre (?:más|también)\b|descubra (?:mais|também)\b|ontdek (?:meer|ook)\b|have a recipe to share\b|.{0,120}(?<!\()\baffiliate[- ]links?\b|as an amazon associate\b|en cliquant sur (?:les|ces) liens\b|.{0,80}\b(?:obtenemos|recibimos|ganamos) (?:una )?comisi[oó]n\b|.{0,80}\bwe (?:may )?(?:earn|receive) (?:a )?(?:small )?commission\b|(?:recipe|rezept|ricetta|receta|receita|recept|recette propos[ée]e) (?:by|von|di|por|van|av|par) \S|(?:published|posted|filed) (?:in|under) \S|(?:rate this recipe|reader ratings?|there are no comments|no comments yet|leave a (?:comment|reply|review)|subscribe (?:or|to|and)|log ?in to|sign up for|sign in to|did you make this|tried this recipe|export(?:ar)? (?:the|la|this) re|posts? destacados|related (?:posts|recipes)|recommended (?:products|tools|equipment)|shop (?:this|the) (?:recipe|post|look)|products? used in this (?:recipe|post)|produits recommandés|empfohlene produkte|prodotti consigliati|productos recomendados|produtos recomendados|aanbevolen producten|similar recipes|popular posts|recent posts|you may also like|you might (?:also )?(?:like|enjoy)|more (?:recipes )?like this|more from|fans also made|you['’]ll (?:also )?love|autour du même sujet|idées recettes|à découvrir aussi|vous aimerez aussi|das könnte dich auch interessieren|weitere rezepte|mehr rezepte|ähnliche rezepte|lees ook|gerelateerde recepten|meer recepten|relaterade recept|fler recept|andre opskrifter|flere oppskrifter|ti potrebbe(?:ro)? (?:anche )?interessare|ricette correlate|altre ricette|te puede interesar|recetas relacionadas|más recetas|veja também|receitas relacionadas|mais receitas|tipy na (?:recepty|články)|podobné recepty|zobacz (?:też|także)|podobne przepisy)\b|^more\s.{1,40}\srecipes$|if you (?:make|made|try|tried|love|loved|enjoy|enjoyed|like|liked) (?:this|it)\b.{0,80}\b(?:comment|rate|rating|tag|instagram|let (?:me|us) know|review)\b|(?:recipe )?(?:reviews?|comments?) \(\d+\)|view (?:recipe )?(?:comments|reviews)\b|(?:this (?:post|recipe) was )?originally (?:published|posted) (?:on|in)\b|\d(?:[.,]\d+)? from \d+ (?:votes?|ratings?|reviews?)\b|(?:per serving|nutrition(?:al)? (?:information|info|facts)|calories|energy)\b[^a-z]{0,3}(?::|$|\d)|©|copyright\b|all rights reserved|privacy policy)/i;
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
  return DAILY_VALUE_ROW.test(t);
};
// The nutrient a match names: its last word ("Fat 1" → fat, "150 g of sugars" → sugar).
const nutrientOf = (m: string): string => NUTRIENT_WORD.exec(m.toLowerCase())?.[1] ?? m;
const NUTRIENT_WORD = /([a-z]+?)s?[^a-z]*$/;
// The reader asked for feedback once the method is done: did you make it, did you like it, share
// a photo, report an error.
const FEEDBACK_LINE =
  /^(?:(?:last step\s*:\s*)?(?:don['’]t forget|be sure) to share\b|(?:post|share|upload) (?:a|your) (?:picture|photo)\b|how would you rate\b|(?:have|did) you (?:made|make|tried|try|cooked|cook|baked|bake) (?:this|it)\b|heb (?:jij|je|u) (?:dit|het) recept (?:\p{L}+ )?(?:klaar|na)?gemaakt|zie je een fout in dit recept|hat (?:es )?(?:dir|ihnen) (?:das rezept )?geschmeckt|(?:hast du|haben sie) (?:das|dieses) rezept (?:\p{L}+ )?(?:ausprobiert|nachgekocht|nachgebacken|gemacht)|(?:avez-vous|vous avez) (?:testé|essayé|réalisé|fait) cette recette|ti è piaciuta (?:la|questa) ricetta|hai (?:provato|fatto|preparato) questa ricetta|¿?(?:has|habéis) (?:hecho|probado|preparado) esta receta|¿?te (?:ha gustado|gustó) (?:la|esta) receta|(?:você )?(?:fez|experimentou|preparou) (?:esta|essa) receita|gostou (?:da|desta|dessa) receita|har du (?:lagat|testat|provat|lavet|prøvet|laget) (?:detta|det här|denne|dette) (?:recept|opskrift|oppskrift))/iu;
/** Post chrome, the reader's feedback prompts or a nutrition line: the section is over. */
const stops = (t: string): boolean => STOP_LINE.test(t) || FEEDBACK_LINE.test(t) || nutritionLine(t);
// On a page, variations of the dish follow the method as a section of their own ("Variations:");
// structured steps (which share OTHER_SECTION) may hold them as steps.
const PAGE_SECTION = new RegExp(
  String.raw`(?:${OTHER_SECTION.source})|^(?:variations?|varianten|variantes|varianti|variaciones|variações)(?![\p{L}])`,
  "iu",
);
const GROUP_LIKE = /^(?:for|für|pour|para|per|voor|till|à|al|zum|zur)\s|:$/i;

function isSectionHead(b: Block, words: RegExp): boolean {
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

/**
 * A heading that names the dish (the page's h1) before the section's words, which close it
 * ("Köri Soslu Tavuk İçin Malzemeler", "Köri Soslu Tavuk Nasıl Yapılır?"), as languages that put
 * the noun last write it. The dish's name must lead: a post's "Crust Ingredients" or "Tools
 * You'll Need" heads no section of the card.
 */
function namesDishThen(b: Block, words: RegExp, dish: string): boolean {
  if (!dish || b.level < 1 || b.level > 6 || b.text.length > 120) return false;
  const s = b.text.replace(/[\s:：.?!]+$/u, "");
  if (!s.toLowerCase().startsWith(dish)) return false;
  for (const m of s.slice(dish.length).matchAll(/\s(?=\p{L})/gu)) {
    const rest = s.slice(dish.length + m.index + 1);
    const w = words.exec(rest);
    if (w && w[0].length === rest.length) return true;
  }
  return false;
}

/** Lines under a section heading, sub-headings as "Name:" group lines; null when empty. */
function sectionLines(blocks: Block[], start: number, kind: "ingredients" | "steps"): string[] {
  const head = blocks[start]!;
  const level = head.level || 7;
  const lines: { text: string; item: boolean }[] = [];
  // Bounded: a section spans at most 400 blocks, so many candidate headings stay linear.
  const end = Math.min(blocks.length, start + 400);
  for (let j = start + 1; j < end && lines.length < 120; j++) {
    const b = blocks[j]!;
    const other = kind === "ingredients" ? INSTRUCTION_WORDS : INGREDIENT_WORDS;
    if (isSectionHead(b, other)) break;
    // Tabs over the list ("Ingredients", "Nutrition", then the lines) name other sections before
    // any line: a heading of another part right over measured lines is such a tab, not the end.
    if (isSectionHead(b, PAGE_SECTION)) {
      if (kind === "ingredients" && !lines.length && measuredNext(blocks, j)) continue;
      break;
    }
    // A heading of post chrome ("Subscribe or log in to save recipes") ends it as a line does.
    if (b.level && stops(b.text)) break;
    // A heading that names a list of its own ("What you will need" over the tools) after the
    // list's lines is another section, not a group of this one.
    if (kind === "ingredients" && b.level && lines.length && isIngredientsWord(b.text)) break;
    if (b.level) {
      // A serving selector's count set as a heading over the list ("2 personen") heads no group.
      if (kind === "ingredients" && /\d/.test(b.text) && SERVING_LINE.test(b.text.replace(/^\(|\)$/g, "")))
        continue;
      // A time set in bold or as a heading among the steps ("1 Std 10 Min") is the card's detail too.
      if (
        STEP_LABEL.test(b.text) ||
        (kind === "steps" && (META_LINE.test(b.text) || DETAIL_LINE.test(b.text)))
      )
        continue;
      const groupLike = GROUP_LIKE.test(b.text) && b.text.length <= 50;
      // A plain line naming the list ("Zutaten für 10 Stücke") ranks below any heading, so only
      // what reads as a group of it ("Für den Teig") may follow as one; so does a bold label
      // naming either section ("Cooking Instructions:" over "1. To prepare the vegetables:").
      if (b.level < level && !((head.level === 0 || head.level === 7) && groupLike)) break;
      // "Step 1: Prep the onions" over the step's text titles that step: the text is the step.
      // A numbered heading with nothing under it is the step written whole. One ending in a colon
      // ("1. To prepare the vegetables:") leads into its text and is read with it, as before; a
      // heading of the section's own rank still ends it.
      const titled =
        kind === "steps" && (b.level > level || b.level === 7) && !b.text.endsWith(":")
          ? TITLED_STEP.exec(b.text)
          : null;
      if (titled) {
        const next = j + 1 < end ? blocks[j + 1]! : null;
        if (!(next && !next.level && stepLike(next.text))) lines.push({ text: titled[1]!, item: true });
        continue;
      }
      // A same-rank heading right above measured lines names a group of the list ("Sauce").
      // So does one over list items that read as ingredients ("Produce" over "2 limes").
      const next = j + 1 < end ? blocks[j + 1]! : null;
      const groupAbove =
        kind === "ingredients" &&
        b.text.length <= 50 &&
        !!next &&
        !next.level &&
        (measured(next.text) ||
          // …or over lines that read as ingredients, one of a list or two in a row ("1 Zwiebel").
          (ingredientLike(next.text) && (next.item || ingredientLike(blocks[j + 2]?.text ?? ""))));
      // A heading right under the section's own, before any line, titles it ("Preparazione",
      // then "Come fare le lasagne"): the lines come after it.
      if (b.level === level && !lines.length && !groupLike && !groupAbove && kind === "steps") continue;
      if (b.level === level && !groupLike && !groupAbove) {
        // A bold label in a list of steps reads as a step; a same-rank heading ends the section.
        if (b.level === 7 && kind === "steps") {
          lines.push({ text: b.text, item: false });
          continue;
        }
        break;
      }
      // A label over sentences opens the method ("Here's how to make it:"), not a group of the list.
      if (kind === "ingredients" && j + 1 < end && !blocks[j + 1]!.level && stepLike(blocks[j + 1]!.text))
        break;
      lines.push({
        text: kind === "steps" ? stepsGroup(b.text) : `${b.text.replace(/\s*:$/, "")}:`,
        item: true,
      });
      continue;
    }
    if (stops(b.text)) break;
    // A question after the list heads another part of the page ("How healthy are the main ingredients?").
    if (kind === "ingredients" && !b.item && lines.length && b.text.endsWith("?")) break;
    if (isWidgetLine(b.text) || STEP_LABEL.test(b.text)) {
      // A whole number in a block of its own over a name ("3" / "tablespoons rice vinegar") is an
      // amount, kept for amountsJoined as "¼" / "cup cranberries" is; else it is a widget's count.
      if (!(kind === "ingredients" && BARE_NUMBER.test(b.text) && amountOver(blocks[j + 1]))) continue;
    }
    if (kind === "steps" && (META_LINE.test(b.text) || DETAIL_LINE.test(b.text) || NOTE_LINE.test(b.text)))
      continue;
    // A link's text alone on its line among the steps is the page's (a tag, a button, a related
    // post), unless it reads as a step.
    if (kind === "steps" && b.link && !stepLike(b.text)) continue;
    // A plain line naming another section ("Ingredients", "Notes") also ends it.
    lines.push({ text: b.text, item: b.item });
  }
  const kept = kind === "steps" && listsEachStepsParts(lines) ? lines.filter(isStepText) : lines;
  // Lists win over the prose around them; a bare name between two lists of ingredients is no
  // prose but the second list's label ("hand-cut potato chips", "Rice"): a group's heading.
  const items = kept.filter((l) => l.item && !l.text.endsWith(":")).length;
  const label = (i: number) =>
    kind === "ingredients" && !!kept[i - 1]?.item && !!kept[i + 1]?.item && BARE_NAME.test(kept[i]!.text);
  const out =
    items < 2
      ? kept.map((l) => l.text)
      : kind === "steps" && titlesAmongSteps(kept)
        ? // The method's own sub-headings set as list items over its sentences ("Make the
          // shortcakes" over "Preheat the oven…"): sections of the steps when the method opens with
          // one, else a note set after a step ("Slow cooking"): left out.
          kept.flatMap((l) =>
            !l.item ? [l.text] : kept[0]!.item ? [l.text.endsWith(":") ? l.text : `${l.text}:`] : [],
          )
        : kept.flatMap((l, i) => (l.item ? [l.text] : label(i) ? [`${l.text}:`] : []));
  // Whole numbers not joined to their names (a list mostly of whole lines) go, as widget counts do.
  return kind === "ingredients" ? amountsJoined(out).filter((l) => !BARE_NUMBER.test(l)) : out;
}

// A group line of the method whose heading the page writes with its colon ("Cake:" shown, read
// "Cake::"): the section is named as shown, as a card's structured data names it.
const SHOWN_COLON = /::$/;
/** A heading among the steps as a group line ("Name:"), its own colon kept as a second one. */
const stepsGroup = (t: string): string => (/:\s*$/.test(t) ? `${t.replace(/\s*:$/, "")}::` : `${t}:`);

/**
 * Whether a method's list items are short titles among its sentences, not its steps: no item reads
 * as a step, the sentences outnumber them, and an item stands between two of them.
 */
function titlesAmongSteps(lines: { text: string; item: boolean }[]): boolean {
  let items = 0;
  let sentences = 0;
  let between = false;
  for (const l of lines) {
    if (l.item) {
      if (l.text.length > 60 || stepLike(l.text)) return false;
      items++;
    } else if (stepLike(l.text)) {
      if (items && sentences) between = true;
      sentences++;
    }
  }
  return between && sentences > items;
}

const BARE_NUMBER = /^\d{1,4}$/;
/** Whether a block is a name an amount over it measures: plain text, no amount of its own. */
const amountOver = (b: Block | undefined): boolean =>
  !!b && !b.level && !ownAmount(b.text) && /\p{L}/u.test(b.text);

// An ingredient line as a list writes it: measured, not ending a sentence ("425 g strawberries").
const listedIngredient = (t: string): boolean => measured(t) && !/[.!?:]$/.test(t);

/**
 * Whether a method shows each step's own ingredients (and utensils) as a list beside its text:
 * measured lines among the step sentences. Read as steps, those lists would crowd out or bury
 * the sentences, as lists win over prose.
 */
function listsEachStepsParts(lines: { text: string }[]): boolean {
  let steps = 0;
  let listed = 0;
  for (const l of lines) {
    if (stepLike(l.text)) steps++;
    else if (listedIngredient(l.text)) listed++;
  }
  return steps >= 2 && listed >= 2;
}

/** In such a method, a line of the steps: a sentence, a heading, or plain text outside the lists. */
const isStepText = (l: { text: string; item: boolean }): boolean =>
  l.text.endsWith(":") || stepLike(l.text) || (!l.item && !listedIngredient(l.text));

const LOOKS_LIKE_INGREDIENT = /^(?:[\d¼½¾⅐-⅞]|an?\s|one\s|some\s)/i;
// A line that starts as an ingredient does, past a bullet or a card's check box ("▢ 5 plums").
const looksLikeIngredient = (l: string): boolean => LOOKS_LIKE_INGREDIENT.test(l.replace(BULLET, ""));

/**
 * Whether the next heading of the same rank or higher after the section head at `i` (its own
 * groups' headings, ranked below it, passed) names the steps.
 */
function stepsHeadingNext(blocks: Block[], i: number): boolean {
  const rank = blocks[i]!.level;
  if (!rank) return false;
  for (let k = i + 1; k < blocks.length && k < i + 400; k++) {
    const b = blocks[k]!;
    if (b.level && b.level <= rank) return isSectionHead(b, INSTRUCTION_WORDS);
  }
  return false;
}

export function generic(doc: Document, blocks: Block[]): PartialRecipe | null {
  // The ingredient heading whose section reads most like ingredient lines.
  let ingLines: string[] = [];
  let ingAt = -1;
  let best = 0;
  let candidates = 0;
  const dish = blocks.find((b) => b.level === 1)?.text.toLowerCase() ?? "";
  const heads = (b: Block, words: RegExp) => isSectionHead(b, words) || namesDishThen(b, words, dish);
  const ingHeads: number[] = [];
  blocks.forEach((b, i) => {
    if (candidates >= 30 || !heads(b, INGREDIENT_WORDS)) return;
    candidates++;
    ingHeads.push(i);
    const lines = sectionLines(blocks, i, "ingredients");
    // Of two lists that read alike (a post's list of what it takes, then the card's), the one
    // the steps' heading follows is the recipe's.
    const score =
      lines.filter(looksLikeIngredient).length +
      lines.length / 100 +
      (lines.length && stepsHeadingNext(blocks, i) ? 0.5 : 0);
    if (score > best) {
      best = score;
      ingLines = lines;
      ingAt = i;
    }
  });
  // The first steps heading after the ingredients, else the first with lines.
  let insLines: string[] = [];
  let insAt = -1;
  const insHeads = blocks.flatMap((b, i) => (heads(b, INSTRUCTION_WORDS) ? [i] : []));
  for (const i of [...insHeads.filter((i) => i > ingAt), ...insHeads.filter((i) => i < ingAt)].slice(0, 30)) {
    insLines = sectionLines(blocks, i, "steps");
    insAt = i;
    if (insLines.length) break;
  }
  // Class names give the lists away when headings do not.
  if (!ingLines.length) {
    const el = findAll(
      doc,
      (e) =>
        (e.name === "ul" || e.name === "ol") &&
        /ingredient/i.test(`${e.attribs.class ?? ""} ${e.attribs.id ?? ""}`),
    )[0];
    if (el) ingLines = amountsJoined(linesOf(el));
  }
  if (!insLines.length) {
    const el = findAll(
      doc,
      (e) =>
        (e.name === "ol" || e.name === "ul" || e.name === "div") &&
        /(instruction|direction|method|steps|preparation)/i.test(
          `${e.attribs.class ?? ""} ${e.attribs.id ?? ""}`,
        ),
    )[0];
    // Widget text in a box named like steps ("+ Create your first collection") is no method.
    const lines = el ? linesOf(el).filter((l) => !NOISE_LINE.test(l)) : [];
    if (lines.some(stepLike)) insLines = lines;
  }
  // Steps under a heading the word lists lack ("Recipe", "Let's get started!"): the step-like
  // lines after the ingredients.
  if (ingLines.length >= 2 && !insLines.length && ingAt >= 0) {
    const rank = blocks[ingAt]!.level || 7;
    // A group label of the list ("For the sauce:") is passed; a label over sentences opens the steps.
    const opensSteps = (k: number) =>
      !GROUP_LIKE.test(blocks[k]!.text) || (k + 1 < blocks.length && stepLike(blocks[k + 1]!.text));
    // A question ("Can I freeze it?") heads a part of the post, not the method.
    let j = ingAt + 1;
    while (
      j < blocks.length &&
      !(blocks[j]!.level && blocks[j]!.level <= rank && opensSteps(j) && !blocks[j]!.text.endsWith("?"))
    )
      j++;
    insLines = stepRun(blocks, j).lines;
  }
  // No heading names the method, and the recipe is written in parts, each a heading over its list
  // then its steps: every part is read, not the longest list with the steps after it.
  if (!insHeads.length && ingAt >= 0) {
    for (const i of ingHeads) {
      const parts = partsInterleaved(blocks, i);
      if (parts) {
        ingLines = parts.ingredients;
        insLines = parts.steps;
        break;
      }
    }
  }
  // No heading names the method, but its first step's does ("Step 1/4", "Schritt 1"): the method
  // runs from there, past the sections between the list and it (utensils, nutrition).
  if (!insLines.length) {
    const first = blocks.findIndex((b) => b.level && STEP_LABEL.test(b.text) && FIRST_STEP.test(b.text));
    if (first >= 0) insLines = sectionLines(blocks, first, "steps");
  }
  // One ingredient is a recipe too (toast, a dressing) when a heading names it and steps follow
  // under their own heading: pasted text often is exactly that.
  const oneUnderHeadings =
    ingLines.length === 1 && ingAt >= 0 && insHeads.length > 0 && looksLikeIngredient(ingLines[0]!);
  if ((ingLines.length < 2 && !oneUnderHeadings) || !insLines.length) {
    const found = byContent(blocks);
    // Steps under their heading with an unheaded list before it ("600 g tomatoes" … "Recipe
    // steps"), other page text between: the list is the run of measured lines before the heading,
    // less a serving selector's words ("4 people").
    const list = !found && insLines.length && ingAt < 0 ? bestRun(blocks, insAt) : null;
    if (found) {
      ingLines = amountsJoined(found.ingredients);
      insLines = found.steps;
    } else if (list)
      ingLines = amountsJoined(
        blocks
          .slice(list.start, list.end)
          .map((b) => b.text.replace(BULLET, ""))
          .filter((t) => !isWidgetLine(t)),
      );
    // A list under its heading, measured, with no method on the page (shown only by a script or
    // an app): the ingredients alone, for the steps to be asked for.
    else if (ingAt < 0 || ingLines.filter(measured).length < 3) return null;
  }
  // (Amounts set over their names are joined where each list is read: sectionLines, above.)
  ingLines = namesAPart(groupsTheMethodNames(oneSystem(ingLines), insLines));
  const r: PartialRecipe = {};
  // A list written with dashes or bullets in its text ("- 1 cup milk") loses them.
  const ingredients = parseIngredientList(
    ingLines.filter((l) => l.length < 200).map((l) => stripBullet(l).replace(AFFILIATE_MARK, "")),
  );
  if (ingredients.length) r.ingredients = ingredients;
  let section: string | null = null;
  const steps: Instruction[] = [];
  // A paragraph holding the whole method ("1. Whisk… 2. Fold…") is cut at numbers that count on.
  const lines = insLines.flatMap((x) => (FIRST_NUMBER.test(x) ? splitNumbered(x) : [x]));
  let label = "";
  // A numbered step's title over its text ("1. To prepare the vegetables:" / "Slice the
  // capsicum…") opens that step, as the page numbers them; so does the method's last title
  // among such ("To serve:").
  const titled = lines.some((l) => TITLE_NUMBER.test(l) && STEP_TITLE.test(l));
  const numbered = countsOn(lines);
  for (const [i, l] of lines.entries()) {
    const next = lines[i + 1];
    if (titled && STEP_TITLE.test(l) && next && stepLike(next) && !next.endsWith(":")) {
      label = `${l.replace(TITLE_NUMBER, "").replace(SHOWN_COLON, ":")} `;
      continue;
    }
    // A line with a number leading into what follows is a step ("Bake for 20 minutes, then:") or
    // its label ("Krok 1:"), not a section of the method.
    if (isIngredientHeading(l) && l.endsWith(":") && !/\d/.test(l)) {
      section = l.replace(/:$/, "");
      continue;
    }
    // Steps written as a dashed or bulleted list ("– Dice the onion") lose the bullet as the
    // ingredients do.
    const t = (numbered ? l.replace(BARE_STEP_NUMBER, "") : l)
      .replace(SHOWN_COLON, ":")
      .replace(AFFILIATE_MARK, "")
      .replace(STEP_BULLET, "")
      .replace(TRAILING_YIELD, "$1")
      .replace(/^(?:(?:step|schritt|étape|paso|passo|stap|steg)\s*)?\d{1,2}\s*[.):|]\s+/i, "")
      // "Step 1 Preheat…", "Step 2In a bowl…": the label printed before the text without a stop.
      .replace(/^(?:step|schritt|étape|paso|passo|stap|steg)\s*\d{1,2}\s*(?=\p{Lu}|\p{Ll}{2})/iu, "");
    if (t && !isNumberLabel(t)) steps.push({ text: label + t, section });
    label = "";
  }
  // Lines that speak to the reader at either end of the method are the post's, not steps.
  let from = 0;
  let to = steps.length;
  while (from < to && METHOD_INTRO.test(steps[from]!.text)) from++;
  while (to > from && METHOD_OUTRO.test(steps[to - 1]!.text)) to--;
  let method = from > 0 || to < steps.length ? steps.slice(from, to) : steps;
  // A page that prints its method twice (the card, then its print copy) gives the same run of
  // steps twice over: read once. Only a repeat of the whole run, line for line, is one.
  const half = method.length / 2;
  if (
    half >= 2 &&
    Number.isInteger(half) &&
    method.slice(0, half).every((s, k) => s.text === method[half + k]!.text)
  )
    method = method.slice(0, half);
  if (method.length) r.instructions = withoutOwnIngredients(method, ingLines);
  return r;
}

// A step's number set before its text with only a space ("1 Preheat the oven…"): the page draws it apart.
const BARE_STEP_NUMBER = /^(\d{1,2})\s+(?=\p{L})/u;

/**
 * Whether the steps are numbered so (BARE_STEP_NUMBER), two at least, the numbers counting on from
 * 1 (again from 1 in each part of the method): then the numbers are no words of the steps. A
 * number the page set apart from its step, over a part's heading ("1", "Massa", "Em um
 * liquidificador…", "2 Despeje…"), leaves a gap of one.
 */
function countsOn(lines: string[]): boolean {
  let last = 0;
  let n = 0;
  for (const l of lines) {
    const m = BARE_STEP_NUMBER.exec(l);
    if (!m) continue;
    const k = Number(m[1]);
    if (k !== 1 && (k <= last || k > last + 2)) return false;
    last = k;
    n++;
  }
  return n >= 2;
}

// Before the first step: a call to start ("Let's get cooking...") or the count of the steps
// ("Modo de preparo em 7 passos.", "Method in 5 steps"). "Let's make it!" stays: some cards
// list it as a step of their own.
const METHOD_INTRO =
  /^(?:let['’]?s (?:get )?(?:cook(?:ing)?|start(?:ed)?|begin)\b[^.!?]{0,20}[.!…]*|(?:\p{L}+\s){0,3}(?:in|em|en)\s+\d{1,2}\s+(?:steps|passos|pasos|étapes|schritten|passaggi|stappen)\.?)$/iu;
// After the last step: a sign-off ("With love, Ali", "xo, Sam", "Happy baking!") or a promotion
// of the site: a question to the reader leading to its other recipes or its newsletter ("Love
// Korean food? For more … explore the rest of our site"), an invitation to a social network's
// group. "Enjoy!" and a closing question alone stay: cards list both as steps.
const METHOD_OUTRO =
  /^(?:(?:with love|much love|xo+|happy (?:cooking|baking))\b[,!.…]*(?:\s*\p{L}{2,20}[!.]?)?|[^.!?]{3,60}\?\s.{0,300}\b(?:our (?:site|blog|newsletter|recipes)|subscrib\w*|newsletter|sign up)\b.{0,200}|.{0,80}\b(?:facebook|instagram|pinterest|youtube|tiktok)[- ]?(?:group|gruppe|groupe|gruppo|grupo|groep|community)\b.{0,40}|.{0,80}\b(?:group|gruppe|groupe|gruppo|grupo|groep|community)\b.{0,40}\b(?:facebook|instagram)\b.{0,40}|.{0,80}\b(?:facebook|instagram)\b.{0,20}\b(?:group|gruppe|groupe|gruppo|grupo|groep|community)\b.{0,20})$/iu;

// The marker a link plugin sets after a tool's or a product's link ("a 9-inch pie plate (affiliate
// link)."): the site's, not the recipe's words.
const AFFILIATE_MARK =
  /\s*\((?:affiliate(?: link)?|paid link|sponsored link|werbelink|affiliate-link|lien affilié|link affiliato|enlace de afiliado|link de afiliado)\)/giu;

/**
 * A step that lists the ingredients it uses after its sentences, in its own block ("…until it
 * resembles crumbs. 1 ½ cups flour, ¾ cup brown sugar"): the list goes when it is made only of
 * lines of the recipe's list (or those lines without their note), joined by commas, and it holds
 * two of them or one measured. A step whose last words name an ingredient keeps them: only what
 * follows a sentence's end is such a list.
 */
function withoutOwnIngredients(steps: Instruction[], ingLines: string[]): Instruction[] {
  const known = new Set<string>();
  // The first comma-separated part of lines that hold commas ("2 cloves garlic, minced").
  const starts = new Set<string>();
  for (const l of ingLines) {
    if (l.endsWith(":")) continue;
    const t = stripBullet(l).replace(SPACES, " ").trim();
    known.add(t);
    known.add(t.replace(LINE_NOTE, ""));
    const comma = t.indexOf(", ");
    if (comma > 0) starts.add(t.slice(0, comma));
  }
  if (known.size < 2) return steps;
  return steps.map((s) => {
    for (const m of s.text.matchAll(SENTENCE_GAP)) {
      const at = m.index + m[0].length;
      // Most sentences are no list: the text after one must open with a line of the list.
      const comma = s.text.indexOf(", ", at);
      const first = s.text.slice(at, comma < 0 ? undefined : comma);
      if (!known.has(first.trim()) && !starts.has(first.trim())) continue;
      if (listsKnown(s.text.slice(at).split(", "), known))
        return { ...s, text: s.text.slice(0, m.index + 1) };
    }
    return s;
  });
}
// Where a sentence ends and another text begins.
const SENTENCE_GAP = /[.!?)]\s+(?=\S)/g;
const SPACES = /\s+/g;
// A line's note after it: "(½ of my recipe)", ", minced".
const LINE_NOTE = /\s*\([^()]*\)$|,\s.*$/;

/** Whether the comma-separated parts are, in order, whole lines of the list (a line may hold commas). */
function listsKnown(parts: string[], known: Set<string>): boolean {
  const n = parts.length;
  // ok[i]: the parts from i on are such lines.
  const ok: boolean[] = Array.from({ length: n + 1 }, () => false);
  ok[n] = true;
  // A line holds at most three commas of its own: bounded, however long the step.
  for (let i = n - 1; i >= 0; i--)
    for (let j = i + 1; j <= Math.min(n, i + 4) && !ok[i]; j++)
      ok[i] = ok[j]! && known.has(parts.slice(i, j).join(", ").trim());
  return ok[0]! && (n >= 2 || AMOUNT_FIRST.test(parts[0]!));
}

// "1. To prepare the vegetables:", "2) For the sauce:", "To serve:": a step's title, leading into its text.
const TITLE_NUMBER = /^\d{1,2}\s*[.)]\s*/u;
const STEP_TITLE = /^(?:\d{1,2}\s*[.)]\s*)?[^.!?]{3,60}:$/u;

/**
 * A plain line over measured lines that the method names as something to make ("hand-cut chips"
 * over "1kg potatoes", the method saying "To make the hand-cut chips, …") heads a group of the
 * list: it becomes a heading, not an ingredient.
 */
function groupsTheMethodNames(lines: string[], steps: string[]): string[] {
  const method = steps.join(" ").toLowerCase();
  return lines.map((l, i) => {
    const t = l.trim();
    const next = lines[i + 1];
    if (!next || !/^\s*[\d¼½¾⅓⅔⅛]/u.test(next) || /[\d,:;.]/.test(t) || t.length < 3 || t.length > 40)
      return l;
    const name = t.toLowerCase();
    // The whole name closing the phrase ("To make the chips, …", "For the sauce: …"; not "for
    // the chicken stock").
    const named = MAKE_THE.some((w) => {
      for (let at = method.indexOf(`${w} ${name}`); at >= 0; at = method.indexOf(`${w} ${name}`, at + 1))
        if (/^(?:[,.;:!?)]|$)/.test(method.charAt(at + w.length + 1 + name.length))) return true;
      return false;
    });
    return named ? `${t}:` : l;
  });
}
// An amount alone on its line, with at most its unit ("350 g", "1 unit(s)", "6 c.à.s", "1 tran.").
const AMOUNT_ONLY = /^[\d¼½¾⅐-⅞][\d\s/.,¼½¾⅐-⅞–-]*(?:\s*[\p{L}.]{1,14}(?:\(s\))?)?$/u;
const AMOUNT_FIRST = /^[\d¼½¾⅐-⅞]/u;
// A size the name opens with, its unit joined by a hyphen ("1½-inch-thick chops", "14-ounce cans
// tomatoes"): it describes each piece, so a count may still stand over the name.
const SIZE_FIRST =
  /^[\d¼½¾⅐-⅞][\d\s/.,¼½¾⅐-⅞]*-(?:inch|in|cm|mm|centimet(?:er|re)|ounce|oz|pound|lb|gram|g|quart|qt|lit(?:er|re)|l)s?\b/iu;
/** Whether a line opens with its own amount, not with the size of its pieces. */
const ownAmount = (t: string): boolean => AMOUNT_FIRST.test(t) && !SIZE_FIRST.test(t);

/**
 * A list that sets each amount and its ingredient in two blocks ("350 g" over "d'aubergine"), one
 * line each: the amount joins the name under it. Only when most of the list is such pairs, so a
 * list's own "2 eggs" over "salt" stays two lines.
 */
function amountsJoined(lines: string[]): string[] {
  // An amount alone over a name (not over another amount, nor over a group's heading).
  const pairAt = (i: number): boolean => {
    const next = lines[i + 1];
    return next !== undefined && AMOUNT_ONLY.test(lines[i]!) && !ownAmount(next) && !next.endsWith(":");
  };
  let pairs = 0;
  for (let i = 0; i + 1 < lines.length; i++)
    if (pairAt(i)) {
      pairs++;
      i++;
    }
  // A list that opens with a name sets each amount under its name ("Pine nuts" over "70 g"): the
  // pairs would be read one off; they are read name first (namesOverAmounts).
  const first = lines.find((l) => !l.endsWith(":"));
  if (first && !AMOUNT_FIRST.test(first)) return namesOverAmounts(lines);
  if (pairs < 3 || pairs * 2 < lines.length * 0.6 || !first || !AMOUNT_ONLY.test(first)) return lines;
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (pairAt(i)) {
      out.push(`${lines[i]!} ${lines[i + 1]!}`);
      i++;
    } else out.push(lines[i]!);
  }
  return out;
}

/**
 * A list that sets each ingredient's name in one block and its amount in the next ("Selder" over
 * "4 stengel", "Zout" alone when it has none): the amount joins the name over it, written first as
 * an ingredient line is ("4 stengel selder"). Only when the list opens with a name and most of it
 * is such pairs, so a list's own "salt" over "2 eggs" stays two lines.
 */
function namesOverAmounts(lines: string[]): string[] {
  // The amount may carry its note ("20 g, fresh", "1 (juice only)"): it goes after the name.
  const split = (t: string): [string, string] => {
    const m = /^(.*?)((?:,\s.*|\s*\(.*\)))$/u.exec(t);
    return m && AMOUNT_ONLY.test(m[1]!) ? [m[1]!, m[2]!] : [t, ""];
  };
  const pairAt = (i: number): boolean => {
    const name = lines[i]!;
    const next = lines[i + 1];
    return (
      next !== undefined &&
      AMOUNT_ONLY.test(split(next)[0]) &&
      !AMOUNT_FIRST.test(name) &&
      !name.endsWith(":") &&
      /\p{L}/u.test(name)
    );
  };
  let pairs = 0;
  for (let i = 0; i + 1 < lines.length; i++)
    if (pairAt(i)) {
      pairs++;
      i++;
    }
  if (pairs < 3 || pairs * 2 < lines.length * 0.6) return lines;
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (pairAt(i)) {
      const [amount, note] = split(lines[i + 1]!);
      out.push(`${amount} ${lines[i]!}${note.startsWith(",") ? note : note ? ` ${note.trim()}` : ""}`);
      i++;
    } else out.push(lines[i]!);
  }
  return out;
}

// The parts of a dish a list is grouped by ("Herb Topping", "Muffins dough", "Garniture"), and
// what is set aside for serving ("To serve"), in the languages read.
const PART_NAME =
  /(?:^|[\s-])(?:sauce|salsa|filling|toppings?|glaze|dough|frosting|dressing|crust|icing|garnish(?:es)?|marinade|coating|seasoning|streusel|gravy|rub|drizzle|ganache|batter|syrup|buttercream|crumble|teig|füllung|belag|glasur|guss|soße|garniture|pâte|farce|glaçage|nappage|impasto|ripieno|glassa|farcia|guarnizione|masa|relleno|glaseado|cobertura|aderezo|adobo|recheio|molho|calda|tempero|deeg|vulling|saus|glazuur|garnering|beslag|fyllning|nadzienie|ciasto|polewa|posypka|tészta|töltelék|(?:remaining|other|additional) ingredients|to serve|for serving|to garnish|zum servieren|zum garnieren|pour servir|per servire|para servir|om te serveren)$/iu;
// What else the dish takes, over lines that are often unmeasured ("Verder nodig" over "butter, to grease").
const ALSO_NEEDED =
  /^(?:verder nodig|ook nodig|außerdem|ausserdem|zusätzlich|also needed|you(?:['’]ll| will) also need|en plus|inoltre|además|além disso|dessutom|derudover|i tillegg)$/iu;
// A plain line that could name a group: short, no quantity, no note, no sentence.
const BARE_NAME = /^[^\d,;:()./!?]{3,40}$/u;
// A plain name between dashes.
const FRAMED_NAME = /^[-–—]+\s*([^\d,;:()./!?\-–—]{3,40}?)\s*[-–—]+$/u;
// An ingredient with its use after it ("Fresh herbs for garnish", "Lemon wedges to serve").
const WITH_ITS_USE = /\s(?:for|to|zum|zur|pour|per|para|om|voor|till)\s/iu;

/**
 * A plain line naming a part of the dish (or what else it takes) right over measured lines heads a
 * group of the list: it becomes a heading, not an ingredient.
 */
export function namesAPart(lines: string[]): string[] {
  return lines.map((l, i) => {
    const t = stripBullet(l).trim();
    const next = lines[i + 1];
    if (next && ALSO_NEEDED.test(t)) return `${t}:`;
    // A name set between dashes ("— Filling —", "-- Topping --") heads a group whatever it names.
    const framed = FRAMED_NAME.exec(l.trim());
    if (next && framed) return `${framed[1]}:`;
    if (!next || !BARE_NAME.test(t) || t.split(" ").length > 4 || WITH_ITS_USE.test(t) || !PART_NAME.test(t))
      return l;
    return ingredientLike(next) ? `${t}:` : l;
  });
}

// How a method names a part of the dish it makes ("To make the chips", "For the sauce").
const MAKE_THE = ["make the", "making the", "prepare the", "for the"];

const lastWord = (l: string): string => /([\p{L}]+)[^\p{L}]*$/u.exec(l.toLowerCase())?.[1] ?? "";

/**
 * The list once when the page shows it twice, in metric and in US measures (a unit switch whose
 * both lists are in the page): a second half naming the same things in the same order goes.
 */
function oneSystem(lines: string[]): string[] {
  const half = lines.length / 2;
  if (half < 2 || !Number.isInteger(half)) return lines;
  let same = 0;
  for (let i = 0; i < half; i++) if (lastWord(lines[i]!) === lastWord(lines[half + i]!)) same++;
  return same >= half * 0.8 ? lines.slice(0, half) : lines;
}

const FIRST_NUMBER = /^(?:step\s*)?1\s*[.):]\s/i;

// A yield set in bold at the end of the last step ("…for up to 3 months. <b>Serves 4</b>").
const TRAILING_YIELD =
  /([.!?])\s+(?:serves|makes|yield|yields|servings)\s*:?\s*\d+(?:\s*[-–]\s*\d+)?\s*\.?$/i;
// A bullet before a step; a dash only before a space ("-5°C" keeps its sign).
const STEP_BULLET = /^\s*(?:[•·*▪◦●]|[-–—](?=\s))\s*/u;

// Reading by content, for pages whose lists carry no heading the word lists know: a run of
// lines that read as ingredients (a quantity first, or last as in "sugar: 45 g"), then the lines
// that read as steps (sentences). Hand-written: no library finds a recipe in free page text.
// Bullets as typed (a dash even before a digit: "-1 cup"), and the check boxes and arrows cards draw
// before a line ("▢ 1/2 cup sugar"), text.ts's markers; several in a row.
const BULLET = new RegExp(String.raw`^\s*(?:[-–*${BULLET_MARKS}]\uFE0F?\s*)+`, "u");
const QTY_FIRST = /^(?:[\d¼½¾⅐-⅞]|(?:an?|one|two|three|a few|some|a pinch|a handful|pinch)\s)/iu;
const QTY_LAST =
  /\d+(?:[.,]\d+)?\s*(?:g|gr|kg|mg|ml|cl|dl|l|oz|lbs?|tbsp|tsp|cups?|el|tl|db|stk|st|pcs?|pieces?|г|гр|кг|мл|л|шт)\.?\)?$/iu;
const NUMBERED_STEP = /^(?:\d{1,2}|step\s*\d{1,2})\s*[-.):]\s*\p{L}/iu;
const SENTENCE_END = /[.!?…)]$/u;

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
function ingredientLike(text: string): boolean {
  const t = text.replace(BULLET, "");
  if (t.length > 110 || t.split(" ").length > 16 || !/\p{L}/u.test(t)) return false;
  if (NUMBERED_STEP.test(t) && (t.length > 50 || /[.!?]$/.test(t))) return false;
  if ((ENUMERATION.test(t) && !QTY_UNIT.test(t)) || YIELD_COUNT.test(t)) return false;
  return QTY_FIRST.test(t) || QTY_LAST.test(t);
}

/** Whether the block after `j` is an ingredient line with its unit, not a heading. */
function measuredNext(blocks: Block[], j: number): boolean {
  const next = blocks[j + 1];
  return !!next && !next.level && measured(next.text);
}

/** An ingredient line with its unit ("2 cups flour", "sugar 45 g"). */
const measured = (text: string): boolean => {
  const t = text.replace(BULLET, "");
  return QTY_UNIT.test(t) || QTY_LAST.test(t);
};

/** A short line inside an ingredient list without a quantity ("Baguette", "salt and pepper", "For the sauce:"). */
function plainItem(b: Block): boolean {
  const t = b.text.replace(BULLET, "");
  return t.length <= 45 && !/[.!?]$/.test(t) && (b.level === 0 || b.level >= 5);
}

/** A line that reads as a step: a sentence, or numbered. */
function stepLike(text: string): boolean {
  if (ingredientLike(text)) return false;
  if (NUMBERED_STEP.test(text)) return text.length >= 12;
  return text.length >= 40 || (text.length >= 15 && SENTENCE_END.test(text) && text.includes(" "));
}

/** The ingredient run starting at `i`: its end and how many lines have a quantity. */
/**
 * A recipe whose parts are named twice, with no heading for either list ("La pâte feuilletée"
 * over its ingredients, later "La pâte feuilletée" over its steps): each part's lines under its
 * first heading are its ingredients, under its second its steps. Two parts at least.
 */
function namedTwice(blocks: Block[]): { ingredients: string[]; steps: string[] } | null {
  const heads = new Map<string, number[]>();
  blocks.forEach((b, i) => {
    if (b.level < 1 || b.level > 6 || b.text.length > 60) return;
    const key = b.text.toLowerCase();
    heads.set(key, [...(heads.get(key) ?? []), i]);
  });
  // The lines under the heading at `i` that read as `kind` does, up to the first that does not
  // (the next heading, the post's chrome after the last part).
  const under = (i: number, kind: (t: string) => boolean): string[] => {
    const out: string[] = [];
    // A part written as a list ends with its list.
    const listed = !!blocks[i + 1]?.item;
    for (let j = i + 1; j < blocks.length; j++) {
      const t = blocks[j]!.text.replace(BULLET, "");
      if (isWidgetLine(t)) continue;
      const b = blocks[j]!;
      if ((b.level >= 1 && b.level <= 6) || stops(t) || !kind(t) || b.item !== listed) break;
      out.push(t);
    }
    return out;
  };
  const parts = [...heads]
    .filter(([, at]) => at.length === 2)
    .map(([, [first, second]]) => ({
      name: blocks[first!]!.text,
      ing: under(first!, ingredientLike),
      steps: under(second!, stepLike),
    }))
    .filter((p) => p.ing.length && p.steps.length);
  if (parts.length < 2) return null;
  return {
    ingredients: parts.flatMap((p) => [`${p.name.replace(/\s*:$/, "")}:`, ...p.ing]),
    steps: parts.flatMap((p) => p.steps),
  };
}

function ingredientRun(blocks: Block[], i: number): { end: number; qty: number; units: number } {
  let qty = 0;
  let units = 0;
  let j = i;
  for (; j < blocks.length; j++) {
    const b = blocks[j]!;
    if (isSectionHead(b, PAGE_SECTION) || stops(b.text)) break;
    if (ingredientLike(b.text) && b.level !== 1) {
      qty++;
      if (measured(b.text)) units++;
    } else if (!plainItem(b)) break;
  }
  // Plain lines after the last quantity belong to what follows (a heading, a label).
  while (j > i && !ingredientLike(blocks[j - 1]!.text) && !blocks[j - 1]!.item) j--;
  return { end: j, qty, units };
}

/**
 * A recipe written in parts with no heading for the method, each part a heading over its list and
 * then its steps ("Zutaten für die Brötchen:", the list, two paragraphs; "Zutaten für die
 * Bratlinge:", …; "Fertigstellung:", …): from the list's heading at `first`, the parts under
 * headings of its rank, while each holds a list and steps. Two parts at least; each part's heading
 * becomes a group of the list.
 */
function partsInterleaved(blocks: Block[], first: number): { ingredients: string[]; steps: string[] } | null {
  const rank = blocks[first]!.level;
  if (!rank) return null;
  const ingredients: string[] = [];
  const steps: string[] = [];
  let parts = 0;
  let i = first;
  // Bounded by the blocks each part reads, at most 400 in all.
  const end = Math.min(blocks.length, first + 400);
  while (i < end) {
    const head = blocks[i]!;
    if (head.level !== rank || head.text.length > 60 || isSectionHead(head, PAGE_SECTION) || stops(head.text))
      break;
    let j = i + 1;
    const list: string[] = [];
    for (; j < end && !blocks[j]!.level; j++) {
      const b = blocks[j]!;
      if (!(ingredientLike(b.text) || (b.item && !stepLike(b.text)))) break;
      if (!isWidgetLine(b.text)) list.push(b.text.replace(BULLET, ""));
    }
    const method: string[] = [];
    for (; j < end && !blocks[j]!.level && stepLike(blocks[j]!.text) && !stops(blocks[j]!.text); j++)
      if (!NOTE_LINE.test(blocks[j]!.text)) method.push(blocks[j]!.text);
    if (!list.length || !method.length) break;
    ingredients.push(`${head.text.replace(/\s*:$/, "")}:`, ...list);
    steps.push(...method);
    parts++;
    i = j;
  }
  return parts >= 2 ? { ingredients, steps } : null;
}

/** Steps from `i`: over at most two heading lines, then the step-like lines that follow. */
function stepRun(blocks: Block[], i: number): { lines: string[]; end: number } {
  let j = i;
  // The rank of the heading over the run, if any: headings ranked below it name its parts.
  let rank = 0;
  for (let heads = 0; j < blocks.length && heads < 2; j++) {
    const b = blocks[j]!;
    if (stepLike(b.text) && !(b.level >= 1 && b.level <= 6)) break;
    // Prose before any step is no method; a heading may be long ("How to make Roasted Peppers And
    // Mushroom Tortilla Pizza Recipe").
    if (isSectionHead(b, PAGE_SECTION) || b.text.length > (b.level >= 1 && b.level <= 6 ? 120 : 60))
      return { lines: [], end: j };
    if (b.level >= 1 && b.level <= 6) rank = b.level;
    heads++;
  }
  const lines: string[] = [];
  for (; j < blocks.length && lines.length < 60; j++) {
    const b = blocks[j]!;
    if (isSectionHead(b, PAGE_SECTION) || isSectionHead(b, INGREDIENT_WORDS) || stops(b.text)) break;
    if (NOISE_LINE.test(b.text) || STEP_LABEL.test(b.text)) continue;
    // A heading ranked below the run's own over more steps ("Si cucina!", then "Formiamo le
    // polpettine" over its step) names a part of the method, after its first step.
    const next = blocks[j + 1];
    if (
      lines.length &&
      rank &&
      b.level > rank &&
      b.level <= 6 &&
      b.text.length <= 60 &&
      next &&
      !next.level &&
      stepLike(next.text)
    ) {
      lines.push(stepsGroup(b.text));
      continue;
    }
    if (!stepLike(b.text) || (b.level >= 1 && b.level <= 6)) break;
    lines.push(b.text);
  }
  return { lines, end: j };
}

/**
 * Ingredient and step lines found by what they read like, not by headings: the run of
 * ingredient-like lines (at least three with a quantity) followed by steps; several such groups
 * in a row (a dough, then a filling) are read together. Null when no run is followed by steps.
 */
function byContent(blocks: Block[]): { ingredients: string[]; steps: string[] } | null {
  const twice = namedTwice(blocks);
  if (twice) return twice;
  const best = bestRun(blocks, blocks.length);
  if (!best) return null;
  const ingredients: string[] = [];
  const steps: string[] = [];
  let at = best.start;
  let end = best.end;
  for (let round = 0; round < 6; round++) {
    ingredients.push(...blocks.slice(at, end).map((b) => b.text.replace(BULLET, "")));
    const s = stepRun(blocks, end);
    if (!s.lines.length) break;
    steps.push(...s.lines);
    // Another group: a heading line, then another run of ingredients.
    let next = s.end;
    if (next < blocks.length && !ingredientLike(blocks[next]!.text) && plainItem(blocks[next]!)) next++;
    const more =
      next < blocks.length && ingredientLike(blocks[next]!.text) ? ingredientRun(blocks, next) : null;
    if (!more || more.qty < 2) break;
    at = s.end;
    end = more.end;
  }
  return steps.length && steps.some((l) => l.length >= 40) ? { ingredients, steps } : null;
}

/**
 * The run of ingredient-like lines before `before` with the most quantities (at least three, or a
 * listed pair of measured lines; mostly quantities), less a sentence of the post before it.
 */
function bestRun(blocks: Block[], before: number): { start: number; end: number; qty: number } | null {
  let best: { start: number; end: number; qty: number } | null = null;
  for (let i = 0; i < before; i++) {
    if (!ingredientLike(blocks[i]!.text)) continue;
    // A run begins at its first quantity line, or the group line just before it.
    const start = i > 0 && plainItem(blocks[i - 1]!) && blocks[i - 1]!.text.endsWith(":") ? i - 1 : i;
    const run = ingredientRun(blocks, start);
    // A short list (a cocktail, a dressing) counts when it is a list of the page with two measured lines.
    const listed = run.units >= 2 && blocks.slice(start, run.end).every((b) => b.item);
    if (
      (run.qty >= 3 || listed) &&
      run.units >= 2 &&
      run.qty * 2 >= run.end - start &&
      (!best || run.qty > best.qty)
    )
      best = { start, end: run.end, qty: run.qty };
    i = Math.max(i, run.end - 1);
  }
  if (!best) return null;
  best.end = Math.min(best.end, before);
  // A sentence of the post before the list ("A sharp classic.") reads like a line without a unit; the list starts at its items.
  while (
    best.end - best.start > 2 &&
    !blocks[best.start]!.item &&
    !blocks[best.start]!.text.endsWith(":") &&
    !measured(blocks[best.start]!.text) &&
    blocks[best.start + 1]!.item
  )
    best.start++;
  return best;
}
