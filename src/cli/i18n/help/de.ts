// The CLI's help in German (one file per language: the texts are long).
import type { MoreKey, Texts } from "./en.ts";

export const de: Texts = {
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
  choicesWord: "Auswahl:",
  defaultWord: "Vorgabe:",
  installTitle: "Einrichten:",
  chooseShell: "wähle",
  phText: "Text",
  phChoice: "Wahl",
  phArgs: "Argumente...",
  phName: "Name",
  usageWord: "Aufruf:",
  seeHelpPlain: `siehe "{command} --help"`,
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

export const deMore: Record<MoreKey, string> = {
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
};
