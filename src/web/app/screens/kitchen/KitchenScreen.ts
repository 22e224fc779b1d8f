// In the kitchen: scaling and converting a recipe (by the server's engine, kitchenControls.ts), cook
// mode, the week's meal plan and its shopping list, and a recipe's public link.
import { t } from "../../i18n/i18n.ts";
import { addRecipePanel, addScreen } from "../../lib.ts";
import { renderCook } from "./CookMode.ts";
import { recipeKitchenPanel } from "./KitchenPanel.ts";
import { renderPlan } from "./PlanScreen.ts";
import { renderList, renderLists } from "./ShoppingScreen.ts";

addRecipePanel(recipeKitchenPanel);
addScreen({ path: "plan", nav: () => t("nav.plan"), render: (week) => renderPlan(week) });
addScreen({
  path: "shopping",
  nav: () => t("nav.shopping"),
  render: (id) => (id ? renderList(id) : renderLists()),
});
addScreen({ path: "cook", render: (id, step) => renderCook(id, step) });
