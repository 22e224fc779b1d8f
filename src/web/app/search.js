// Moved to screens/search/SearchScreen.ts; this path stays until recipes.js imports the new one.
export { searchBox, searchHref } from "./screens/search/SearchScreen.ts";
