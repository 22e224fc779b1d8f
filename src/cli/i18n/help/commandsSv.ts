// `ladle <command> --help` in Swedish for the commands whose English lives beside them
// (main.ts, collectionsHelp.ts): users, import-file, export, extract, check-url, article.
import type { OwnHelpKey } from "./ownHelpKeys.ts";

export const svOwn: Record<OwnHelpKey, string> = {
  "import-file": `ladle import-file: hämta in en hel samling från en annan app

Användning: ladle import-file PATH... [--commit-clean] [--json] [--user NAME] [--quiet]
            ladle import-file --mealie URL [--mealie-token TOKEN] [--commit-clean] [--json]
            ladle import-file ... --server URL --token TOKEN

Varje PATH (en fil, eller en mapp som en Nextcloud Cookbook- eller Cooklang-mapp) är ett
samlingsuppdrag; formatet känns igen på innehållet: Paprika .paprikarecipes, exportzippar från
Mealie eller Tandoor, Nextcloud Cookbook, Cooklang .cook, schema.org JSON-LD (fil, lista eller
zip), en webbläsares bokmärkes-HTML, en Pocket-CSV, Omnivore- eller Karakeep-JSON, en sparad
receptsida (varje recept på den) eller en lista med webbadresser (en per rad).

--mealie URL importerar varje recept från en körande Mealie-server via dess API, med en API-token
från ditt konto (--mealie-token, eller miljövariabeln MEALIE_TOKEN); en server på en privat adress
måste tillåtas av den som driver Ladle (LADLE_ALLOW_PRIVATE_HOSTS).

Flaggor:
  --commit-clean  spara recept utan fel direkt; håll kvar de andra för granskning
                  (standard: håll kvar varje recept för granskning)
  --json          skriv rapporten för varje post som JSON på stdout
  --user NAME     agera som den här personen (standard: den lokala administratören)
  --quiet         inget förlopp på stderr
  --mealie URL    en körande Mealie-server att importera från
  --mealie-token TOKEN  dess API-token (standard: $MEALIE_TOKEN)
  --server URL    arbeta mot den här körande Ladle via dess HTTP-API (standard: LADLE_SERVER,
                  eller "server" i ~/.config/ladle/cli.json; ingen: den här datorns databas)
  --token TOKEN   din API-token på den Ladle (standard: LADLE_TOKEN)

Varje post slutar importerad, dubblett (av ett befintligt recept eller bokmärke), att granska
eller misslyckad med skälet. Avslutar med 0 när varje fil lästes (poster kan ändå misslyckas), 1
när en fil inte gick att läsa alls, 2 vid ett felaktigt anrop, 4 när servern inte gick att nå
eller avvisade token.`,
  export: `ladle export: skriv din samling till en fil som en annan app läser

Användning: ladle export --format jsonld|paprika|cooklang|html|netscape|json [--type recipe|article|bookmark] -o FILE [--user NAME]
            ladle export ... --server URL --token TOKEN

Flaggor:
  --format F   jsonld (zip med schema.org Recipe-JSON och bilder), paprika (.paprikarecipes),
               cooklang (zip med .cook-filer), html (en kokbok att skriva ut, på ditt språk),
               netscape (bokmärkes-HTML som varje webbläsare importerar), json
  --type T     recipe (standard för jsonld, paprika, cooklang, html), bookmark (standard för
               netscape och json) eller article
  -o, --output FILE  vart den skrivs
  --user NAME  agera som den här personen (standard: den lokala administratören)
  --server URL   exportera från den här körande Ladle via dess HTTP-API (standard: LADLE_SERVER,
                 eller "server" i ~/.config/ladle/cli.json)
  --token TOKEN  din API-token på den Ladle (standard: LADLE_TOKEN)`,
  extract: `ladle extract: läs recept ur sparade HTML-filer, offline; en JSON-rad per fil

Användning: ladle extract [--base-url URL] FILE...

--base-url  sidans adress, för att lösa upp relativa länkar och bilder`,
  "check-url": `ladle check-url: skulle hämtningen gå till de här URL:erna? Inget hämtas.

Användning: ladle check-url [--resolve host=ip]... URL...

Skriver en JSON-rad per URL och avslutar med 1 när någon URL avvisas.
--resolve host=ip  svara på DNS för host med ip i stället för att fråga systemet`,
  article: `ladle article: läs artiklar ur sparade HTML-filer, offline; en JSON-rad per fil

Användning: ladle article [--base-url URL] FILE...

--base-url  sidans adress, för att lösa upp relativa länkar och bilder (utan den faller de bort)

Varje rad: {"file","ok":true,"article":{title,byline,excerpt,siteName,lang,publishedTime,
htmlSanitized,canonicalText,imageUrls}} eller {"file","ok":false,"code","message"}. För att spara
en artikel i ditt bibliotek: "ladle articles save <url>".`,
  users: `ladle users: hantera personerna i den inställda databasen och deras API-tokens

Användning:
  ladle users add NAME [--role admin|user] [--token-name NAME]   skapa en person och skriv ut dess första token
  ladle users list [--json]                                     lista personer och deras tokens
  ladle users token NAME [--name TOKEN_NAME]                    utfärda ytterligare en token för en person
  ladle users token NAME --revoke TOKEN_ID                      återkalla en token
  ladle users password NAME                                     sätt ett lösenord för att logga in i webbappen
                                                                (läses från stdin: echo "$PW" | npx ladle users password bo)
  ladle users export NAME -o FILE                               alla en persons uppgifter i en fil
  ladle users erase NAME --confirm NAME                         radera en person och allt som är dess

--role        admin eller user (standard user)
--token-name  namnet på den första token (standard "default")
--name        namnet på den nya token (standard "default")
--revoke      återkalla den här token i stället för att utfärda en
--json        list: personer och tokenuppgifter som JSON
--output, -o  export: filen som skrivs (gzip-komprimerade JSON-rader; den får inte finnas än)
--confirm     erase: personens namn en gång till, för att bekräfta

Tokens skrivs ut en gång, på stdout, och sparas hashade.`,
};
