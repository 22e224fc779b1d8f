/** Search words of a recipe, article or bookmark, kept current by triggers (026_search). */
export interface RecipeSearchTable {
  recipe_id: string;
  tsv: string;
  all_tsv: string;
  ingr_tsv: string;
  ingredients: string;
  lines: string[];
  labels: string[];
  cuisines: string[];
  minutes: number;
}
export interface MediaSearchTable {
  media_id: string;
  tsv: string;
  all_tsv: string;
}
export interface ItemSearchTable {
  item_id: string;
  tsv: string;
}
/** Every word of titles and ingredient names: what a typo may be corrected to. */
export interface SearchWordsTable {
  word: string;
}
