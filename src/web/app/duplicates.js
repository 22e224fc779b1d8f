// Moved to screens/duplicates/DuplicatePanel.ts; this path stays until recipes.js imports the new one.
export { duplicateDiff, duplicatePanel } from "./screens/duplicates/DuplicatePanel.ts";
