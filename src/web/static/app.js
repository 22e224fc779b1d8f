// Ladle's web UI entry. Each capability's screens live in their own module, which registers its
// routes and nav link on import: the import order below is the order of the top bar.
import { startRouter } from "./lib.js";
import "./recipes.js";
import "./imports.js";
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

startRouter();
