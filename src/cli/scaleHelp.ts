/** `ladle scale --help` (apart, so the CLI lists it without loading the kitchen engine). */
export const SCALE_HELP = `ladle scale: a saved recipe (or a recipe JSON file) scaled and converted, as a cook reads it

Usage: ladle scale <recipeId | FILE.json> [--servings N | --factor F | --have "300 g" --ingredient I]
                   [--units original|metric|us] [--json]

--servings    cook for N servings (the recipe must say how many it serves)
--factor      2 doubles, 0.5 halves
--have        scale to what you have of one ingredient; --ingredient is its number (1 for the first)
--units       as written (default), metric (g, ml, °C) or us (cups, oz, °F)
--json        print the scaled recipe as JSON`;
