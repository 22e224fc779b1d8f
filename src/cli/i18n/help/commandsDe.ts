// `ladle <command> --help` in German for the commands whose English lives beside them
// (main.ts, collectionsHelp.ts): users, import-file, export, extract, check-url, article.
import type { OwnHelpKey } from "./ownHelpKeys.ts";

export const deOwn: Record<OwnHelpKey, string> = {
  "import-file": `ladle import-file: eine ganze Sammlung aus einer anderen App übernehmen

Aufruf: ladle import-file PATH... [--commit-clean] [--json] [--user NAME] [--quiet]
        ladle import-file --mealie URL [--mealie-token TOKEN] [--commit-clean] [--json]
        ladle import-file ... --server URL --token TOKEN

Jeder PATH (eine Datei oder ein Ordner wie ein Nextcloud-Cookbook- oder Cooklang-Ordner) ist ein
Sammelauftrag; sein Format wird am Inhalt erkannt: Paprika .paprikarecipes, Mealie- oder
Tandoor-Export-Zips, Nextcloud Cookbook, Cooklang .cook, schema.org JSON-LD (Datei, Array oder
Zip), das Lesezeichen-HTML eines Browsers, eine Pocket-CSV, Omnivore- oder Karakeep-JSON, eine
gespeicherte Rezeptseite (jedes Rezept darauf) oder eine Liste von Webadressen (eine pro Zeile).

--mealie URL importiert jedes Rezept eines laufenden Mealie-Servers über seine API, mit einem
API-Token deines Kontos (--mealie-token oder die Umgebungsvariable MEALIE_TOKEN); einen Server
unter einer privaten Adresse muss der Betreiber erlauben (LADLE_ALLOW_PRIVATE_HOSTS).

Schalter:
  --commit-clean  Rezepte ohne Fehler sofort speichern, die anderen zur Prüfung zurückhalten
                  (Vorgabe: jedes Rezept zur Prüfung zurückhalten)
  --json          den Bericht pro Eintrag als JSON auf stdout ausgeben
  --user NAME     als diese Person handeln (Vorgabe: der lokale Admin)
  --quiet         kein Fortschritt auf stderr
  --mealie URL    ein laufender Mealie-Server, aus dem importiert wird
  --mealie-token TOKEN  sein API-Token (Vorgabe: $MEALIE_TOKEN)
  --server URL    mit diesem laufenden Ladle über seine HTTP-API arbeiten (Vorgabe: LADLE_SERVER
                  oder "server" in ~/.config/ladle/cli.json; keiner: die Datenbank dieses Rechners)
  --token TOKEN   dein API-Token auf diesem Ladle (Vorgabe: LADLE_TOKEN)

Jeder Eintrag endet importiert, doppelt (eines vorhandenen Rezepts oder Lesezeichens), zu prüfen
oder fehlgeschlagen mit dem Grund. Exit 0, wenn jede Datei gelesen wurde (Einträge können trotzdem
scheitern), 1, wenn eine Datei gar nicht gelesen werden konnte, 2 bei einem falschen Aufruf, 4,
wenn der Server nicht erreichbar war oder das Token abgelehnt hat.`,
  export: `ladle export: deine Sammlung in eine Datei schreiben, die eine andere App liest

Aufruf: ladle export --format jsonld|paprika|cooklang|html|netscape|json [--type recipe|article|bookmark] -o FILE [--user NAME]
        ladle export ... --server URL --token TOKEN

Schalter:
  --format F   jsonld (Zip mit schema.org-Recipe-JSON und Bildern), paprika (.paprikarecipes),
               cooklang (Zip mit .cook-Dateien), html (ein druckbares Kochbuch, in deiner
               Sprache), netscape (Lesezeichen-HTML, das jeder Browser importiert), json
  --type T     recipe (Vorgabe für jsonld, paprika, cooklang, html), bookmark (Vorgabe für
               netscape und json) oder article
  -o, --output FILE  wohin geschrieben wird
  --user NAME  als diese Person handeln (Vorgabe: der lokale Admin)
  --server URL   aus diesem laufenden Ladle über seine HTTP-API exportieren (Vorgabe: LADLE_SERVER
                 oder "server" in ~/.config/ladle/cli.json)
  --token TOKEN  dein API-Token auf diesem Ladle (Vorgabe: LADLE_TOKEN)`,
  extract: `ladle extract: Rezepte aus gespeicherten HTML-Dateien lesen, offline; eine JSON-Zeile pro Datei

Aufruf: ladle extract [--base-url URL] FILE...

--base-url  die Adresse der Seite, um relative Links und Bilder aufzulösen`,
  "check-url": `ladle check-url: würde der Abrufer diese URLs aufrufen? Es wird nichts abgerufen.

Aufruf: ladle check-url [--resolve host=ip]... URL...

Gibt eine JSON-Zeile pro URL aus und endet mit 1, wenn eine URL abgelehnt wird.
--resolve host=ip  DNS für host mit ip beantworten, statt den Resolver des Systems zu fragen`,
  article: `ladle article: Artikel aus gespeicherten HTML-Dateien lesen, offline; eine JSON-Zeile pro Datei

Aufruf: ladle article [--base-url URL] FILE...

--base-url  die Adresse der Seite, um relative Links und Bilder aufzulösen (ohne sie fallen sie weg)

Jede Zeile: {"file","ok":true,"article":{title,byline,excerpt,siteName,lang,publishedTime,
htmlSanitized,canonicalText,imageUrls}} oder {"file","ok":false,"code","message"}. Um einen Artikel
in deiner Bibliothek zu speichern: "ladle articles save <url>".`,
  users: `ladle users: die Personen der eingestellten Datenbank und ihre API-Tokens verwalten

Aufruf:
  ladle users add NAME [--role admin|user] [--token-name NAME]   eine Person anlegen und ihr erstes Token ausgeben
  ladle users list [--json]                                     Personen und ihre Tokens auflisten
  ladle users token NAME [--name TOKEN_NAME]                    ein weiteres Token für eine Person ausstellen
  ladle users token NAME --revoke TOKEN_ID                      ein Token widerrufen
  ladle users password NAME                                     ein Passwort für die Anmeldung in der Web-App setzen
                                                                (von stdin gelesen: echo "$PW" | npx ladle users password bo)
  ladle users export NAME -o FILE                               alle Daten einer Person in einer Datei
  ladle users erase NAME --confirm NAME                         eine Person und alles von ihr löschen

--role        admin oder user (Vorgabe user)
--token-name  der Name des ersten Tokens (Vorgabe "default")
--name        der Name des neuen Tokens (Vorgabe "default")
--revoke      dieses Token widerrufen, statt eines auszustellen
--json        list: Personen und Token-Angaben als JSON
--output, -o  export: die zu schreibende Datei (gzip-komprimierte JSON-Zeilen; sie darf noch nicht bestehen)
--confirm     erase: noch einmal der Name der Person, zur Bestätigung

Tokens werden einmal auf stdout ausgegeben und gehasht gespeichert.`,
};
