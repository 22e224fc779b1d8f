// The CLI's help in Italian (one file per language: the texts are long).
import type { MoreKey, Texts } from "./en.ts";

export const it: Texts = {
  program: "trasformare pagine di ricette in schede riviste e strutturate",
  optServer: "eseguire i comandi su questo server Ladle (il suo endpoint /mcp)",
  optToken: "il token API per --server",
  optUser: "i comandi in questo processo agiscono come questa persona (predefinito: l'admin locale)",
  target: `Dove girano i comandi: in questo processo sul database configurato (ladle.config.json,
LADLE_DATA_DIR, DATABASE_URL), come --user NOME o l'admin locale; oppure su un server Ladle con
--server URL --token T (o LADLE_SERVER e LADLE_TOKEN, o {"server","token"} in
~/.config/ladle/cli.json, LADLE_CLI_CONFIG per spostarlo). L'avanzamento va su stderr: una barra
in un terminale, righe semplici altrimenti.`,
  exit: `Codici di uscita:
  0  fatto
  1  la richiesta non è riuscita (rifiutata, non valida, in conflitto); stderr dice perché
  2  errore d'uso (comando o opzione sconosciuti, argomento mancante)
  3  non trovato (nessuna ricetta, segnalibro, articolo, biblioteca o attività con quel nome; o non tua)
  4  il server non era raggiungibile o ha rifiutato il token`,
  runHelp: `"ladle <comando> --help" mostra le opzioni di un comando.`,
  seeHelp: `vedi "{command} --help"`,
  json: "stampare il risultato come JSON su stdout",
  quiet: "nessun avanzamento su stderr",
  help: "mostrare l'aiuto del comando",
  showHelp: "mostrare questo aiuto",
  usageTitle: "Uso:",
  optionsTitle: "Opzioni:",
  commandsTitle: "Comandi:",
  argumentsTitle: "Argomenti:",
  optionsWord: "[opzioni]",
  commandWord: "[comando]",
  choicesWord: "scelte:",
  defaultWord: "predefinito:",
  installTitle: "Installare:",
  chooseShell: "scegli",
  phText: "testo",
  phChoice: "scelta",
  phArgs: "argomenti...",
  phName: "nome",
  usageWord: "uso:",
  seeHelpPlain: `vedi "{command} --help"`,
  completion: "stampare lo script di completamento per la shell",
  groupRecipes:
    "le tue ricette salvate: elencare, cercare, mostrare, modificare, eliminare, ripristinare; importare pagine, testo e file",
  groupBookmarks: "segnalibri di qualsiasi pagina: aggiungere, elencare, mostrare, modificare, eliminare",
  groupArticles: "articoli web salvati da leggere: salvare, elencare, leggere",
  groupFeeds:
    "feed RSS e Atom le cui nuove voci diventano articoli: aggiungere, elencare, registro, aggiornare, rimuovere",
  groupArchives: "copie conservate di pagine: conservarne una di un articolo o segnalibro, elencare le tue",
  groupHighlights: "evidenziazioni e note sugli articoli: aggiungere, elencare, esportare",
  groupLibraries:
    "biblioteche che condividono articoli e segnalibri: elencare, creare, membri, aggiungere un membro",
  sumServe: "avviare l'API, il worker, l'app web e l'endpoint MCP",
  sumImport: "importare una pagina di ricetta in questo processo, passo per passo",
  sumAdd: "salvare una pagina per quello che è: ricetta, articolo o segnalibro",
  sumImportFile: "portare dentro un'intera raccolta da un'altra app (Paprika, Mealie, segnalibri…)",
  sumExport: "scrivere le tue ricette, i segnalibri o gli articoli in un file che un'altra app legge",
  sumExtract: "leggere ricette da file HTML salvati, offline",
  sumCheckUrl: "il downloader andrebbe a questi URL?",
  sumArticle: "leggere articoli da file HTML salvati, offline",
  sumUsers: "gestire le persone e i loro token API",
  sumBackup: "scrivere tutto ciò che questa installazione contiene in un solo file",
  sumRestore: "rimettere un backup in un'installazione vuota",
  sumTasks: "elencare le importazioni, salvare o scartare le loro bozze, annullare quelle in corso",
  sumScale: "una ricetta salvata, scalata e convertita, come la legge chi cucina",
  sumMcp: "il server MCP su stdio",
  addUsage: "uso: ladle add <url> [--json] [--quiet] [--user NOME]",
  add: `ladle add: salvare una pagina per quello che è: una ricetta, un articolo o un segnalibro

Uso: ladle add <url> [--json] [--quiet] [--user NOME]

--json   stampare ciò che è stato salvato come JSON su stdout
--quiet  nessuna riga di avanzamento su stderr
--user   salvarlo per questa persona (predefinito: l'admin locale)

Una pagina con una ricetta (dati Recipe strutturati o una scheda ricetta) diventa una bozza che
aspetta la revisione; un articolo (dati Article, og:type article, un testo lungo) entra nella tua
biblioteca; tutto il resto diventa un segnalibro. Gira in questo processo sul database configurato.`,
  tasks: `ladle tasks: elencare le importazioni, salvare o scartare le loro bozze, annullare quelle in corso

Uso:
  ladle tasks list [--status ReviewReady[,Running...]] [--page N] [--json]
  ladle tasks commit <taskId> [--acknowledge-guardrail] [--replace | --keep-both]
  ladle tasks reject <taskId> [--reason TESTO]
  ladle tasks cancel <taskId>

list      prima le più recenti; senza --status, tutte le attività (le bozze dicono quando scadono)
commit    salva la bozza come ricetta; --acknowledge-guardrail tiene per uso personale il testo che
          riprende le parole del sito; --replace la rende una nuova versione di una ricetta della
          stessa pagina
reject    scarta la bozza
cancel    ferma un'importazione in attesa o in corso`,
  import: `ladle import: scaricare una pagina di ricetta, mostrare ogni passaggio, stampare la bozza come JSON

Uso: ladle import <url> [--commit [--acknowledge-guardrail]] [--quiet]

--commit                 salvare subito la bozza come ricetta
--acknowledge-guardrail  con --commit: tenere per uso personale il testo che riprende le parole del sito
--quiet                  nessuna riga dei passaggi su stderr

Gira in questo processo sul database configurato. Verso un server (--server URL --token T), usa
"ladle recipes import <url>", poi "ladle recipes commit <taskId>".
Gli indirizzi locali e privati sono rifiutati se non sono elencati in LADLE_ALLOW_PRIVATE_HOSTS.`,
  scale: `ladle scale: una ricetta salvata (o un file JSON di ricetta), scalata e convertita, come la legge chi cucina

Uso: ladle scale <recipeId | FILE.json> [--servings N | --factor F | --have "300 g" --ingredient I]
                 [--units original|metric|us] [--json]

--servings    cucinare per N porzioni (la ricetta deve dire per quante persone è)
--factor      2 raddoppia, 0.5 dimezza
--have        scalare su quanto hai di un ingrediente; --ingredient è il suo numero (1 per il primo)
--units       come scritto (predefinito), metric (g, ml, °C) o us (cups, oz, °F)
--json        stampare la ricetta scalata come JSON`,
};

export const itMore: Record<MoreKey, string> = {
  serve: `ladle serve: l'API, il worker, l'app web e MCP su /mcp (http://127.0.0.1:3000 come predefinito)

Uso: ladle serve [--role api|worker|all] [--host H] [--port P]

--role   api serve solo HTTP, worker esegue solo i lavori, all (predefinito) fa entrambe le cose
--host   indirizzo su cui ascoltare (Server:Host, HOST); un indirizzo fuori da loopback richiede persone con token
--port   porta su cui ascoltare (Server:Port, PORT)`,
  mcp: `ladle mcp: il server MCP su stdio, per conto di una persona

Uso: ladle mcp [--user NOME]

--user  agire come questa persona (o LADLE_USER); predefinito: l'admin locale

Ogni strumento di "ladle mcp" è servito anche in Streamable HTTP su /mcp da "ladle serve", per la
persona del token. Le importazioni avviate qui girano in questo processo quando nessun server è attivo.`,
  backup: `ladle backup: scrivere tutto ciò che questa installazione contiene in un solo file

Uso: ladle backup -o FILE

-o, --output  il file da scrivere (ad es. ladle-2026-11-29.ladle); non deve ancora esistere

Ogni tabella (ricette e loro versioni, bozze, articoli, immagini, caricamenti, segnalibri,
biblioteche, piani, liste della spesa, webhook, importazioni, persone), letta in un'unica istantanea
mentre il server continua a girare, la versione dello schema e la configurazione senza i suoi
segreti. Ripristinalo con "ladle restore FILE". Vedi docs/backups.md.`,
  restore: `ladle restore: rimettere un backup in un'installazione vuota

Uso: ladle restore FILE [--force]

--force  sostituire tutto ciò che l'installazione contiene con il backup (prima ferma il server)

Ripristina nel database configurato (DATABASE_URL, altrimenti la cartella dati LADLE_DATA_DIR);
un'installazione che contiene già dati è rifiutata senza --force. Un backup di una versione più
vecchia viene aggiornato dalle migrazioni di oggi. Vedi docs/backups.md.`,
};
