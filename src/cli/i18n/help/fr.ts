// The CLI's help in French (one file per language: the texts are long).
import type { MoreKey, Texts } from "./en.ts";

export const fr: Texts = {
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
  choicesWord: "choix :",
  defaultWord: "par défaut :",
  installTitle: "Installer :",
  chooseShell: "choisissez",
  phText: "texte",
  phChoice: "choix",
  phArgs: "arguments...",
  phName: "nom",
  usageWord: "utilisation :",
  seeHelpPlain: `voir « {command} --help »`,
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

export const frMore: Record<MoreKey, string> = {
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
};
