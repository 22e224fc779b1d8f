// Moved to screens/kitchen/kitchenControls.ts; this path stays until recipes.js imports the new one.
export { ingredientItem, kitchenControls } from "./screens/kitchen/kitchenControls.ts";
