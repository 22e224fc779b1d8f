// The CLI's help in Dutch (one file per language: the texts are long).
import type { MoreKey, Texts } from "./en.ts";

export const nl: Texts = {
  program: "receptpagina's omzetten in nagekeken, gestructureerde recepten",
  optServer: "opdrachten uitvoeren op deze Ladle-server (via zijn /mcp-eindpunt)",
  optToken: "het API-token voor --server",
  optUser: "opdrachten in dit proces handelen als deze persoon (standaard: de lokale beheerder)",
  target: `Waar opdrachten draaien: in dit proces op de ingestelde database (ladle.config.json,
LADLE_DATA_DIR, DATABASE_URL), als --user NAAM of de lokale beheerder; of op een Ladle-server met
--server URL --token T (of LADLE_SERVER en LADLE_TOKEN, of {"server","token"} in
~/.config/ladle/cli.json, met LADLE_CLI_CONFIG ergens anders). De voortgang gaat naar stderr: een
balk in een terminal, anders gewone regels.`,
  exit: `Afsluitcodes:
  0  klaar
  1  het verzoek is mislukt (geweigerd, ongeldig, conflict); stderr zegt waarom
  2  verkeerd gebruik (onbekende opdracht of optie, ontbrekend argument)
  3  niet gevonden (geen recept, bladwijzer, artikel, bibliotheek of taak met die naam; of niet van jou)
  4  de server was niet bereikbaar of weigerde het token`,
  runHelp: `"ladle <opdracht> --help" toont de opties van een opdracht.`,
  seeHelp: `zie "{command} --help"`,
  json: "het resultaat als JSON op stdout tonen",
  quiet: "geen voortgang op stderr",
  help: "hulp bij de opdracht tonen",
  showHelp: "deze hulp tonen",
  usageTitle: "Gebruik:",
  optionsTitle: "Opties:",
  commandsTitle: "Opdrachten:",
  argumentsTitle: "Argumenten:",
  optionsWord: "[opties]",
  commandWord: "[opdracht]",
  choicesWord: "keuzes:",
  defaultWord: "standaard:",
  installTitle: "Installeren:",
  chooseShell: "kies",
  phText: "tekst",
  phChoice: "keuze",
  phArgs: "argumenten...",
  phName: "naam",
  usageWord: "gebruik:",
  seeHelpPlain: `zie "{command} --help"`,
  completion: "het script voor aanvulling in de shell tonen",
  groupRecipes:
    "je bewaarde recepten: tonen als lijst, zoeken, tonen, bewerken, verwijderen, terugzetten; pagina's, tekst en bestanden importeren",
  groupBookmarks: "bladwijzers van elke pagina: toevoegen, lijst, tonen, bewerken, verwijderen",
  groupArticles: "webartikelen bewaard om te lezen: bewaren, lijst, lezen",
  groupFeeds:
    "RSS- en Atom-feeds waarvan nieuwe berichten artikelen worden: toevoegen, lijst, logboek, vernieuwen, verwijderen",
  groupArchives:
    "bewaarde kopieën van pagina's: er een bewaren van een artikel of bladwijzer, de jouwe tonen",
  groupHighlights: "markeringen en notities bij artikelen: toevoegen, lijst, exporteren",
  groupLibraries: "bibliotheken die artikelen en bladwijzers delen: lijst, aanmaken, leden, lid toevoegen",
  sumServe: "de API, de worker, de webapp en het MCP-eindpunt starten",
  sumImport: "een receptpagina in dit proces importeren, stap voor stap",
  sumAdd: "een pagina bewaren als wat ze is: recept, artikel of bladwijzer",
  sumImportFile: "een hele verzameling uit een andere app halen (Paprika, Mealie, bladwijzers…)",
  sumExport: "je recepten, bladwijzers of artikelen naar een bestand schrijven dat een andere app leest",
  sumExtract: "recepten uit bewaarde HTML-bestanden lezen, offline",
  sumCheckUrl: "zou het ophalen naar deze URL's gaan?",
  sumArticle: "artikelen uit bewaarde HTML-bestanden lezen, offline",
  sumUsers: "personen en hun API-tokens beheren",
  sumBackup: "alles wat deze installatie bevat in één bestand schrijven",
  sumRestore: "een back-up terugzetten in een lege installatie",
  sumTasks: "imports tonen, hun concepten bewaren of weggooien, lopende afbreken",
  sumScale: "een bewaard recept, geschaald en omgerekend, zoals een kok het leest",
  sumMcp: "de MCP-server op stdio",
  addUsage: "gebruik: ladle add <url> [--json] [--quiet] [--user NAAM]",
  add: `ladle add: een pagina bewaren als wat ze is: een recept, een artikel of een bladwijzer

Gebruik: ladle add <url> [--json] [--quiet] [--user NAAM]

--json   wat bewaard is als JSON op stdout tonen
--quiet  geen voortgangsregels op stderr
--user   het bewaren voor deze persoon (standaard: de lokale beheerder)

Een pagina met een recept (gestructureerde Recipe-gegevens of een receptkaart) wordt een concept dat
wacht om nagekeken te worden; een artikel (Article-gegevens, og:type article, een lange tekst) komt
in je bibliotheek; al het andere wordt een bladwijzer. Draait in dit proces op de ingestelde
database.`,
  tasks: `ladle tasks: imports tonen, hun concepten bewaren of weggooien, lopende afbreken

Gebruik:
  ladle tasks list [--status ReviewReady[,Running...]] [--page N] [--json]
  ladle tasks commit <taskId> [--acknowledge-guardrail] [--replace | --keep-both]
  ladle tasks reject <taskId> [--reason TEKST]
  ladle tasks cancel <taskId>

list      nieuwste eerst; zonder --status elke taak (concepten tonen wanneer ze verlopen)
commit    bewaart het concept als recept; --acknowledge-guardrail houdt tekst die de eigen woorden
          van de site zijn voor eigen gebruik; --replace maakt er een nieuwe versie van van een
          recept van dezelfde pagina
reject    gooit het concept weg
cancel    stopt een import die wacht of loopt`,
  import: `ladle import: een receptpagina ophalen, elke stap tonen, het concept als JSON tonen

Gebruik: ladle import <url> [--commit [--acknowledge-guardrail]] [--quiet]

--commit                 het concept meteen als recept bewaren
--acknowledge-guardrail  met --commit: tekst die de eigen woorden van de site zijn voor eigen gebruik houden
--quiet                  geen stapregels op stderr

Draait in dit proces op de ingestelde database. Tegen een server (--server URL --token T) gebruik
je "ladle recipes import <url>" en daarna "ladle recipes commit <taskId>".
Loopback- en privé-adressen worden geweigerd, tenzij ze in LADLE_ALLOW_PRIVATE_HOSTS staan.`,
  scale: `ladle scale: een bewaard recept (of een recept-JSON-bestand), geschaald en omgerekend, zoals een kok het leest

Gebruik: ladle scale <recipeId | FILE.json> [--servings N | --factor F | --have "300 g" --ingredient I]
                     [--units original|metric|us] [--json]

--servings    koken voor N porties (het recept moet zeggen voor hoeveel het is)
--factor      2 verdubbelt, 0.5 halveert
--have        schalen naar wat je van één ingrediënt hebt; --ingredient is het nummer (1 voor het eerste)
--units       zoals geschreven (standaard), metric (g, ml, °C) of us (cups, oz, °F)
--json        het geschaalde recept als JSON tonen`,
};

export const nlMore: Record<MoreKey, string> = {
  serve: `ladle serve: de API, de worker, de webapp en MCP op /mcp (standaard http://127.0.0.1:3000)

Gebruik: ladle serve [--role api|worker|all] [--host H] [--port P]

--role   api bedient alleen HTTP, worker voert alleen taken uit, all (standaard) doet beide
--host   adres om op te luisteren (Server:Host, HOST); een adres buiten loopback vraagt personen met tokens
--port   poort om op te luisteren (Server:Port, PORT)`,
  mcp: `ladle mcp: de MCP-server op stdio, namens één persoon

Gebruik: ladle mcp [--user NAAM]

--user  handelen als deze persoon (of LADLE_USER); standaard: de lokale beheerder

Elk hulpmiddel van "ladle mcp" wordt door "ladle serve" ook via Streamable HTTP op /mcp aangeboden,
voor de persoon van het token. Imports die hier starten, draaien in dit proces als er geen server draait.`,
  backup: `ladle backup: alles wat deze installatie bevat in één bestand schrijven

Gebruik: ladle backup -o FILE

-o, --output  het bestand om te schrijven (bv. ladle-2026-11-29.ladle); het mag nog niet bestaan

Elke tabel (recepten en hun versies, concepten, artikelen, afbeeldingen, uploads, bladwijzers,
bibliotheken, plannen, boodschappenlijsten, webhooks, imports, personen), gelezen in één momentopname
terwijl de server blijft draaien, de schemaversie en de instellingen zonder hun geheimen. Terugzetten
met "ladle restore FILE". Zie docs/backups.md.`,
  restore: `ladle restore: een back-up terugzetten in een lege installatie

Gebruik: ladle restore FILE [--force]

--force  alles wat de installatie bevat vervangen door de back-up (stop eerst de server)

Zet terug in de ingestelde database (DATABASE_URL, anders de gegevensmap LADLE_DATA_DIR); een
installatie die al gegevens bevat, wordt zonder --force geweigerd. Een back-up van een oudere versie
wordt bijgewerkt door de migraties van nu. Zie docs/backups.md.`,
};
