// The feeds screens (Preact): the feeds your libraries follow, and one feed's log and articles.
import { h } from "preact";
import { t } from "../../i18n/i18n.ts";
import { addScreen, mount } from "../../lib.ts";
import { FeedScreen, FeedsScreen } from "./FeedsScreen.tsx";

addScreen({
  path: "feeds",
  nav: () => t("nav.feeds"),
  render: (id?: string) => mount(id ? h(FeedScreen, { id }) : h(FeedsScreen, {})),
});
