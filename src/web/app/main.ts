// Ladle's web UI entry. Each capability's screens live in their own module, which registers its
// routes and nav link on import: the import order below is the order of the top bar.
import { currentToken } from "./api/client.ts";
import { shareTokenWithImages, startRouter } from "./lib.ts";
import "./screens/add/addScreen.ts";
import "./recipes.js";
import "./screens/recipes/progress.ts";
import "./bookmarks.js";
import "./discovery.js";
import "./normalize.js";
import "./refresh.js";
import "./share.js";
import "./analysis.js";
import "./articles.js";
import "./kitchen.js";
import "./collections.js";
import "./search.js";
import "./status.js";
import "./account.js";
import "./screens/admin.ts";
import "./screens/userMenu.ts";

// A token sign-in survives a reload in this tab: its pictures need the image cookie again.
const token = currentToken();
if (token) shareTokenWithImages(token);

startRouter();

// Recipes the cook opened stay readable offline, and the app starts without the network (sw.ts).
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  });
}
