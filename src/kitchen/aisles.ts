// The shop aisle an ingredient is found in, by the words of its name. Hand-written: a short table
// of what supermarkets shelve where; anything unknown goes to "Other" rather than a wrong aisle.
import { AISLES, type Aisle } from "./aisleNames.ts";
import { AISLE_WORDS } from "./aisleWords.ts";

export { AISLES, type Aisle };

// Earlier rows win: "chicken stock" is a tin or carton before it is meat, "garlic powder" a spice
// before it is produce.
const RULES: [Aisle, RegExp][] = [
  ["Frozen", /\bfrozen\b/],
  [
    "Tins & jars",
    /\b(?:stock|broth|canned|tinned|beans|chickpeas|lentils|tomato (?:paste|puree|sauce)|passata|coconut milk|tuna|jam|peanut butter|olives|capers)\b/,
  ],
  [
    "Spices & seasonings",
    /\b(?:salt|(?:black|white|ground|cracked)\s+pepper|peppercorns|^pepper$|paprika|cumin|cinnamon|nutmeg|turmeric|oregano|dried (?:oregano|thyme|basil|rosemary|parsley|dill|mint|sage|chil(?:i|e|li)e?s?|herbs)|chil(?:i|e|li) (?:powder|flakes)|pepper flakes|cayenne|curry|garam masala|ground (?:ginger|cloves|coriander|nutmeg|allspice|cardamom|mustard|cinnamon|cumin)|allspice|cardamom|bay lea(?:f|ves)|vanilla|seasoning|spice|garlic powder|onion powder|saffron|fennel seeds?|coriander seeds?|mustard seeds?|star anise|za'atar|sumac)\b/,
  ],
  [
    "Baking",
    /\b(?:flour|sugar|baking (?:powder|soda)|bicarbonate|yeast|cocoa|chocolate|cornstarch|cornflour|cornmeal|polenta|honey|maple syrup|molasses|syrup|sprinkles|gelatin|almond meal|ground almonds|oats|almonds?|walnuts?|pecans?|cashews?|pistachios?|peanuts?|hazelnuts?|pine nuts?|macadamias?|nuts?|raisins?|sultanas?|currants?|dried (?:cranberr(?:y|ies)|apricots?|fruit)|chia seeds?|flax ?seeds?|linseeds?|sesame seeds?|sunflower seeds?|pumpkin seeds?|pepitas?|desiccated coconut|shredded coconut|coconut flakes)\b/,
  ],
  [
    "Oils, vinegars & sauces",
    /\b(?:oil|vinegar|soy sauce|tamari|fish sauce|worcestershire|sriracha|hot sauce|ketchup|mayonnaise|mustard|sauce|miso|tahini|dressing)\b/,
  ],
  [
    "Pasta, rice & grains",
    /\b(?:pasta|spaghetti|spaghettini|penne|macaroni|noodles?|lasagna|lasagne|linguine|linguini|fettuccine|fettucine|tagliatelle|pappardelle|rigatoni|fusilli|farfalle|orzo|ziti|bucatini|orecchiette|conchiglie|cavatappi|gemelli|vermicelli|capellini|angel hair|ramen|udon|soba|gnocchi|tortellini|ravioli|rice|arborio|basmati|quinoa|couscous|bulgur|bulgar|barley|farro|freekeh|millet|breadcrumbs|panko)\b/,
  ],
  [
    "Dairy & eggs",
    /\b(?:milk|buttermilk|butter|cream|cheese|parmesan|mozzarella|cheddar|feta|ricotta|yogh?urt|eggs?|egg yolks?|egg whites?|creme fraiche|ghee|mascarpone|sour cream|half-and-half|gruyere|brie|camembert|pecorino|halloumi|paneer|gouda|emmental|manchego|burrata|goat cheese|kefir|quark)\b/,
  ],
  [
    "Meat & fish",
    /\b(?:chicken|beef|pork|lamb|turkey|bacon|sausages?|ham|mince|steak|veal|duck|prosciutto|pancetta|chorizo|salmon|cod|fish|shrimps?|prawns?|tuna steaks?|mussels|clams|scallops|anchov(?:y|ies)|tilapia|trout|halibut|haddock|mackerel|sea bass|snapper|swordfish|crab|lobster|squid|calamari|octopus|ground (?:meat|veal)|meatballs?|spare ribs|brisket|venison|goat|oxtail)\b/,
  ],
  ["Bakery", /\b(?:bread|baguette|buns?|rolls?|tortillas?|pita|naan|brioche|croissants?|sourdough)\b/],
  [
    "Drinks",
    /\b(?:wine|beer|juice of (?:orange|apple) concentrate|coffee|tea|sparkling water|soda water|rum|brandy|vodka|whisk(?:e)?y)\b/,
  ],
  [
    "Produce",
    /\b(?:onions?|shallots?|garlic|ginger|lemons?|limes?|oranges?|apples?|pears?|bananas?|berries|strawberr(?:y|ies)|blueberr(?:y|ies)|raspberr(?:y|ies)|tomato(?:es)?|potato(?:es)?|carrots?|celery|cucumbers?|zucchini|courgettes?|aubergines?|eggplants?|peppers?|chil(?:i|e|li)e?s?|jalapenos?|serranos?|habaneros?|poblanos?|spinach|kale|lettuce|arugula|rocket|watercress|chard|collard greens|bok choy|pak choi|cabbage|broccoli|cauliflower|mushrooms?|herbs?|parsley|cilantro|coriander|basil|mint|dill|rosemary|thyme|sage|chives|scallions?|spring onions?|leeks?|avocados?|corn|peas|beans green|green beans|squash|pumpkin|sweet potato(?:es)?|beets?|beetroot|radish(?:es)?|fennel|asparagus|lemongrass|fruit|vegetables?|mangos?|mangoes|pineapples?|peach(?:es)?|plums?|grapes?|cherr(?:y|ies)|melons?|watermelon|kiwis?|figs?|apricots?|nectarines?|pomegranates?|grapefruits?|okra|artichokes?|turnips?|parsnips?|edamame|snap peas|snow peas|bean sprouts|sprouts|tomatillos?|plantains?|shiitakes?|greens|salad leaves|shallot)\b/,
  ],
];

/**
 * The aisle for an ingredient name; things bought in a can or jar are on that shelf. The words
 * of the list's language are tried first ("Paprika" is a vegetable in German, a spice in
 * English), then English's, then the other languages' (a German recipe on an English list).
 */
export function aisleOf(name: string, unit: string | null = null, lang: string = "en"): Aisle {
  // Accents folded ("jalapeños", "gruyère", "crème fraîche" written either way, composed or not).
  const n = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/œ/g, "oe");
  if (
    unit &&
    /^(?:cans?|tins?|jars?|blik|blikken|lata|latas|dose|dosen|glas|glaser|boites?|bocal|bocaux|burk|burkar|scatol[ae]|barattol[oi]|vasett[oi]|frascos?|botes?|potten)$/i.test(
      unit,
    ) &&
    !/\bfrozen\b|tiefkuhl|surgel|congelad|diepvries|bevroren|\bfryst/.test(n)
  )
    return "Tins & jars";
  const own = lang in AISLE_WORDS ? [AISLE_WORDS[lang as keyof typeof AISLE_WORDS]] : [];
  const others = Object.entries(AISLE_WORDS)
    .filter(([l]) => l !== lang)
    .map(([, rules]) => rules);
  for (const rules of [...own, RULES, ...others])
    for (const [aisle, re] of rules) if (re.test(n)) return aisle;
  return "Other";
}
