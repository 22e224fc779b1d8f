// The admin area's screens, written as Preact components: people and their tokens, libraries and
// their members ("people, not a single admin").
import { h } from "preact";
import { t } from "../i18n/i18n.ts";
import { addScreen, mount } from "../lib.ts";
import { LibrariesScreen } from "./libraries/LibrariesScreen.tsx";
import { PeopleScreen, PersonScreen } from "./people/PeopleScreen.tsx";

addScreen({
  path: "libraries",
  nav: () => t("admin.librariesNav"),
  render: () => mount(h(LibrariesScreen, {})),
});
addScreen({
  path: "people",
  nav: () => t("admin.peopleNav"),
  render: (id?: string) => mount(id ? h(PersonScreen, { id }) : h(PeopleScreen, {})),
});
