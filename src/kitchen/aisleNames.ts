// The aisles a shopping list is sorted into, in the order of a walk through the shop.
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
