// `ladle <command> --help` in French for the commands whose English lives beside them
// (main.ts, collectionsHelp.ts): users, import-file, export, extract, check-url, article.
import type { OwnHelpKey } from "./ownHelpKeys.ts";

export const frOwn: Record<OwnHelpKey, string> = {
  "import-file": `ladle import-file : reprendre toute une collection d'une autre application

Utilisation : ladle import-file PATH... [--commit-clean] [--json] [--user NAME] [--quiet]
              ladle import-file --mealie URL [--mealie-token TOKEN] [--commit-clean] [--json]
              ladle import-file ... --server URL --token TOKEN

Chaque PATH (un fichier, ou un dossier comme un dossier Nextcloud Cookbook ou Cooklang) est une
tâche groupée ; son format est reconnu à son contenu : Paprika .paprikarecipes, zips d'export
Mealie ou Tandoor, Nextcloud Cookbook, Cooklang .cook, JSON-LD schema.org (fichier, tableau ou
zip), le HTML des favoris d'un navigateur, un CSV Pocket, du JSON Omnivore ou Karakeep, une page
de recette enregistrée (chaque recette qu'elle contient) ou une liste d'adresses web (une par ligne).

--mealie URL importe chaque recette d'un serveur Mealie en marche par son API, avec un jeton d'API
de votre compte (--mealie-token, ou la variable d'environnement MEALIE_TOKEN) ; un serveur à une
adresse privée doit être autorisé par l'opérateur (LADLE_ALLOW_PRIVATE_HOSTS).

Options :
  --commit-clean  enregistrer tout de suite les recettes sans erreur ; garder les autres à relire
                  (par défaut : garder chaque recette à relire)
  --json          afficher le rapport par entrée en JSON sur stdout
  --user NAME     agir en tant que cette personne (par défaut : l'admin local)
  --quiet         pas de progression sur stderr
  --mealie URL    un serveur Mealie en marche d'où importer
  --mealie-token TOKEN  son jeton d'API (par défaut : $MEALIE_TOKEN)
  --server URL    travailler sur ce Ladle en marche par son API HTTP (par défaut : LADLE_SERVER, ou
                  "server" dans ~/.config/ladle/cli.json ; aucun : la base de données de cette machine)
  --token TOKEN   votre jeton d'API sur ce Ladle (par défaut : LADLE_TOKEN)

Chaque entrée finit importée, en double (d'une recette ou d'un favori existant), à relire, ou en
échec avec sa raison. Sortie 0 quand chaque fichier a été lu (des entrées peuvent tout de même
échouer), 1 quand un fichier n'a pas pu être lu du tout, 2 pour une erreur d'utilisation, 4 quand
le serveur n'a pas répondu ou a refusé le jeton.`,
  export: `ladle export : écrire votre collection dans un fichier qu'une autre application lit

Utilisation : ladle export --format jsonld|paprika|cooklang|html|netscape|json [--type recipe|article|bookmark] -o FILE [--user NAME]
              ladle export ... --server URL --token TOKEN

Options :
  --format F   jsonld (zip de JSON Recipe schema.org avec les images), paprika (.paprikarecipes),
               cooklang (zip de fichiers .cook), html (un livre de cuisine à imprimer, dans votre
               langue), netscape (HTML de favoris que tout navigateur importe), json
  --type T     recipe (par défaut pour jsonld, paprika, cooklang, html), bookmark (par défaut pour
               netscape et json) ou article
  -o, --output FILE  où l'écrire
  --user NAME  agir en tant que cette personne (par défaut : l'admin local)
  --server URL   exporter depuis ce Ladle en marche par son API HTTP (par défaut : LADLE_SERVER, ou
                 "server" dans ~/.config/ladle/cli.json)
  --token TOKEN  votre jeton d'API sur ce Ladle (par défaut : LADLE_TOKEN)`,
  extract: `ladle extract : lire des recettes dans des fichiers HTML enregistrés, hors ligne ; une ligne JSON par fichier

Utilisation : ladle extract [--base-url URL] FILE...

--base-url  l'adresse de la page, pour résoudre les liens et images relatifs`,
  "check-url": `ladle check-url : le récupérateur irait-il à ces URL ? Rien n'est récupéré.

Utilisation : ladle check-url [--resolve host=ip]... URL...

Affiche une ligne JSON par URL et sort avec 1 quand une URL est refusée.
--resolve host=ip  répondre au DNS pour host avec ip au lieu de demander au résolveur du système`,
  article: `ladle article : lire des articles dans des fichiers HTML enregistrés, hors ligne ; une ligne JSON par fichier

Utilisation : ladle article [--base-url URL] FILE...

--base-url  l'adresse de la page, pour résoudre les liens et images relatifs (sans elle, ils sont omis)

Chaque ligne : {"file","ok":true,"article":{title,byline,excerpt,siteName,lang,publishedTime,
htmlSanitized,canonicalText,imageUrls}} ou {"file","ok":false,"code","message"}. Pour enregistrer un
article dans votre bibliothèque : "ladle articles save <url>".`,
  users: `ladle users : gérer les personnes de la base de données configurée et leurs jetons d'API

Utilisation :
  ladle users add NAME [--role admin|user] [--token-name NAME]   créer une personne et afficher son premier jeton
  ladle users list [--json]                                     lister les personnes et leurs jetons
  ladle users token NAME [--name TOKEN_NAME]                    émettre un autre jeton pour une personne
  ladle users token NAME --revoke TOKEN_ID                      révoquer un jeton
  ladle users password NAME                                     définir un mot de passe pour se connecter à l'application web
                                                                (lu sur stdin : echo "$PW" | npx ladle users password bo)
  ladle users export NAME -o FILE                               toutes les données d'une personne dans un fichier
  ladle users erase NAME --confirm NAME                         supprimer une personne et tout ce qui est à elle

--role        admin ou user (par défaut user)
--token-name  le nom du premier jeton (par défaut "default")
--name        le nom du nouveau jeton (par défaut "default")
--revoke      révoquer ce jeton au lieu d'en émettre un
--json        list : les personnes et les informations des jetons en JSON
--output, -o  export : le fichier à écrire (lignes JSON compressées en gzip ; il ne doit pas encore exister)
--confirm     erase : le nom de la personne encore une fois, pour confirmer

Les jetons sont affichés une fois, sur stdout, et conservés hachés.`,
};
