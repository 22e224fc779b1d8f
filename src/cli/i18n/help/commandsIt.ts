// `ladle <command> --help` in Italian for the commands whose English lives beside them
// (main.ts, collectionsHelp.ts): users, import-file, export, extract, check-url, article.
import type { OwnHelpKey } from "./ownHelpKeys.ts";

export const itOwn: Record<OwnHelpKey, string> = {
  "import-file": `ladle import-file: portare dentro un'intera raccolta da un'altra app

Uso: ladle import-file PATH... [--commit-clean] [--json] [--user NAME] [--quiet]
     ladle import-file --mealie URL [--mealie-token TOKEN] [--commit-clean] [--json]
     ladle import-file ... --server URL --token TOKEN

Ogni PATH (un file, o una cartella come una di Nextcloud Cookbook o di Cooklang) è un lavoro in
blocco; il formato si riconosce dal contenuto: Paprika .paprikarecipes, zip esportati da Mealie o
Tandoor, Nextcloud Cookbook, Cooklang .cook, JSON-LD di schema.org (file, elenco o zip), l'HTML
dei segnalibri di un browser, un CSV di Pocket, JSON di Omnivore o Karakeep, una pagina di ricetta
salvata (ogni ricetta che contiene) o un elenco di indirizzi web (uno per riga).

--mealie URL importa ogni ricetta di un server Mealie attivo tramite la sua API, con un token API
del tuo account (--mealie-token, o la variabile d'ambiente MEALIE_TOKEN); un server a un indirizzo
privato deve essere permesso da chi gestisce Ladle (LADLE_ALLOW_PRIVATE_HOSTS).

Opzioni:
  --commit-clean  salvare subito le ricette senza errori; tenere le altre da rivedere
                  (predefinito: tenere ogni ricetta da rivedere)
  --json          stampare il resoconto di ogni voce come JSON su stdout
  --user NAME     agire come questa persona (predefinito: l'admin locale)
  --quiet         nessun avanzamento su stderr
  --mealie URL    un server Mealie attivo da cui importare
  --mealie-token TOKEN  il suo token API (predefinito: $MEALIE_TOKEN)
  --server URL    lavorare con questo Ladle attivo tramite la sua API HTTP (predefinito:
                  LADLE_SERVER, o "server" in ~/.config/ladle/cli.json; nessuno: il database di
                  questo computer)
  --token TOKEN   il tuo token API su quel Ladle (predefinito: LADLE_TOKEN)

Ogni voce finisce importata, doppia (di una ricetta o di un segnalibro che c'è già), da rivedere o
non riuscita con il motivo. Esce con 0 quando ogni file è stato letto (qualche voce può comunque
non riuscire), 1 quando un file non si è potuto leggere affatto, 2 per una chiamata sbagliata, 4
quando il server non era raggiungibile o ha rifiutato il token.`,
  export: `ladle export: scrivere la tua raccolta in un file che un'altra app legge

Uso: ladle export --format jsonld|paprika|cooklang|html|netscape|json [--type recipe|article|bookmark] -o FILE [--user NAME]
     ladle export ... --server URL --token TOKEN

Opzioni:
  --format F   jsonld (zip di JSON Recipe di schema.org con le foto), paprika (.paprikarecipes),
               cooklang (zip di file .cook), html (un ricettario da stampare, nella tua lingua),
               netscape (HTML di segnalibri che ogni browser importa), json
  --type T     recipe (predefinito per jsonld, paprika, cooklang, html), bookmark (predefinito
               per netscape e json) o article
  -o, --output FILE  dove scriverlo
  --user NAME  agire come questa persona (predefinito: l'admin locale)
  --server URL   esportare da questo Ladle attivo tramite la sua API HTTP (predefinito:
                 LADLE_SERVER, o "server" in ~/.config/ladle/cli.json)
  --token TOKEN  il tuo token API su quel Ladle (predefinito: LADLE_TOKEN)`,
  extract: `ladle extract: leggere ricette da file HTML salvati, senza connessione; una riga JSON per file

Uso: ladle extract [--base-url URL] FILE...

--base-url  l'indirizzo della pagina, per risolvere link e immagini relativi`,
  "check-url": `ladle check-url: lo scaricamento andrebbe a questi URL? Non si scarica niente.

Uso: ladle check-url [--resolve host=ip]... URL...

Stampa una riga JSON per URL ed esce con 1 quando un URL viene rifiutato.
--resolve host=ip  rispondere al DNS per host con ip invece di chiedere al sistema`,
  article: `ladle article: leggere articoli da file HTML salvati, senza connessione; una riga JSON per file

Uso: ladle article [--base-url URL] FILE...

--base-url  l'indirizzo della pagina, per risolvere link e immagini relativi (senza, si perdono)

Ogni riga: {"file","ok":true,"article":{title,byline,excerpt,siteName,lang,publishedTime,
htmlSanitized,canonicalText,imageUrls}} oppure {"file","ok":false,"code","message"}. Per salvare
un articolo nella tua biblioteca: "ladle articles save <url>".`,
  users: `ladle users: gestire le persone del database configurato e i loro token API

Uso:
  ladle users add NAME [--role admin|user] [--token-name NAME]   creare una persona e stampare il suo primo token
  ladle users list [--json]                                     elencare le persone e i loro token
  ladle users token NAME [--name TOKEN_NAME]                    rilasciare un altro token per una persona
  ladle users token NAME --revoke TOKEN_ID                      revocare un token
  ladle users password NAME                                     impostare una password per entrare nell'app web
                                                                (letta da stdin: echo "$PW" | npx ladle users password bo)
  ladle users export NAME -o FILE                               tutti i dati di una persona in un file
  ladle users erase NAME --confirm NAME                         eliminare una persona e tutto ciò che è suo

--role        admin o user (predefinito user)
--token-name  il nome del primo token (predefinito "default")
--name        il nome del nuovo token (predefinito "default")
--revoke      revocare questo token invece di rilasciarne uno
--json        list: persone e dati dei token come JSON
--output, -o  export: il file da scrivere (righe JSON compresse con gzip; non deve esistere ancora)
--confirm     erase: di nuovo il nome della persona, per conferma

I token si stampano una volta sola, su stdout, e si conservano come hash.`,
};
