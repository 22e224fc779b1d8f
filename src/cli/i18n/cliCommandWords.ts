// The words of `ladle tasks`, `ladle add`, `ladle capture` and the data commands' human output,
// and the rest of it (output/: feeds, libraries, `ladle users`, usage slips) (ICU messages,
// merged into cliCatalogues.ts). English says exactly what the CLI always said.

import { enCommands as enCommandWords, type CommandKey } from "./commands/en.ts";
import { de } from "./commands/de.ts";
import { fr } from "./commands/fr.ts";
import { es } from "./commands/es.ts";
import { it } from "./commands/it.ts";
import { nl } from "./commands/nl.ts";
import { pt } from "./commands/pt.ts";
import { sv } from "./commands/sv.ts";
import { enOutput, type OutputKey } from "./output/en.ts";
import { deOutput } from "./output/de.ts";
import { frOutput } from "./output/fr.ts";
import { esOutput } from "./output/es.ts";
import { itOutput } from "./output/it.ts";
import { nlOutput } from "./output/nl.ts";
import { ptOutput } from "./output/pt.ts";
import { svOutput } from "./output/sv.ts";

export type { CommandKey, OutputKey };

export const enCommands = { ...enCommandWords, ...enOutput };

export const COMMAND_WORDS = {
  de: { ...de, ...deOutput },
  fr: { ...fr, ...frOutput },
  es: { ...es, ...esOutput },
  it: { ...it, ...itOutput },
  nl: { ...nl, ...nlOutput },
  pt: { ...pt, ...ptOutput },
  sv: { ...sv, ...svOutput },
};
