// Ladle's web UI entry. Each capability's screens live in their own module, which registers its
// routes and nav link on import; nav.ts places each link under one of the top bar's places or in
// the person's menu (in the import order below).
import { currentToken } from "./api/client.ts";
import { language, t } from "./i18n/i18n.ts";
import { loadLanguage } from "./i18n/loadLanguage.ts";
import { app, shareTokenWithImages, startRouter } from "./lib.ts";
import "./screens/add/addScreen.ts";
import "./screens/review/reviewScreen.ts";
import "./screens/recipes/progress.ts";
import "./screens/bookmarks/BookmarksScreen.ts";
import "./screens/discovery/DiscoveryScreen.ts";
import "./screens/normalize/NormalizeScreen.ts";
import "./screens/refresh/RefreshScreen.ts";
import "./screens/share/ShareScreen.ts";
import "./screens/analysis/AnalysisPanel.ts";
import "./screens/articles/ArticlesScreen.ts";
import "./screens/feeds/feeds.ts";
import "./screens/highlights/HighlightsScreen.ts";
import "./screens/kitchen/KitchenScreen.ts";
import "./screens/collections/CollectionsScreen.ts";
import "./screens/search/SearchScreen.ts";
import "./screens/status/StatusScreen.ts";
import "./screens/backups/BackupsScreen.ts";
import "./screens/storage/StorageScreen.ts";
import "./screens/account/AccountScreen.ts";
import "./screens/admin.ts";
import { whoShown } from "./screens/userMenu.ts";
import { firstVisit } from "./screens/household/household.ts";

// A token sign-in survives a reload in this tab: its pictures need the image cookie again.
const token = currentToken();
if (token) void shareTokenWithImages();

// The page's own words (index.html) until the first screen replaces them, in the browser's language
// (English is in the bundle; another language's words are fetched first).
await loadLanguage(language());
document.documentElement.lang = language();
document.title = t("app.title");
if (app.firstElementChild?.matches("p:only-child")) app.firstElementChild.textContent = t("app.loading");

// A new install opens on its first run; the router starts either way, once the person's language is
// known (their choice kept on the server, else the browser's).
void Promise.allSettled([firstVisit(), whoShown]).finally(startRouter);

// Recipes the cook opened stay readable offline, and the app starts without the network (sw.ts).
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  });
}
