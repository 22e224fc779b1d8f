// A nutrition table's share line ("9% Fehérje", "28 % Fett", "Protein 12%"): the share of the
// dish's energy or of the daily value a nutrient gives, set as a row after the ingredient list on
// many sites. It names no ingredient, and what follows it is the nutrition table, not the list.

// The nutrients such rows name, in the languages of the pages read (singular and plural).
const NUTRIENT =
  String.raw`(?:proteins?|fats?|carbs?|carbohydrates?|fib(?:re|er)s?|sugars?|sodium|salt|calories|energy|saturates|saturated fat|` +
  String.raw`eiweiß|eiweiss|fett|kohlenhydrate|ballaststoffe|zucker|kalorien|brennwert|` +
  String.raw`fehérje|szénhidrát|zsír|kalória|rost|` +
  String.raw`protéines?|lipides|glucides|matières grasses|fibres|sucres|` +
  String.raw`proteínas?|grasas?|carbohidratos|hidratos(?: de carbono)?|azúcares|fibra|` +
  String.raw`proteine|grassi|carboidrati|zuccheri|` +
  String.raw`eiwit(?:ten)?|vetten|vet|koolhydraten|suikers|vezels|` +
  String.raw`białko|tłuszcz|węglowodany|bílkoviny|tuky|sacharidy|` +
  String.raw`fedt|kulhydrater|kolhydrater|karbohydrater)`;
const SHARE = String.raw`\d{1,3}(?:[.,]\d+)?\s*%`;
const SHARE_LINE = new RegExp(String.raw`^(?:${SHARE}\s*${NUTRIENT}|${NUTRIENT}\s*:?\s*${SHARE})$`, "iu");

/** Whether a line is only a nutrient's share ("9% Fehérje", "28 % Fett", "Protein: 12%"). */
export function nutritionShare(text: string): boolean {
  return text.length <= 40 && SHARE_LINE.test(text.trim());
}
