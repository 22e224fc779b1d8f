// Where the pictures that came inside an imported collection live and are served.

/**
 * Where a recipe imported with its own picture shows it: the one route of recipe pictures
 * (`/api/images/recipes/{id}`), which serves the stored bytes instead of proxying an address.
 */
export const storedImagePath = (recipeId: string) => `/api/images/recipes/${recipeId}`;
/** The address such recipes had before (still served, as a redirect). */
export const isStoredImagePath = (url: string, recipeId: string) =>
  url === storedImagePath(recipeId) || url === `/api/collections/images/${recipeId}`;

/** The picture key of a recipe imported with its own picture. */
export const collectionImageKey = (recipeId: string) => `collection-image/${recipeId}`;
