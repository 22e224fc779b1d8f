// The CLI's help in Swedish (one file per language: the texts are long).
import type { MoreKey, Texts } from "./en.ts";

export const sv: Texts = {
  program: "gör receptsidor till granskade, strukturerade recept",
  optServer: "kör kommandon på den här Ladle-servern (via dess /mcp-slutpunkt)",
  optToken: "API-token för --server",
  optUser: "kommandon i den här processen agerar som den här personen (standard: den lokala administratören)",
  target: `Var kommandon körs: i den här processen mot den inställda databasen (ladle.config.json,
LADLE_DATA_DIR, DATABASE_URL), som --user NAMN eller den lokala administratören; eller på en
Ladle-server med --server URL --token T (eller LADLE_SERVER och LADLE_TOKEN, eller
{"server","token"} i ~/.config/ladle/cli.json, LADLE_CLI_CONFIG för att flytta den). Förloppet går
till stderr: en stapel i en terminal, annars enkla rader.`,
  exit: `Slutkoder:
  0  klart
  1  begäran misslyckades (nekad, ogiltig, konflikt); stderr säger varför
  2  fel användning (okänt kommando eller flagga, argument saknas)
  3  hittades inte (inget sådant recept, bokmärke, artikel, bibliotek eller uppgift; eller inte ditt)
  4  servern gick inte att nå eller nekade token`,
  runHelp: `"ladle <kommando> --help" visar ett kommandos flaggor.`,
  seeHelp: `se "{command} --help"`,
  json: "skriv resultatet som JSON på stdout",
  quiet: "inget förlopp på stderr",
  help: "visa hjälp för kommandot",
  showHelp: "visa den här hjälpen",
  usageTitle: "Användning:",
  optionsTitle: "Flaggor:",
  commandsTitle: "Kommandon:",
  argumentsTitle: "Argument:",
  optionsWord: "[flaggor]",
  commandWord: "[kommando]",
  choicesWord: "val:",
  defaultWord: "standard:",
  installTitle: "Installera:",
  chooseShell: "välj",
  phText: "text",
  phChoice: "val",
  phArgs: "argument...",
  phName: "namn",
  usageWord: "användning:",
  seeHelpPlain: `se "{command} --help"`,
  completion: "skriv ut skriptet för kompletteringar i skalet",
  groupRecipes:
    "dina sparade recept: lista, sök, visa, redigera, radera, återställ; importera sidor, text och filer",
  groupBookmarks: "bokmärken till vilken sida som helst: lägg till, lista, visa, redigera, radera",
  groupArticles: "webbartiklar sparade för läsning: spara, lista, läs",
  groupFeeds:
    "RSS- och Atom-flöden vars nya inlägg blir artiklar: lägg till, lista, logg, uppdatera, ta bort",
  groupArchives: "sparade kopior av sidor: behåll en av en artikel eller ett bokmärke, lista dina",
  groupHighlights: "markeringar och anteckningar i artiklar: lägg till, lista, exportera",
  groupLibraries: "bibliotek som delar artiklar och bokmärken: lista, skapa, medlemmar, lägg till medlem",
  sumServe: "starta API:t, workern, webbappen och MCP-slutpunkten",
  sumImport: "importera en receptsida i den här processen, steg för steg",
  sumAdd: "spara en sida som det den är: recept, artikel eller bokmärke",
  sumImportFile: "hämta in en hel samling från en annan app (Paprika, Mealie, bokmärken…)",
  sumExport: "skriv dina recept, bokmärken eller artiklar till en fil som en annan app läser",
  sumExtract: "läs recept ur sparade HTML-filer, offline",
  sumCheckUrl: "skulle hämtningen gå till de här URL:erna?",
  sumArticle: "läs artiklar ur sparade HTML-filer, offline",
  sumUsers: "hantera personer och deras API-token",
  sumBackup: "skriv allt den här installationen rymmer till en enda fil",
  sumRestore: "lägg tillbaka en säkerhetskopia i en tom installation",
  sumTasks: "lista importer, spara eller kasta deras utkast, avbryt pågående",
  sumScale: "ett sparat recept, skalat och omräknat, som en kock läser det",
  sumMcp: "MCP-servern på stdio",
  addUsage: "användning: ladle add <url> [--json] [--quiet] [--user NAMN]",
  add: `ladle add: spara en sida som det den är: ett recept, en artikel eller ett bokmärke

Användning: ladle add <url> [--json] [--quiet] [--user NAMN]

--json   skriv det som sparades som JSON på stdout
--quiet  inga förloppsrader på stderr
--user   spara det åt den här personen (standard: den lokala administratören)

En sida med ett recept (strukturerad Recipe-data eller ett receptkort) blir ett utkast som väntar
på granskning; en artikel (Article-data, og:type article, en lång text) läses in i ditt bibliotek;
allt annat blir ett bokmärke. Körs i den här processen mot den inställda databasen.`,
  tasks: `ladle tasks: lista importer, spara eller kasta deras utkast, avbryt pågående

Användning:
  ladle tasks list [--status ReviewReady[,Running...]] [--page N] [--json]
  ladle tasks commit <taskId> [--acknowledge-guardrail] [--replace | --keep-both]
  ladle tasks reject <taskId> [--reason TEXT]
  ladle tasks cancel <taskId>

list      nyaste först; utan --status varje uppgift (utkast visar när de går ut)
commit    sparar utkastet som recept; --acknowledge-guardrail behåller text som är sajtens egna ord
          för privat bruk; --replace gör det till en ny version av ett recept från samma sida
reject    kastar utkastet
cancel    stoppar en import som väntar eller pågår`,
  import: `ladle import: hämta en receptsida, visa varje steg, skriv ut utkastet som JSON

Användning: ladle import <url> [--commit [--acknowledge-guardrail]] [--quiet]

--commit                 spara utkastet som recept direkt
--acknowledge-guardrail  med --commit: behåll text som är sajtens egna ord för privat bruk
--quiet                  inga stegrader på stderr

Körs i den här processen mot den inställda databasen. Mot en server (--server URL --token T),
använd "ladle recipes import <url>" och sedan "ladle recipes commit <taskId>".
Loopback- och privata adresser nekas om de inte står i LADLE_ALLOW_PRIVATE_HOSTS.`,
  scale: `ladle scale: ett sparat recept (eller en JSON-fil med ett recept), skalat och omräknat, som en kock läser det

Användning: ladle scale <recipeId | FILE.json> [--servings N | --factor F | --have "300 g" --ingredient I]
                        [--units original|metric|us] [--json]

--servings    laga till N portioner (receptet måste säga hur många det räcker till)
--factor      2 dubblar, 0.5 halverar
--have        skala efter vad du har av en ingrediens; --ingredient är dess nummer (1 för den första)
--units       som skrivet (standard), metric (g, ml, °C) eller us (cups, oz, °F)
--json        skriv det skalade receptet som JSON`,
};

export const svMore: Record<MoreKey, string> = {
  serve: `ladle serve: API:t, workern, webbappen och MCP på /mcp (http://127.0.0.1:3000 som standard)

Användning: ladle serve [--role api|worker|all] [--host H] [--port P]

--role   api serverar bara HTTP, worker kör bara jobb, all (standard) gör båda
--host   adress att lyssna på (Server:Host, HOST); en adress utanför loopback kräver personer med token
--port   port att lyssna på (Server:Port, PORT)`,
  mcp: `ladle mcp: MCP-servern på stdio, för en person

Användning: ladle mcp [--user NAMN]

--user  agera som den här personen (eller LADLE_USER); standard: den lokala administratören

Varje verktyg i "ladle mcp" serveras också via Streamable HTTP på /mcp av "ladle serve", för
personen som äger token. Importer som startas här körs i den här processen när ingen server körs.`,
  backup: `ladle backup: skriv allt den här installationen rymmer till en enda fil

Användning: ladle backup -o FILE

-o, --output  filen som ska skrivas (t.ex. ladle-2026-11-29.ladle); den får inte finnas än

Varje tabell (recept och deras versioner, utkast, artiklar, bilder, uppladdningar, bokmärken,
bibliotek, planer, inköpslistor, webhooks, importer, personer), läst i en enda ögonblicksbild medan
servern fortsätter att köra, schemaversionen och inställningarna utan sina hemligheter. Återställ
med "ladle restore FILE". Se docs/backups.md.`,
  restore: `ladle restore: lägg tillbaka en säkerhetskopia i en tom installation

Användning: ladle restore FILE [--force]

--force  ersätt allt installationen rymmer med säkerhetskopian (stoppa servern först)

Återställer till den inställda databasen (DATABASE_URL, annars datakatalogen LADLE_DATA_DIR); en
installation som redan har data nekas utan --force. En säkerhetskopia från en äldre version förs
fram av dagens migreringar. Se docs/backups.md.`,
};
