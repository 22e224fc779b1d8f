// `ladle <command> --help` in Dutch for the commands whose English lives beside them
// (main.ts, collectionsHelp.ts): users, import-file, export, extract, check-url, article.
import type { OwnHelpKey } from "./ownHelpKeys.ts";

export const nlOwn: Record<OwnHelpKey, string> = {
  "import-file": `ladle import-file: een hele verzameling uit een andere app overnemen

Gebruik: ladle import-file PATH... [--commit-clean] [--json] [--user NAME] [--quiet]
         ladle import-file --mealie URL [--mealie-token TOKEN] [--commit-clean] [--json]
         ladle import-file ... --server URL --token TOKEN

Elk PATH (een bestand, of een map zoals een Nextcloud Cookbook- of Cooklang-map) is één
verzameltaak; het formaat wordt aan de inhoud herkend: Paprika .paprikarecipes, exportzips van
Mealie of Tandoor, Nextcloud Cookbook, Cooklang .cook, schema.org JSON-LD (bestand, lijst of zip),
de bladwijzer-HTML van een browser, een Pocket-CSV, Omnivore- of Karakeep-JSON, een bewaarde
receptpagina (elk recept erop) of een lijst webadressen (één per regel).

--mealie URL importeert elk recept van een draaiende Mealie-server via zijn API, met een API-token
van je account (--mealie-token, of de omgevingsvariabele MEALIE_TOKEN); een server op een privé-
adres moet de beheerder toestaan (LADLE_ALLOW_PRIVATE_HOSTS).

Opties:
  --commit-clean  recepten zonder fouten meteen bewaren; de andere apart houden om na te kijken
                  (standaard: elk recept apart houden om na te kijken)
  --json          het verslag per item als JSON op stdout tonen
  --user NAME     handelen als deze persoon (standaard: de lokale beheerder)
  --quiet         geen voortgang op stderr
  --mealie URL    een draaiende Mealie-server om uit te importeren
  --mealie-token TOKEN  zijn API-token (standaard: $MEALIE_TOKEN)
  --server URL    werken met deze draaiende Ladle via zijn HTTP-API (standaard: LADLE_SERVER, of
                  "server" in ~/.config/ladle/cli.json; geen: de database van deze computer)
  --token TOKEN   je API-token op die Ladle (standaard: LADLE_TOKEN)

Elk item eindigt geïmporteerd, dubbel (van een bestaand recept of een bestaande bladwijzer), na te
kijken of mislukt met de reden. Exitcode 0 als elk bestand gelezen is (items kunnen toch mislukken),
1 als een bestand helemaal niet te lezen was, 2 bij een verkeerde aanroep, 4 als de server niet
bereikbaar was of het token weigerde.`,
  export: `ladle export: je verzameling naar een bestand schrijven dat een andere app leest

Gebruik: ladle export --format jsonld|paprika|cooklang|html|netscape|json [--type recipe|article|bookmark] -o FILE [--user NAME]
         ladle export ... --server URL --token TOKEN

Opties:
  --format F   jsonld (zip met schema.org Recipe-JSON en foto's), paprika (.paprikarecipes),
               cooklang (zip met .cook-bestanden), html (een kookboek om af te drukken, in je
               eigen taal), netscape (bladwijzer-HTML die elke browser importeert), json
  --type T     recipe (standaard bij jsonld, paprika, cooklang, html), bookmark (standaard bij
               netscape en json) of article
  -o, --output FILE  waar het naartoe geschreven wordt
  --user NAME  handelen als deze persoon (standaard: de lokale beheerder)
  --server URL   exporteren uit deze draaiende Ladle via zijn HTTP-API (standaard: LADLE_SERVER,
                 of "server" in ~/.config/ladle/cli.json)
  --token TOKEN  je API-token op die Ladle (standaard: LADLE_TOKEN)`,
  extract: `ladle extract: recepten lezen uit bewaarde HTML-bestanden, offline; één JSON-regel per bestand

Gebruik: ladle extract [--base-url URL] FILE...

--base-url  het adres van de pagina, om relatieve links en afbeeldingen op te lossen`,
  "check-url": `ladle check-url: zou het ophalen naar deze URL's gaan? Er wordt niets opgehaald.

Gebruik: ladle check-url [--resolve host=ip]... URL...

Toont één JSON-regel per URL en eindigt met 1 als een URL geweigerd wordt.
--resolve host=ip  DNS voor host beantwoorden met ip in plaats van het systeem te vragen`,
  article: `ladle article: artikelen lezen uit bewaarde HTML-bestanden, offline; één JSON-regel per bestand

Gebruik: ladle article [--base-url URL] FILE...

--base-url  het adres van de pagina, om relatieve links en afbeeldingen op te lossen (zonder vallen ze weg)

Elke regel: {"file","ok":true,"article":{title,byline,excerpt,siteName,lang,publishedTime,
htmlSanitized,canonicalText,imageUrls}} of {"file","ok":false,"code","message"}. Een artikel in
je bibliotheek bewaren: "ladle articles save <url>".`,
  users: `ladle users: de personen van de ingestelde database en hun API-tokens beheren

Gebruik:
  ladle users add NAME [--role admin|user] [--token-name NAME]   een persoon aanmaken en zijn eerste token tonen
  ladle users list [--json]                                     personen en hun tokens tonen
  ladle users token NAME [--name TOKEN_NAME]                    nog een token voor een persoon uitgeven
  ladle users token NAME --revoke TOKEN_ID                      een token intrekken
  ladle users password NAME                                     een wachtwoord instellen om in de web-app aan te melden
                                                                (gelezen van stdin: echo "$PW" | npx ladle users password bo)
  ladle users export NAME -o FILE                               alle gegevens van een persoon in één bestand
  ladle users erase NAME --confirm NAME                         een persoon en alles van hem verwijderen

--role        admin of user (standaard user)
--token-name  de naam van het eerste token (standaard "default")
--name        de naam van het nieuwe token (standaard "default")
--revoke      dit token intrekken in plaats van er een uit te geven
--json        list: personen en tokengegevens als JSON
--output, -o  export: het bestand dat geschreven wordt (met gzip gecomprimeerde JSON-regels; het mag nog niet bestaan)
--confirm     erase: nog eens de naam van de persoon, ter bevestiging

Tokens worden één keer getoond, op stdout, en gehasht bewaard.`,
};
