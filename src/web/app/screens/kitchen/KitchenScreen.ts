// In the kitchen: scaling and converting a recipe (by the server's engine, kitchenControls.ts), cook
// mode, the week's meal plan and its shopping list, and a recipe's public link.
import { addRecipePanel, addScreen } from "../../lib.ts";
import { renderCook } from "./CookMode.ts";
import { recipeKitchenPanel } from "./KitchenPanel.ts";
import { renderPlan } from "./PlanScreen.ts";
import { renderList, renderLists } from "./ShoppingScreen.ts";

addRecipePanel(recipeKitchenPanel);
addScreen({ path: "plan", nav: "Plan", render: (week) => renderPlan(week) });
addScreen({ path: "shopping", nav: "Shopping", render: (id) => (id ? renderList(id) : renderLists()) });
addScreen({ path: "cook", render: (id, step) => renderCook(id, step) });
