/**
 * The shop aisle an ingredient is found in, by the words of its name. Hand-written: a short table
 * of what supermarkets shelve where; anything unknown goes to "Other" rather than a wrong aisle.
 */
export const AISLES = [
  "Produce",
  "Meat & fish",
  "Dairy & eggs",
  "Bakery",
  "Baking",
  "Spices & seasonings",
  "Oils, vinegars & sauces",
  "Pasta, rice & grains",
  "Tins & jars",
  "Frozen",
  "Drinks",
  "Other",
] as const;
export type Aisle = (typeof AISLES)[number];

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
    /\b(?:flour|sugar|baking (?:powder|soda)|bicarbonate|yeast|cocoa|chocolate|cornstarch|cornflour|cornmeal|polenta|honey|maple syrup|molasses|syrup|sprinkles|gelatin|almond meal|ground almonds|oats)\b/,
  ],
  [
    "Oils, vinegars & sauces",
    /\b(?:oil|vinegar|soy sauce|tamari|fish sauce|worcestershire|sriracha|hot sauce|ketchup|mayonnaise|mustard|sauce|miso|tahini|dressing)\b/,
  ],
  [
    "Pasta, rice & grains",
    /\b(?:pasta|spaghetti|penne|macaroni|noodles|lasagna|rice|quinoa|couscous|bulgur|barley|farro|breadcrumbs|panko)\b/,
  ],
  [
    "Dairy & eggs",
    /\b(?:milk|buttermilk|butter|cream|cheese|parmesan|mozzarella|cheddar|feta|ricotta|yogh?urt|eggs?|egg yolks?|egg whites?|crème fraîche|ghee|mascarpone|sour cream)\b/,
  ],
  [
    "Meat & fish",
    /\b(?:chicken|beef|pork|lamb|turkey|bacon|sausages?|ham|mince|steak|veal|duck|prosciutto|pancetta|chorizo|salmon|cod|fish|shrimps?|prawns?|tuna steaks?|mussels|clams|scallops|anchov(?:y|ies))\b/,
  ],
  ["Bakery", /\b(?:bread|baguette|buns?|rolls?|tortillas?|pita|naan|brioche|croissants?|sourdough)\b/],
  [
    "Drinks",
    /\b(?:wine|beer|juice of (?:orange|apple) concentrate|coffee|tea|sparkling water|soda water|rum|brandy|vodka|whisk(?:e)?y)\b/,
  ],
  [
    "Produce",
    /\b(?:onions?|shallots?|garlic|ginger|lemons?|limes?|oranges?|apples?|pears?|bananas?|berries|strawberr(?:y|ies)|blueberr(?:y|ies)|raspberr(?:y|ies)|tomato(?:es)?|potato(?:es)?|carrots?|celery|cucumbers?|zucchini|courgettes?|aubergines?|eggplants?|peppers?|chil(?:i|e|li)e?s?|jalapeños?|spinach|kale|lettuce|cabbage|broccoli|cauliflower|mushrooms?|herbs?|parsley|cilantro|coriander|basil|mint|dill|rosemary|thyme|sage|chives|scallions?|spring onions?|leeks?|avocados?|corn|peas|beans green|green beans|squash|pumpkin|sweet potato(?:es)?|beets?|beetroot|radish(?:es)?|fennel|asparagus|lemongrass|fruit|vegetables?)\b/,
  ],
];

/** The aisle for an ingredient name; things bought in a can or jar are on that shelf. */
export function aisleOf(name: string, unit: string | null = null): Aisle {
  const n = name.toLowerCase();
  if (unit && /^(?:cans?|tins?|jars?|blik|lata|dose|burk)$/i.test(unit) && !/\bfrozen\b/.test(n))
    return "Tins & jars";
  for (const [aisle, re] of RULES) if (re.test(n)) return aisle;
  return "Other";
}
