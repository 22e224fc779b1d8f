// The words of `ladle tasks`, `ladle add`, `ladle capture` and the data commands' human output
// (ICU messages, merged into cliCatalogues.ts). English says exactly what the CLI always said.

import { enCommands, type CommandKey } from "./commands/en.ts";
import { de } from "./commands/de.ts";
import { fr } from "./commands/fr.ts";
import { es } from "./commands/es.ts";
import { it } from "./commands/it.ts";
import { nl } from "./commands/nl.ts";
import { pt } from "./commands/pt.ts";
import { sv } from "./commands/sv.ts";

export { enCommands, type CommandKey };

export const COMMAND_WORDS = { de, fr, es, it, nl, pt, sv };
