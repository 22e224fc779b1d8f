// The admin area's screens, written as Preact components: people and their tokens, libraries and
// their members ("people, not a single admin").
import { h } from "preact";
import { addScreen, mount } from "../lib.ts";
import { LibrariesScreen } from "./libraries/LibrariesScreen.tsx";
import { PeopleScreen, PersonScreen } from "./people/PeopleScreen.tsx";

addScreen({ path: "libraries", nav: "Libraries", render: () => mount(h(LibrariesScreen, {})) });
addScreen({
  path: "people",
  nav: "People",
  render: (id?: string) => mount(id ? h(PersonScreen, { id }) : h(PeopleScreen, {})),
});
