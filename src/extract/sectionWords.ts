import { CaselessWords, type WordPattern } from "./caselessWords.ts";

// Section names in the languages of the pages read: ingredient lists, steps, and the sections that
// end them (the page-text reader, the plain-text reader and the structured-data reader share them).
// Written in lower case and read case-insensitively: a cold thread's costliest patterns to compile
// with the `i` flag (caselessWords.ts).
export const INGREDIENT_WORDS = new CaselessWords(
  /^(?:the\s+|recipe\s+|our\s+)?(?:ingredients?(?: list)?|(?:lista|liste) (?:de |des |d['’]|degli |dos )?(?:ingredientes|ingredienti|ingrédients|ingredientes)|ingrediëntenlijst|ingredientenlijst|zutatenliste|what you(?:['’]ll| will)? need|you(?:['’]ll| will) need|shopping list|zutaten|die zutaten|ingrédients|liste des ingrédients|ingredientes|ingredienti|ingrediënten|ingredienten|ingredienser|ingrediencie|ingredience|ingredientai|sestavine|съставки|інгредієнти|benodigdheden|du skal bruge|du behöver|du trenger|składniki|hozzávalók|sastojci|ingrediente|suroviny|malzemeler|ainekset|ингредиенты|bahan-bahan|nguyên liệu|(?:τα\s+)?υλικά|συστατικά|配料|材料|食材|用料|things you(?:['’]ll| will)? need|(?:das |was )?(?:du )?brauchst du|(?:was )?du brauchst|was sie brauchen|das brauchen sie|einkaufsliste|wat heb je nodig|wat heeft u nodig|dit heb je nodig|ce qu['’]il vous faut|il vous faut|ce dont vous avez besoin|liste de courses|lo que necesitas|qué necesitas|que necesitas|vas a necesitar|necesitarás|lista de la compra|cosa serve|cosa ti serve|ti serviranno|ti servirà|occorrente|lista della spesa|(?:o que )?você (?:vai )?precisa(?:r)?(?: de)?|vai precisar(?: de)?|lista de compras|hvad skal du bruge|det skal du bruge|det här behöver du|detta behöver du|dette trenger du|co potrzebujesz|potrzebne składniki|lista zakupów|budete potřebovat|potřebné suroviny|szükséges hozzávalók|gerekli malzemeler|malzeme listesi|ai nevoie de|de ce ai nevoie|bahan yang (?:dibutuhkan|diperlukan)|所需材料|所需食材|食材清单|食材清單|主料|재료|준비물|준비 재료|ส่วนผสม|วัตถุดิบ|اجزاء|المكونات|مكونات|مواد لازم|(?:necesitas|potrzebujesz|potřebujete|tarvitset|tarvikkeet|bahan)(?=\s*[:：]?\s*$))(?![\p{L}])/u,
);
export const INSTRUCTION_WORDS = new CaselessWords(
  /^(?:the\s+|recipe\s+|cooking\s+|step[- ]by[- ]step\s+)?(?:instructions?|directions?|method|procedure|procédure|procedimiento|preparation|steps|how to (?:make|prepare|cook)(?: (?:it|them|this|these))?|zubereitung|anleitung|so geht(?:['’]s)?|préparation|réalisation|étapes|instrucciones|instructies|istruzioni|instruções|instrucoes|instruksjoner|instrukcje|so wird(?:['’]s| es)? gemacht|preparación|preparacion|elaboración|elaboracion|modo de preparación|pasos|procedimento|preparazione|bereiding|bereidingswijze|werkwijze|aan de slag|zo maak je (?:het|dit|deze|ze)|modo de preparo|modo de fazer|preparo|gör så här|så här gör du|tillagning|instruktioner|beskrivning|fremgangsmåde|sådan gør du|tilberedning|fremgangsmåte|przygotowanie|sposób przygotowania|wykonanie|elkészítés|elkészítése|slik gjør du|postup(?: prípravy| přípravy)?|kroky|příprava|príprava|postopek|приготвяне|приготування|valmistusohje|priprema|mod de preparare|yapılışı|hazırlanışı|nasıl yapılır|valmistus|приготовление|метод(?: приготовления)?|способ приготовления|спосіб приготування|начин на приготвяне|cara membuat|cách làm|εκτέλεση|οδηγίες|παρασκευή|τρόπος παρασκευής|διαδικασία|做法|作り方|步骤|步驟|制作方法|製作方法|制作步骤|做法步骤|烹饪方法|烹饪步骤|만드는 법|만드는 방법|조리법|조리 방법|วิธีทำ|cara memasak|langkah(?:-langkah)?(?: membuat| memasak)?|comment (?:faire|la préparer|le préparer|préparer)|come (?:preparare|fare|cucinare|si prepara|si fa)|c[oó]mo (?:preparar|hacer|fazer|se (?:prepara|hace|faz))|let['’]s get (?:started|cooking)|here(?:['’]s| is) how to (?:make|prepare|cook) (?:it|them|this|these)|step[- ]by[- ]step|ترکیب|طریقہ|طريقة التحضير|طريقة العمل|التحضير|الطريقة|طرز تهیه|دستور پخت)(?![\p{L}])/u,
);
export const OTHER_SECTION = new CaselessWords(
  /^(?:\d+\s+)?(?:notes?|recipe notes|tips?|cook['’]s notes|nutrition|nutrition facts|(?:special |kitchen )?equipment|utensils|kitchen tools|accessories|accessoires|accessori|accesorios|acessórios|(?:besonderes |benötigtes )?zubehör|küchenhelfer|utensilien|ustensiles|matériel|utensili|attrezzatura|utensilios|utensílios|keukengerei|redskaber|köksredskap|przybory|video|comments?|reviews?|reactions?|reacties|kommentarer|kommentare|commentaires|comentarios|comentários|commenti|related|you may also like|more recipes|leave a (?:comment|reply)|share|faqs?|storage|notizen|hinweis|tipps?|astuces?|consejos|consigli|notas|dicas|tips och tricks|uwag[ai]|wskazówki|megjegyzés|tipp(?:ek)?|σημείωση|σημειώσεις|συμβουλές|bemærk|noter|obs|anmerkung(?:en)?|remarques?|opmerking(?:en)?|poznámk[ay]|napomena|notlar|huom|vinkit|примечани[ея]|заметки|советы|примітк[аи]|поради|бележки|注意|小贴士|提示)(?![\p{L}])/u,
);

/** A line that only names the steps section ("Zubereitung", "Method:", "Preparazione"). */
export function isStepsWord(text: string): boolean {
  return onlyWords(INSTRUCTION_WORDS, text);
}

/** A line that only names the ingredients section ("Ingredients", "Zutaten:", "Ingrédients"). */
export function isIngredientsWord(text: string): boolean {
  return onlyWords(INGREDIENT_WORDS, text);
}

// The method's phases named alone ("Voorbereiden", then "Bereiden"): parts of one method read in
// turn, not groups of it; a reader leaves their names out of the steps.
const PHASE_WORD = /^(?:voorbereiden|bereiden|vorbereitung|vorbereiten|zubereiten)$/iu;

/** A line that only names a phase of the method ("Voorbereiden", "Zubereiten:"). */
export function isPhaseWord(text: string): boolean {
  return onlyWords(PHASE_WORD, text);
}

/** A line that only names a section after the method ("Notes", "Tips", "Nutrition"). */
export function isOtherSectionWord(text: string): boolean {
  return onlyWords(OTHER_SECTION, text);
}

function onlyWords(words: WordPattern, text: string): boolean {
  const t = text.replace(/^[^\p{L}\p{N}]+|[\s:：.]+$/gu, "");
  if (!t || t.length > 40) return false;
  const m = words.exec(t);
  return !!m && m[0].length === t.length;
}

/**
 * A short heading that a section's word opens or closes ("Execution Method", "Preparation Mode",
 * "Zutaten Liste"): it may name the section rather than the dish.
 */
export function edgedBySectionWord(text: string): boolean {
  const words = text
    .replace(/^[^\p{L}\p{N}]+|[\s:：.]+$/gu, "")
    .split(/\s+/u)
    .filter(Boolean);
  if (words.length < 2 || words.length > 3) return false;
  const section = (w: string) => isStepsWord(w) || isIngredientsWord(w);
  return section(words[0]!) || section(words.at(-1)!);
}

// An editor's placeholder left as a group's name ("Insert title", "Inserir título", "Titel einfügen"):
// the page's form filled in nothing, so the group has no name a cook reads.
const PLACEHOLDER_NAME =
  /^(?:(?:insert|add|enter)(?: (?:a|the|section))? (?:title|heading|name)|section (?:title|name)|untitled|no title|inserir (?:o )?t[íi]tulo|adicionar t[íi]tulo|sem t[íi]tulo|insertar (?:el )?t[íi]tulo|a[ñn]adir t[íi]tulo|sin t[íi]tulo|inserisci (?:il )?titolo|aggiungi (?:un )?titolo|senza titolo|ins[ée]rer (?:un |le )?titre|ajouter (?:un )?titre|sans titre|titel (?:einf[üu]gen|hinzuf[üu]gen|eingeben)|ohne titel|titel invoegen|geen titel)$/iu;

/** A group name that is an editor's placeholder, not a name ("Insert title", "Inserir título"). */
export function isPlaceholderName(text: string): boolean {
  return PLACEHOLDER_NAME.test(text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ""));
}
