// The CLI's help in the person's language (cliWords.ts picks it): plain texts, not ICU messages,
// because help holds braces and angle brackets (`{"server","token"}`, `<command>`) that ICU reads
// as syntax. English is what the CLI always printed; a text a language lacks is said in English.
// Commands, options and values (`--json`, `ReviewReady`) are the same in every language.
import { cliLanguage, type CliLanguage } from "./cliWords.ts";

const en = {
  program: "turn recipe pages into reviewed, structured records",
  optServer: "run commands on this Ladle server (its /mcp endpoint)",
  optToken: "the API token for --server",
  optUser: "in-process commands act as this user (default: the local admin)",
  target: `Where commands run: in this process on the configured database (ladle.config.json,
LADLE_DATA_DIR, DATABASE_URL), acting as --user NAME or the local admin; or on a Ladle server with
--server URL --token T (or LADLE_SERVER and LADLE_TOKEN, or {"server","token"} in
~/.config/ladle/cli.json, LADLE_CLI_CONFIG to move it). Progress goes to stderr: a bar on a
terminal, plain lines otherwise.`,
  exit: `Exit codes:
  0  done
  1  the request failed (refused, invalid, conflict); stderr says why
  2  usage error (unknown command or option, missing argument)
  3  not found (no such recipe, bookmark, article, library, task; or not yours)
  4  the server could not be reached, or refused the token`,
  runHelp: `Run "ladle <command> --help" for a command's options.`,
  seeHelp: `see "{command} --help"`,
  json: "print the result as JSON on stdout",
  quiet: "no progress on stderr",
  help: "display help for command",
  showHelp: "show this help",
  usageTitle: "Usage:",
  optionsTitle: "Options:",
  commandsTitle: "Commands:",
  argumentsTitle: "Arguments:",
  optionsWord: "[options]",
  commandWord: "[command]",
  completion: "print the shell completion script",
  groupRecipes: "your saved recipes: list, search, show, edit, delete, restore; import pages, text and files",
  groupBookmarks: "bookmarks of any page: add, list, show, edit, delete",
  groupArticles: "web articles saved for reading: save, list, read",
  groupFeeds: "RSS and Atom feeds whose new entries become articles: add, list, log, refresh, remove",
  groupArchives: "kept copies of pages: keep one of an article or bookmark, list yours",
  groupHighlights: "highlights and notes on articles: add, list, export",
  groupLibraries: "libraries that share articles and bookmarks: list, create, members, add-member",
  sumServe: "run the API, worker, web UI and MCP endpoint",
  sumImport: "import a recipe page in this process, phase by phase",
  sumAdd: "save a page as what it is: recipe, article or bookmark",
  sumImportFile: "bring in a whole collection from another app (Paprika, Mealie, bookmarks…)",
  sumExport: "write your recipes, bookmarks or articles to a file another app reads",
  sumExtract: "read recipes from saved HTML files, offline",
  sumCheckUrl: "would the fetcher go to these URLs?",
  sumArticle: "read articles from saved HTML files, offline",
  sumUsers: "manage users and their API tokens",
  sumBackup: "write everything this install holds into one file",
  sumRestore: "put a backup back into an empty install",
  sumTasks: "list imports, commit or reject their drafts, cancel running ones",
  sumScale: "a saved recipe scaled and converted, as a cook reads it",
  sumMcp: "the MCP server on stdio",
  addUsage: "usage: ladle add <url> [--json] [--quiet] [--user NAME]",
  /** `ladle add --help` (the English is main.ts's COMMAND_HELP.add). */
  add: "",
  /** `ladle tasks --help` (the English is tasksHelp.ts's). */
  tasks: "",
  /** `ladle import --help` (the English is main.ts's). */
  import: "",
  /** `ladle scale --help` (the English is scaleHelp.ts's). */
  scale: "",
};

export type HelpKey = keyof typeof en;
/** The long texts whose English lives beside their command (empty in `en`). */
export const COMMAND_HELP_KEYS = ["add", "tasks", "import", "scale"] as const;
type Texts = Record<HelpKey, string>;

const de: Texts = {
  program: "Rezeptseiten in geprüfte, strukturierte Einträge verwandeln",
  optServer: "Befehle auf diesem Ladle-Server ausführen (über seinen /mcp-Endpunkt)",
  optToken: "das API-Token für --server",
  optUser: "Befehle in diesem Prozess handeln als diese Person (Vorgabe: der lokale Admin)",
  target: `Wo Befehle laufen: in diesem Prozess auf der eingestellten Datenbank (ladle.config.json,
LADLE_DATA_DIR, DATABASE_URL), als --user NAME oder als lokaler Admin; oder auf einem Ladle-Server
mit --server URL --token T (oder LADLE_SERVER und LADLE_TOKEN, oder {"server","token"} in
~/.config/ladle/cli.json, mit LADLE_CLI_CONFIG woanders). Der Fortschritt geht nach stderr: ein
Balken im Terminal, sonst einfache Zeilen.`,
  exit: `Exit-Codes:
  0  erledigt
  1  die Anfrage ist fehlgeschlagen (abgelehnt, ungültig, Konflikt); stderr sagt, warum
  2  falscher Aufruf (unbekannter Befehl oder Schalter, fehlendes Argument)
  3  nicht gefunden (kein solches Rezept, Lesezeichen, Artikel, keine Bibliothek, kein Auftrag; oder nicht deins)
  4  der Server war nicht erreichbar oder hat das Token abgelehnt`,
  runHelp: `"ladle <Befehl> --help" zeigt die Schalter eines Befehls.`,
  seeHelp: `siehe "{command} --help"`,
  json: "das Ergebnis als JSON auf stdout ausgeben",
  quiet: "kein Fortschritt auf stderr",
  help: "Hilfe zum Befehl anzeigen",
  showHelp: "diese Hilfe anzeigen",
  usageTitle: "Aufruf:",
  optionsTitle: "Schalter:",
  commandsTitle: "Befehle:",
  argumentsTitle: "Argumente:",
  optionsWord: "[Schalter]",
  commandWord: "[Befehl]",
  completion: "das Skript für die Vervollständigung in der Shell ausgeben",
  groupRecipes:
    "deine gespeicherten Rezepte: auflisten, suchen, zeigen, bearbeiten, löschen, wiederherstellen; Seiten, Text und Dateien importieren",
  groupBookmarks: "Lesezeichen beliebiger Seiten: hinzufügen, auflisten, zeigen, bearbeiten, löschen",
  groupArticles: "zum Lesen gespeicherte Web-Artikel: speichern, auflisten, lesen",
  groupFeeds:
    "RSS- und Atom-Feeds, deren neue Einträge zu Artikeln werden: hinzufügen, auflisten, Verlauf, aktualisieren, entfernen",
  groupArchives:
    "aufbewahrte Kopien von Seiten: eine von einem Artikel oder Lesezeichen behalten, deine auflisten",
  groupHighlights: "Markierungen und Notizen in Artikeln: hinzufügen, auflisten, exportieren",
  groupLibraries:
    "Bibliotheken, die Artikel und Lesezeichen teilen: auflisten, anlegen, Mitglieder, Mitglied hinzufügen",
  sumServe: "API, Worker, Web-App und MCP-Endpunkt starten",
  sumImport: "eine Rezeptseite in diesem Prozess importieren, Schritt für Schritt",
  sumAdd: "eine Seite als das speichern, was sie ist: Rezept, Artikel oder Lesezeichen",
  sumImportFile: "eine ganze Sammlung aus einer anderen App holen (Paprika, Mealie, Lesezeichen…)",
  sumExport: "deine Rezepte, Lesezeichen oder Artikel in eine Datei schreiben, die eine andere App liest",
  sumExtract: "Rezepte aus gespeicherten HTML-Dateien lesen, offline",
  sumCheckUrl: "würde der Abruf diese URLs aufrufen?",
  sumArticle: "Artikel aus gespeicherten HTML-Dateien lesen, offline",
  sumUsers: "Personen und ihre API-Tokens verwalten",
  sumBackup: "alles, was diese Installation enthält, in eine Datei schreiben",
  sumRestore: "eine Sicherung in eine leere Installation zurückspielen",
  sumTasks: "Importe auflisten, ihre Entwürfe speichern oder verwerfen, laufende abbrechen",
  sumScale: "ein gespeichertes Rezept, skaliert und umgerechnet, wie es ein Koch liest",
  sumMcp: "der MCP-Server auf stdio",
  addUsage: "Aufruf: ladle add <url> [--json] [--quiet] [--user NAME]",
  add: `ladle add: eine Seite als das speichern, was sie ist: ein Rezept, ein Artikel oder ein Lesezeichen

Aufruf: ladle add <url> [--json] [--quiet] [--user NAME]

--json   das Gespeicherte als JSON auf stdout ausgeben
--quiet  keine Fortschrittszeilen auf stderr
--user   für diese Person speichern (Vorgabe: der lokale Admin)

Eine Seite mit einem Rezept (strukturierte Recipe-Daten oder eine Rezeptkarte) wird ein Entwurf,
der auf die Durchsicht wartet; ein Artikel (Article-Daten, og:type article, ein langer Text) kommt
in deine Bibliothek; alles andere wird ein Lesezeichen. Läuft in diesem Prozess auf der
eingestellten Datenbank.`,
  tasks: `ladle tasks: Importe auflisten, ihre Entwürfe speichern oder verwerfen, laufende abbrechen

Aufruf:
  ladle tasks list [--status ReviewReady[,Running...]] [--page N] [--json]
  ladle tasks commit <taskId> [--acknowledge-guardrail] [--replace | --keep-both]
  ladle tasks reject <taskId> [--reason TEXT]
  ladle tasks cancel <taskId>

list      die neuesten zuerst; ohne --status jeder Auftrag (Entwürfe zeigen, wann sie ablaufen)
commit    speichert den Entwurf als Rezept; --acknowledge-guardrail behält Text, der die Worte der
          Website ist, für den privaten Gebrauch; --replace macht ihn zu einer neuen Fassung eines
          Rezepts von derselben Seite
reject    verwirft den Entwurf
cancel    hält einen Import an, der wartet oder läuft`,
  import: `ladle import: eine Rezeptseite abrufen, jeden Schritt zeigen, den Entwurf als JSON ausgeben

Aufruf: ladle import <url> [--commit [--acknowledge-guardrail]] [--quiet]

--commit                 den Entwurf sofort als Rezept speichern
--acknowledge-guardrail  mit --commit: Text, der die Worte der Website ist, für den privaten Gebrauch behalten
--quiet                  keine Schrittzeilen auf stderr

Läuft in diesem Prozess auf der eingestellten Datenbank. Für einen Server (--server URL --token T)
"ladle recipes import <url>" und dann "ladle recipes commit <taskId>" verwenden.
Loopback- und private Adressen werden abgelehnt, außer sie stehen in LADLE_ALLOW_PRIVATE_HOSTS.`,
  scale: `ladle scale: ein gespeichertes Rezept (oder eine Rezept-JSON-Datei), skaliert und umgerechnet, wie es ein Koch liest

Aufruf: ladle scale <recipeId | FILE.json> [--servings N | --factor F | --have "300 g" --ingredient I]
                    [--units original|metric|us] [--json]

--servings    für N Portionen kochen (das Rezept muss sagen, für wie viele es reicht)
--factor      2 verdoppelt, 0.5 halbiert
--have        auf die vorhandene Menge einer Zutat skalieren; --ingredient ist ihre Nummer (1 für die erste)
--units       wie geschrieben (Vorgabe), metric (g, ml, °C) oder us (Cups, oz, °F)
--json        das skalierte Rezept als JSON ausgeben`,
};

const fr: Texts = {
  program: "transformer des pages de recettes en fiches relues et structurées",
  optServer: "exécuter les commandes sur ce serveur Ladle (son point d'accès /mcp)",
  optToken: "le jeton d'API pour --server",
  optUser: "les commandes de ce processus agissent au nom de cette personne (par défaut : l'admin local)",
  target: `Où les commandes s'exécutent : dans ce processus sur la base configurée (ladle.config.json,
LADLE_DATA_DIR, DATABASE_URL), au nom de --user NOM ou de l'admin local ; ou sur un serveur Ladle
avec --server URL --token T (ou LADLE_SERVER et LADLE_TOKEN, ou {"server","token"} dans
~/.config/ladle/cli.json, LADLE_CLI_CONFIG pour le déplacer). La progression va sur stderr : une
barre dans un terminal, des lignes simples sinon.`,
  exit: `Codes de sortie :
  0  terminé
  1  la requête a échoué (refusée, invalide, conflit) ; stderr dit pourquoi
  2  erreur d'utilisation (commande ou option inconnue, argument manquant)
  3  introuvable (aucune recette, favori, article, bibliothèque ou tâche de ce nom ; ou pas à vous)
  4  le serveur est injoignable ou a refusé le jeton`,
  runHelp: `« ladle <commande> --help » donne les options d'une commande.`,
  seeHelp: `voir « {command} --help »`,
  json: "afficher le résultat en JSON sur stdout",
  quiet: "pas de progression sur stderr",
  help: "afficher l'aide de la commande",
  showHelp: "afficher cette aide",
  usageTitle: "Utilisation :",
  optionsTitle: "Options :",
  commandsTitle: "Commandes :",
  argumentsTitle: "Arguments :",
  optionsWord: "[options]",
  commandWord: "[commande]",
  completion: "afficher le script de complétion pour le shell",
  groupRecipes:
    "vos recettes enregistrées : lister, chercher, afficher, modifier, supprimer, restaurer ; importer des pages, du texte et des fichiers",
  groupBookmarks: "favoris de n'importe quelle page : ajouter, lister, afficher, modifier, supprimer",
  groupArticles: "articles du web gardés pour la lecture : enregistrer, lister, lire",
  groupFeeds:
    "flux RSS et Atom dont les nouvelles entrées deviennent des articles : ajouter, lister, journal, actualiser, retirer",
  groupArchives: "copies conservées de pages : en garder une d'un article ou d'un favori, lister les vôtres",
  groupHighlights: "surlignages et notes sur les articles : ajouter, lister, exporter",
  groupLibraries:
    "bibliothèques qui partagent articles et favoris : lister, créer, membres, ajouter un membre",
  sumServe: "lancer l'API, le worker, l'application web et le point d'accès MCP",
  sumImport: "importer une page de recette dans ce processus, étape par étape",
  sumAdd: "enregistrer une page pour ce qu'elle est : recette, article ou favori",
  sumImportFile: "faire entrer toute une collection d'une autre application (Paprika, Mealie, favoris…)",
  sumExport: "écrire vos recettes, favoris ou articles dans un fichier qu'une autre application lit",
  sumExtract: "lire des recettes dans des fichiers HTML enregistrés, hors ligne",
  sumCheckUrl: "le récupérateur irait-il à ces URL ?",
  sumArticle: "lire des articles dans des fichiers HTML enregistrés, hors ligne",
  sumUsers: "gérer les personnes et leurs jetons d'API",
  sumBackup: "écrire tout ce que contient cette installation dans un seul fichier",
  sumRestore: "remettre une sauvegarde dans une installation vide",
  sumTasks: "lister les imports, enregistrer ou rejeter leurs brouillons, annuler ceux en cours",
  sumScale: "une recette enregistrée, mise à l'échelle et convertie, telle qu'un cuisinier la lit",
  sumMcp: "le serveur MCP sur stdio",
  addUsage: "utilisation : ladle add <url> [--json] [--quiet] [--user NOM]",
  add: `ladle add: enregistrer une page pour ce qu'elle est : une recette, un article ou un favori

Utilisation : ladle add <url> [--json] [--quiet] [--user NOM]

--json   afficher ce qui a été enregistré en JSON sur stdout
--quiet  pas de lignes de progression sur stderr
--user   l'enregistrer pour cette personne (par défaut : l'admin local)

Une page avec une recette (données Recipe structurées ou une fiche de recette) devient un brouillon
qui attend d'être relu ; un article (données Article, og:type article, un long texte) entre dans
votre bibliothèque ; tout le reste devient un favori. S'exécute dans ce processus sur la base
configurée.`,
  tasks: `ladle tasks: lister les imports, enregistrer ou rejeter leurs brouillons, annuler ceux en cours

Utilisation :
  ladle tasks list [--status ReviewReady[,Running...]] [--page N] [--json]
  ladle tasks commit <taskId> [--acknowledge-guardrail] [--replace | --keep-both]
  ladle tasks reject <taskId> [--reason TEXTE]
  ladle tasks cancel <taskId>

list      les plus récentes d'abord ; sans --status, toutes les tâches (les brouillons disent quand ils expirent)
commit    enregistre le brouillon comme recette ; --acknowledge-guardrail garde pour un usage personnel
          le texte qui reprend les mots du site ; --replace en fait une nouvelle version d'une recette
          de la même page
reject    rejette le brouillon
cancel    arrête un import en attente ou en cours`,
  import: `ladle import: récupérer une page de recette, montrer chaque étape, afficher le brouillon en JSON

Utilisation : ladle import <url> [--commit [--acknowledge-guardrail]] [--quiet]

--commit                 enregistrer tout de suite le brouillon comme recette
--acknowledge-guardrail  avec --commit : garder pour un usage personnel le texte qui reprend les mots du site
--quiet                  pas de lignes d'étape sur stderr

S'exécute dans ce processus sur la base configurée. Pour un serveur (--server URL --token T),
utilisez « ladle recipes import <url> », puis « ladle recipes commit <taskId> ».
Les adresses locales et privées sont refusées sauf si LADLE_ALLOW_PRIVATE_HOSTS les nomme.`,
  scale: `ladle scale: une recette enregistrée (ou un fichier JSON de recette), mise à l'échelle et convertie, telle qu'un cuisinier la lit

Utilisation : ladle scale <recipeId | FILE.json> [--servings N | --factor F | --have "300 g" --ingredient I]
                          [--units original|metric|us] [--json]

--servings    cuisiner pour N portions (la recette doit dire pour combien elle est prévue)
--factor      2 double, 0.5 divise par deux
--have        adapter à ce que vous avez d'un ingrédient ; --ingredient est son numéro (1 pour le premier)
--units       tel qu'écrit (par défaut), metric (g, ml, °C) ou us (cups, oz, °F)
--json        afficher la recette adaptée en JSON`,
};

const es: Texts = {
  program: "convertir páginas de recetas en fichas revisadas y estructuradas",
  optServer: "ejecutar los comandos en este servidor Ladle (su punto de acceso /mcp)",
  optToken: "el token de API para --server",
  optUser: "los comandos de este proceso actúan como esta persona (por defecto: el admin local)",
  target: `Dónde se ejecutan los comandos: en este proceso sobre la base de datos configurada
(ladle.config.json, LADLE_DATA_DIR, DATABASE_URL), como --user NOMBRE o el admin local; o en un
servidor Ladle con --server URL --token T (o LADLE_SERVER y LADLE_TOKEN, o {"server","token"} en
~/.config/ladle/cli.json, LADLE_CLI_CONFIG para moverlo). El progreso va a stderr: una barra en
un terminal, líneas simples si no.`,
  exit: `Códigos de salida:
  0  hecho
  1  la petición falló (rechazada, no válida, conflicto); stderr dice por qué
  2  error de uso (comando u opción desconocidos, falta un argumento)
  3  no encontrado (no existe esa receta, marcador, artículo, biblioteca o tarea; o no es tuya)
  4  no se pudo llegar al servidor, o rechazó el token`,
  runHelp: `"ladle <comando> --help" muestra las opciones de un comando.`,
  seeHelp: `consulta "{command} --help"`,
  json: "mostrar el resultado como JSON en stdout",
  quiet: "sin progreso en stderr",
  help: "mostrar la ayuda del comando",
  showHelp: "mostrar esta ayuda",
  usageTitle: "Uso:",
  optionsTitle: "Opciones:",
  commandsTitle: "Comandos:",
  argumentsTitle: "Argumentos:",
  optionsWord: "[opciones]",
  commandWord: "[comando]",
  completion: "mostrar el script de autocompletado para la shell",
  groupRecipes:
    "tus recetas guardadas: listar, buscar, mostrar, editar, borrar, restaurar; importar páginas, texto y archivos",
  groupBookmarks: "marcadores de cualquier página: añadir, listar, mostrar, editar, borrar",
  groupArticles: "artículos web guardados para leer: guardar, listar, leer",
  groupFeeds:
    "fuentes RSS y Atom cuyas entradas nuevas se convierten en artículos: añadir, listar, registro, actualizar, quitar",
  groupArchives: "copias guardadas de páginas: guardar una de un artículo o marcador, listar las tuyas",
  groupHighlights: "subrayados y notas en artículos: añadir, listar, exportar",
  groupLibraries: "bibliotecas que comparten artículos y marcadores: listar, crear, miembros, añadir miembro",
  sumServe: "iniciar la API, el worker, la aplicación web y el punto de acceso MCP",
  sumImport: "importar una página de receta en este proceso, paso a paso",
  sumAdd: "guardar una página como lo que es: receta, artículo o marcador",
  sumImportFile: "traer una colección entera de otra aplicación (Paprika, Mealie, marcadores…)",
  sumExport: "escribir tus recetas, marcadores o artículos en un archivo que lee otra aplicación",
  sumExtract: "leer recetas de archivos HTML guardados, sin conexión",
  sumCheckUrl: "¿iría el descargador a estas URL?",
  sumArticle: "leer artículos de archivos HTML guardados, sin conexión",
  sumUsers: "gestionar las personas y sus tokens de API",
  sumBackup: "escribir todo lo que guarda esta instalación en un solo archivo",
  sumRestore: "devolver una copia de seguridad a una instalación vacía",
  sumTasks: "listar importaciones, guardar o descartar sus borradores, cancelar las que están en curso",
  sumScale: "una receta guardada, escalada y convertida, como la lee quien cocina",
  sumMcp: "el servidor MCP por stdio",
  addUsage: "uso: ladle add <url> [--json] [--quiet] [--user NOMBRE]",
  add: `ladle add: guardar una página como lo que es: una receta, un artículo o un marcador

Uso: ladle add <url> [--json] [--quiet] [--user NOMBRE]

--json   mostrar lo guardado como JSON en stdout
--quiet  sin líneas de progreso en stderr
--user   guardarlo para esta persona (por defecto: el admin local)

Una página con una receta (datos Recipe estructurados o una ficha de receta) se convierte en un
borrador que espera revisión; un artículo (datos Article, og:type article, un texto largo) entra en
tu biblioteca; todo lo demás se guarda como marcador. Se ejecuta en este proceso sobre la base de
datos configurada.`,
  tasks: `ladle tasks: listar importaciones, guardar o descartar sus borradores, cancelar las que están en curso

Uso:
  ladle tasks list [--status ReviewReady[,Running...]] [--page N] [--json]
  ladle tasks commit <taskId> [--acknowledge-guardrail] [--replace | --keep-both]
  ladle tasks reject <taskId> [--reason TEXTO]
  ladle tasks cancel <taskId>

list      las más recientes primero; sin --status, todas las tareas (los borradores dicen cuándo caducan)
commit    guarda el borrador como receta; --acknowledge-guardrail conserva para uso personal el texto
          que son palabras del sitio; --replace lo convierte en una nueva versión de una receta de la
          misma página
reject    descarta el borrador
cancel    detiene una importación que espera o está en curso`,
  import: `ladle import: descargar una página de receta, mostrar cada paso, imprimir el borrador como JSON

Uso: ladle import <url> [--commit [--acknowledge-guardrail]] [--quiet]

--commit                 guardar el borrador como receta enseguida
--acknowledge-guardrail  con --commit: conservar para uso personal el texto que son palabras del sitio
--quiet                  sin líneas de pasos en stderr

Se ejecuta en este proceso sobre la base de datos configurada. Contra un servidor (--server URL
--token T), usa "ladle recipes import <url>" y luego "ladle recipes commit <taskId>".
Las direcciones locales y privadas se rechazan salvo que estén en LADLE_ALLOW_PRIVATE_HOSTS.`,
  scale: `ladle scale: una receta guardada (o un archivo JSON de receta), escalada y convertida, como la lee quien cocina

Uso: ladle scale <recipeId | FILE.json> [--servings N | --factor F | --have "300 g" --ingredient I]
                 [--units original|metric|us] [--json]

--servings    cocinar para N raciones (la receta debe decir para cuántas es)
--factor      2 duplica, 0.5 reduce a la mitad
--have        escalar a lo que tienes de un ingrediente; --ingredient es su número (1 para el primero)
--units       como está escrito (por defecto), metric (g, ml, °C) o us (tazas, oz, °F)
--json        mostrar la receta escalada como JSON`,
};

const it: Texts = {
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

const nl: Texts = {
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

const pt: Texts = {
  program: "transformar páginas de receitas em fichas revistas e estruturadas",
  optServer: "executar os comandos neste servidor Ladle (o seu ponto de acesso /mcp)",
  optToken: "o token de API para --server",
  optUser: "os comandos neste processo agem como esta pessoa (por omissão: o admin local)",
  target: `Onde os comandos correm: neste processo, na base de dados configurada (ladle.config.json,
LADLE_DATA_DIR, DATABASE_URL), como --user NOME ou o admin local; ou num servidor Ladle com
--server URL --token T (ou LADLE_SERVER e LADLE_TOKEN, ou {"server","token"} em
~/.config/ladle/cli.json, LADLE_CLI_CONFIG para o mudar de sítio). O progresso vai para stderr:
uma barra num terminal, linhas simples nos outros casos.`,
  exit: `Códigos de saída:
  0  feito
  1  o pedido falhou (recusado, inválido, conflito); stderr diz porquê
  2  erro de utilização (comando ou opção desconhecidos, argumento em falta)
  3  não encontrado (não existe essa receita, marcador, artigo, biblioteca ou tarefa; ou não é sua)
  4  não foi possível chegar ao servidor, ou este recusou o token`,
  runHelp: `"ladle <comando> --help" mostra as opções de um comando.`,
  seeHelp: `veja "{command} --help"`,
  json: "mostrar o resultado como JSON no stdout",
  quiet: "sem progresso no stderr",
  help: "mostrar a ajuda do comando",
  showHelp: "mostrar esta ajuda",
  usageTitle: "Utilização:",
  optionsTitle: "Opções:",
  commandsTitle: "Comandos:",
  argumentsTitle: "Argumentos:",
  optionsWord: "[opções]",
  commandWord: "[comando]",
  completion: "mostrar o script de conclusão automática para a shell",
  groupRecipes:
    "as suas receitas guardadas: listar, pesquisar, mostrar, editar, apagar, restaurar; importar páginas, texto e ficheiros",
  groupBookmarks: "marcadores de qualquer página: adicionar, listar, mostrar, editar, apagar",
  groupArticles: "artigos da web guardados para ler: guardar, listar, ler",
  groupFeeds:
    "feeds RSS e Atom cujas entradas novas se tornam artigos: adicionar, listar, registo, atualizar, remover",
  groupArchives: "cópias guardadas de páginas: guardar uma de um artigo ou marcador, listar as suas",
  groupHighlights: "destaques e notas em artigos: adicionar, listar, exportar",
  groupLibraries: "bibliotecas que partilham artigos e marcadores: listar, criar, membros, adicionar membro",
  sumServe: "iniciar a API, o worker, a aplicação web e o ponto de acesso MCP",
  sumImport: "importar uma página de receita neste processo, passo a passo",
  sumAdd: "guardar uma página como aquilo que é: receita, artigo ou marcador",
  sumImportFile: "trazer uma coleção inteira de outra aplicação (Paprika, Mealie, marcadores…)",
  sumExport: "escrever as suas receitas, marcadores ou artigos num ficheiro que outra aplicação lê",
  sumExtract: "ler receitas de ficheiros HTML guardados, sem ligação",
  sumCheckUrl: "o descarregador iria a estes URL?",
  sumArticle: "ler artigos de ficheiros HTML guardados, sem ligação",
  sumUsers: "gerir as pessoas e os seus tokens de API",
  sumBackup: "escrever tudo o que esta instalação guarda num só ficheiro",
  sumRestore: "repor uma cópia de segurança numa instalação vazia",
  sumTasks: "listar importações, guardar ou rejeitar os seus rascunhos, cancelar as que estão a correr",
  sumScale: "uma receita guardada, escalada e convertida, como quem cozinha a lê",
  sumMcp: "o servidor MCP em stdio",
  addUsage: "utilização: ladle add <url> [--json] [--quiet] [--user NOME]",
  add: `ladle add: guardar uma página como aquilo que é: uma receita, um artigo ou um marcador

Utilização: ladle add <url> [--json] [--quiet] [--user NOME]

--json   mostrar o que foi guardado como JSON no stdout
--quiet  sem linhas de progresso no stderr
--user   guardá-lo para esta pessoa (por omissão: o admin local)

Uma página com uma receita (dados Recipe estruturados ou uma ficha de receita) torna-se um rascunho
à espera de revisão; um artigo (dados Article, og:type article, um texto longo) entra na sua
biblioteca; tudo o resto fica como marcador. Corre neste processo, na base de dados configurada.`,
  tasks: `ladle tasks: listar importações, guardar ou rejeitar os seus rascunhos, cancelar as que estão a correr

Utilização:
  ladle tasks list [--status ReviewReady[,Running...]] [--page N] [--json]
  ladle tasks commit <taskId> [--acknowledge-guardrail] [--replace | --keep-both]
  ladle tasks reject <taskId> [--reason TEXTO]
  ladle tasks cancel <taskId>

list      as mais recentes primeiro; sem --status, todas as tarefas (os rascunhos dizem quando expiram)
commit    guarda o rascunho como receita; --acknowledge-guardrail mantém para uso pessoal o texto que
          são palavras do site; --replace torna-o uma nova versão de uma receita da mesma página
reject    rejeita o rascunho
cancel    para uma importação que está à espera ou a correr`,
  import: `ladle import: obter uma página de receita, mostrar cada passo, imprimir o rascunho como JSON

Utilização: ladle import <url> [--commit [--acknowledge-guardrail]] [--quiet]

--commit                 guardar logo o rascunho como receita
--acknowledge-guardrail  com --commit: manter para uso pessoal o texto que são palavras do site
--quiet                  sem linhas de passos no stderr

Corre neste processo, na base de dados configurada. Para um servidor (--server URL --token T), use
"ladle recipes import <url>" e depois "ladle recipes commit <taskId>".
Os endereços locais e privados são recusados, a não ser que estejam em LADLE_ALLOW_PRIVATE_HOSTS.`,
  scale: `ladle scale: uma receita guardada (ou um ficheiro JSON de receita), escalada e convertida, como quem cozinha a lê

Utilização: ladle scale <recipeId | FILE.json> [--servings N | --factor F | --have "300 g" --ingredient I]
                        [--units original|metric|us] [--json]

--servings    cozinhar para N doses (a receita tem de dizer para quantas é)
--factor      2 duplica, 0.5 reduz para metade
--have        escalar ao que tem de um ingrediente; --ingredient é o seu número (1 para o primeiro)
--units       como está escrito (por omissão), metric (g, ml, °C) ou us (chávenas, oz, °F)
--json        mostrar a receita escalada como JSON`,
};

const sv: Texts = {
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

export const CLI_HELP: Record<CliLanguage, Texts> = { en, de, fr, es, it, nl, pt, sv };

/**
 * The help text `key` in the person's language; `english` is the command's own English text for
 * the long helps kept beside their command. `{command}` is put in where a text holds it.
 */
export function helpText(
  key: HelpKey,
  opts: { english?: string; command?: string } = {},
  lang: CliLanguage = cliLanguage(),
): string {
  const text = CLI_HELP[lang][key] || opts.english || CLI_HELP.en[key];
  return opts.command === undefined ? text : text.replace("{command}", opts.command);
}

/** More commands' `--help`, whose English lives beside the command (main.ts, backupHelp.ts). */
export const MORE_HELP_KEYS = ["serve", "mcp", "backup", "restore"] as const;
type MoreKey = (typeof MORE_HELP_KEYS)[number];

const MORE_HELP: Record<Exclude<CliLanguage, "en">, Record<MoreKey, string>> = {
  de: {
    serve: `ladle serve: die API, der Worker, die Web-App und MCP unter /mcp (standardmäßig http://127.0.0.1:3000)

Aufruf: ladle serve [--role api|worker|all] [--host H] [--port P]

--role   api bedient nur HTTP, worker führt nur Jobs aus, all (die Vorgabe) macht beides
--host   Adresse, an die gebunden wird (Server:Host, HOST); eine Adresse außerhalb von Loopback braucht Personen mit Tokens
--port   Port, auf dem gelauscht wird (Server:Port, PORT)`,
    mcp: `ladle mcp: der MCP-Server auf stdio, im Namen einer Person

Aufruf: ladle mcp [--user NAME]

--user  als diese Person handeln (oder LADLE_USER); Vorgabe: der lokale Admin

Jedes Werkzeug von "ladle mcp" bietet "ladle serve" auch über Streamable HTTP unter /mcp an, für
die Person des Bearer-Tokens. Hier gestartete Importe laufen in diesem Prozess, wenn kein Server läuft.`,
    backup: `ladle backup: alles, was diese Installation enthält, in eine Datei schreiben

Aufruf: ladle backup -o FILE

-o, --output  die zu schreibende Datei (z. B. ladle-2026-11-29.ladle); sie darf noch nicht existieren

Jede Tabelle (Rezepte und ihre Fassungen, Entwürfe, Artikel, Bilder, Uploads, Lesezeichen,
Bibliotheken, Pläne, Einkaufslisten, Webhooks, Importaufträge, Personen), in einem Schnappschuss
gelesen, während der Server weiterläuft, dazu die Schema-Version und die Einstellungen ohne ihre
Geheimnisse. Zurückspielen mit "ladle restore FILE". Siehe docs/backups.md.`,
    restore: `ladle restore: eine Sicherung in eine leere Installation zurückspielen

Aufruf: ladle restore FILE [--force]

--force  alles, was die Installation enthält, durch die Sicherung ersetzen (vorher den Server anhalten)

Spielt in die eingestellte Datenbank zurück (DATABASE_URL, sonst das Datenverzeichnis
LADLE_DATA_DIR); eine Installation, die schon Daten enthält, wird ohne --force abgelehnt. Eine
Sicherung einer älteren Version wird durch die heutigen Migrationen nachgezogen. Siehe docs/backups.md.`,
  },
  fr: {
    serve: `ladle serve: l'API, le worker, l'application web et MCP sur /mcp (http://127.0.0.1:3000 par défaut)

Utilisation : ladle serve [--role api|worker|all] [--host H] [--port P]

--role   api ne sert que HTTP, worker n'exécute que les tâches, all (par défaut) fait les deux
--host   adresse d'écoute (Server:Host, HOST) ; une adresse hors loopback exige des personnes avec jetons
--port   port d'écoute (Server:Port, PORT)`,
    mcp: `ladle mcp: le serveur MCP sur stdio, au nom d'une personne

Utilisation : ladle mcp [--user NOM]

--user  agir au nom de cette personne (ou LADLE_USER) ; par défaut : l'admin local

Chaque outil de « ladle mcp » est aussi servi en Streamable HTTP sur /mcp par « ladle serve », pour
la personne du jeton. Les imports lancés ici s'exécutent dans ce processus quand aucun serveur ne tourne.`,
    backup: `ladle backup: écrire tout ce que contient cette installation dans un seul fichier

Utilisation : ladle backup -o FILE

-o, --output  le fichier à écrire (par ex. ladle-2026-11-29.ladle) ; il ne doit pas encore exister

Chaque table (recettes et leurs versions, brouillons, articles, images, envois, favoris,
bibliothèques, plans, listes de courses, webhooks, imports, personnes), lue en un seul instantané
pendant que le serveur continue de tourner, la version du schéma, et la configuration sans ses
secrets. Restaurez-la avec « ladle restore FILE ». Voir docs/backups.md.`,
    restore: `ladle restore: remettre une sauvegarde dans une installation vide

Utilisation : ladle restore FILE [--force]

--force  remplacer tout ce que contient l'installation par la sauvegarde (arrêtez d'abord le serveur)

Restaure dans la base configurée (DATABASE_URL, sinon le dossier de données LADLE_DATA_DIR) ; une
installation qui contient déjà des données est refusée sans --force. Une sauvegarde d'une version
plus ancienne est mise à niveau par les migrations actuelles. Voir docs/backups.md.`,
  },
  es: {
    serve: `ladle serve: la API, el worker, la aplicación web y MCP en /mcp (http://127.0.0.1:3000 por defecto)

Uso: ladle serve [--role api|worker|all] [--host H] [--port P]

--role   api solo sirve HTTP, worker solo ejecuta trabajos, all (por defecto) hace ambas cosas
--host   dirección en la que escuchar (Server:Host, HOST); una dirección fuera de loopback exige personas con tokens
--port   puerto en el que escuchar (Server:Port, PORT)`,
    mcp: `ladle mcp: el servidor MCP por stdio, en nombre de una persona

Uso: ladle mcp [--user NOMBRE]

--user  actuar como esta persona (o LADLE_USER); por defecto: el admin local

Cada herramienta de "ladle mcp" también la sirve "ladle serve" por Streamable HTTP en /mcp, para la
persona del token. Las importaciones iniciadas aquí se ejecutan en este proceso si no hay un servidor.`,
    backup: `ladle backup: escribir todo lo que guarda esta instalación en un solo archivo

Uso: ladle backup -o FILE

-o, --output  el archivo que se escribe (p. ej. ladle-2026-11-29.ladle); no debe existir todavía

Cada tabla (recetas y sus versiones, borradores, artículos, imágenes, subidas, marcadores,
bibliotecas, planes, listas de la compra, webhooks, importaciones, personas), leída en una sola
instantánea mientras el servidor sigue funcionando, la versión del esquema y la configuración sin
sus secretos. Restáurala con "ladle restore FILE". Consulta docs/backups.md.`,
    restore: `ladle restore: devolver una copia de seguridad a una instalación vacía

Uso: ladle restore FILE [--force]

--force  reemplazar todo lo que guarda la instalación por la copia (detén antes el servidor)

Restaura en la base de datos configurada (DATABASE_URL, si no la carpeta de datos LADLE_DATA_DIR);
una instalación que ya tiene datos se rechaza salvo con --force. Una copia de una versión anterior
se pone al día con las migraciones actuales. Consulta docs/backups.md.`,
  },
  it: {
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
  },
  nl: {
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
  },
  pt: {
    serve: `ladle serve: a API, o worker, a aplicação web e o MCP em /mcp (http://127.0.0.1:3000 por omissão)

Utilização: ladle serve [--role api|worker|all] [--host H] [--port P]

--role   api só serve HTTP, worker só executa trabalhos, all (por omissão) faz as duas coisas
--host   endereço onde escutar (Server:Host, HOST); um endereço fora do loopback exige pessoas com tokens
--port   porta onde escutar (Server:Port, PORT)`,
    mcp: `ladle mcp: o servidor MCP em stdio, em nome de uma pessoa

Utilização: ladle mcp [--user NOME]

--user  agir como esta pessoa (ou LADLE_USER); por omissão: o admin local

Cada ferramenta de "ladle mcp" também é servida por "ladle serve" em Streamable HTTP em /mcp, para a
pessoa do token. As importações iniciadas aqui correm neste processo quando nenhum servidor está a correr.`,
    backup: `ladle backup: escrever tudo o que esta instalação guarda num só ficheiro

Utilização: ladle backup -o FILE

-o, --output  o ficheiro a escrever (p. ex. ladle-2026-11-29.ladle); ainda não pode existir

Cada tabela (receitas e as suas versões, rascunhos, artigos, imagens, envios, marcadores,
bibliotecas, planos, listas de compras, webhooks, importações, pessoas), lida num só instantâneo
enquanto o servidor continua a correr, a versão do esquema e a configuração sem os seus segredos.
Reponha-a com "ladle restore FILE". Veja docs/backups.md.`,
    restore: `ladle restore: repor uma cópia de segurança numa instalação vazia

Utilização: ladle restore FILE [--force]

--force  substituir tudo o que a instalação guarda pela cópia (pare primeiro o servidor)

Repõe na base de dados configurada (DATABASE_URL, senão a pasta de dados LADLE_DATA_DIR); uma
instalação que já tem dados é recusada sem --force. Uma cópia de uma versão mais antiga é atualizada
pelas migrações de hoje. Veja docs/backups.md.`,
  },
  sv: {
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
  },
};

/** `ladle <command> --help` of `key` in the person's language, else the command's own English. */
export function moreHelp(key: MoreKey, english: string, lang: CliLanguage = cliLanguage()): string {
  return lang === "en" ? english : MORE_HELP[lang][key];
}
