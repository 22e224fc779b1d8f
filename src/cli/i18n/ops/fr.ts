// The data commands' descriptions and options in French (cliOpWords.ts says why and how).
import type { OpWords } from "./opWordsShape.ts";

export const frOps: OpWords = {
  fields: {
    q: "Ce que vous cherchez, en mots : « curry de pois chiches », « recettes avec pois chiches et sans lait », « soupe en moins de 30 minutes », « tofu -cacahuète ».",
    type: "Seulement ce genre d'élément ; tous les genres si vous n'en donnez pas.",
    tag: "Les recettes rangées sous ce mot-clé ou cette catégorie.",
    cuisine: "Les recettes de cette cuisine.",
    maxMinutes: "Les recettes prêtes en ce nombre de minutes au plus.",
    with: "Des ingrédients, séparés par des virgules, que chaque recette doit contenir.",
    without:
      "Des ingrédients ou des groupes (dairy, meat, fish, gluten, nuts, egg), séparés par des virgules, qu'aucune recette ne doit contenir.",
    limit: "Résultats par page (100 au plus).",
    cursor: "La marque de suite de la page précédente.",
    page: "Numéro de page, à partir de 1.",
    pageSize: "Recettes par page (100 au plus).",
    deleted: "Lister plutôt les recettes supprimées que l'on peut encore restaurer.",
    query: "Les mots cherchés.",
    recipeId: "Le numéro de la recette (donné par la liste, la recherche ou l'enregistrement).",
    version: "Le numéro d'une version antérieure (voir « versions »).",
    changes: "Les champs de la recette à changer, avec leurs nouvelles valeurs.",
    expectedVersion:
      "La version que vous avez lue ; la modification est refusée si la recette a changé depuis.",
    note: "Une courte note gardée avec la nouvelle version.",
    url: "L'adresse de la page (http ou https).",
    render:
      "Affichage dans un navigateur : never, auto (par défaut : quand la page a besoin de scripts) ou always.",
    threadId:
      "Rejoindre le fil d'une conversation précédente (son identifiant) ; sans lui, un nouveau fil commence.",
    wait: "Combien de secondes attendre la fin du travail (0 : rendre la main tout de suite). 45 par défaut ; l'avancement s'affiche entre-temps.",
    text: "Le texte de la recette, ou un lien vers une recette.",
    taskId: "Le numéro de tâche donné par une importation ou un rangement.",
    recipe:
      "La recette modifiée (la recette du brouillon avec vos changements) ; sans elle, le brouillon est enregistré tel quel.",
    acknowledgeGuardrail:
      "Garder, pour un usage personnel, le texte reconnu comme les propres mots du site ; c'est noté avec la recette.",
    duplicateAction:
      "Quand le brouillon double une recette que vous avez déjà : replace (une nouvelle version de celle-ci), keepBoth, ou drop (jeter le brouillon).",
    duplicateOf: "Avec replace : le numéro de la recette à mettre à jour (par défaut : la plus proche).",
    reason: "Pourquoi, en quelques mots (gardé avec la tâche).",
    convertUnits:
      "La conversion d'unités proposée : auto, metric, us ou none (par défaut : celle des réglages).",
    html: "Le HTML de la page.",
    title: "Le titre de la page, s'il est connu.",
    as: "recipe (un brouillon à relire), article ou bookmark.",
    libraryId: "Une de vos bibliothèques ; par défaut, la vôtre.",
    excerpt: "Une courte note ou un extrait à garder.",
    enrichmentStatus: "Seulement ceux dans cet état : pending, succeeded ou failed.",
    bookmarkId: "Le numéro du favori.",
    articleId: "Le numéro de l'article.",
    format: "text (par défaut) ou html.",
    intervalMinutes:
      "Minutes entre deux récupérations ; par défaut et au minimum : les réglages des flux du serveur.",
    feedId: "Le numéro du flux (donné par la liste des flux ou à l'ajout).",
    quote: "Les mots exacts à surligner.",
    start: "Où les mots commencent dans le texte de l'article, quand ils y sont plusieurs fois.",
    words: "Des mots à trouver dans les passages surlignés et les notes.",
    name: "Le nom de la bibliothèque.",
    user: "Le nom d'utilisateur de la personne à ajouter.",
    role: "member (par défaut) ou admin.",
    set: "changer un champ (répétable) ; la valeur est du JSON ou du texte, p. ex. --set servings=4",
    file: "le fichier à importer (PDF, photo, sous-titres ou texte)",
    accept: "all, low (ceux à faible risque) ou des numéros de changements comme 0,2,5",
    htmlFile: "un fichier avec le HTML de la page (« - » : l'entrée standard)",
  },
  ops: {
    search: {
      d: "Trouver vos recettes, articles et favoris (les vôtres et ceux de vos bibliothèques). Les mots sont trouvés sous leurs formes et par leur début, les fautes de frappe pardonnées ; la recherche comprend « avec pois chiches », « sans lait », « moins de 30 minutes », les citations, OR et -mot.",
    },
    recipe_list: {
      d: "Vos recettes enregistrées, les plus récentes d'abord (avec --deleted, les supprimées que l'on peut encore restaurer).",
    },
    recipe_search: {
      d: "Trouver des recettes enregistrées par les mots de leur nom (p. ex. « crêpes ») ; utile avant une importation, pour voir si vous avez déjà la recette.",
    },
    recipe_get: {
      d: "Lire une recette enregistrée en entier : nom, description, ingrédients, étapes, temps, portions, mots-clés et source ; avec --version, une version antérieure.",
    },
    recipe_update: {
      d: "Changer une recette enregistrée : donnez seulement les champs à changer (les lignes d'ingrédients sont lues, les étapes peuvent être du simple texte). Une nouvelle version est écrite ; l'ancienne reste dans l'historique.",
    },
    recipe_delete: {
      d: "Supprimer une recette enregistrée. On peut la restaurer pendant un temps (30 jours par défaut).",
    },
    recipe_restore: {
      d: "Faire revenir une recette supprimée, tant que le délai pour la restaurer n'est pas passé.",
    },
    recipe_versions: {
      d: "Les versions d'une recette, la plus récente d'abord : chaque enregistrement, modification, remplacement, rangement et restauration, qui l'a fait et quand.",
    },
    import_url: {
      d: "Importer une recette d'une page web pour la relire : Ladle récupère la page avec égards, lit la recette et prépare un brouillon. Rien n'est enregistré avant « commit ».",
      o: { url: "L'adresse de la page de recette (http ou https)." },
    },
    import_text: {
      d: "Importer une recette d'un texte collé (ingrédients et étapes tels qu'écrits, ou un lien vers une page, un PDF ou une vidéo). Elle est enregistrée directement dans vos recettes, sans relecture.",
    },
    import_file: {
      d: "Importer une recette d'un fichier : un PDF, une photo de recette, les sous-titres d'une vidéo (.vtt, .srt) ou un fichier texte. Elle est enregistrée directement dans vos recettes.",
    },
    task_status: {
      d: "Lire une tâche d'importation ou de rangement : son état, son avancement, une erreur et, dès qu'elle est prête à relire, le brouillon avec sa vérification. Avec --wait, attendre qu'elle soit finie.",
      o: {
        wait: "Secondes à attendre que la tâche ne soit plus en cours (0 : rendre la main tout de suite).",
      },
    },
    task_commit: {
      d: "Enregistrer comme recette un brouillon prêt à relire, modifié si vous le voulez. Si des étapes ou la description sont les propres mots du site, réécrivez-les ou gardez-les pour un usage personnel avec --acknowledge-guardrail.",
      o: { taskId: "La tâche dont le brouillon est enregistré." },
    },
    task_reject: {
      d: "Rejeter un brouillon (ou une proposition de rangement) : rien n'est enregistré.",
      o: { taskId: "La tâche à rejeter." },
    },
    normalize_start: {
      d: "Demander à Ladle de ranger une recette enregistrée ou un brouillon : unités, noms et majuscules cohérents, avec conversion si vous voulez. Chaque changement proposé a un risque faible ou élevé ; rien ne change avant « apply ».",
      o: { recipeId: "Une recette enregistrée à ranger.", taskId: "Un brouillon à ranger." },
    },
    normalize_apply: {
      d: "Appliquer une proposition de rangement : tous les changements, seulement ceux à faible risque ou ceux nommés. Une nouvelle version de la recette (ou du brouillon) est écrite.",
      o: { taskId: "La tâche de rangement." },
    },
    page_capture: {
      d: "Envoyer le HTML d'une page que vous avez déjà (enregistrée depuis le navigateur), avec son adresse : Ladle la lit comme une page qu'il aurait récupérée, sans visiter l'adresse (pour les sites qui refusent les serveurs). Les scripts sont retirés.",
      o: {
        url: "L'adresse où la page était affichée (http ou https).",
        libraryId: "Pour un article ou un favori : une de vos bibliothèques ; par défaut, la vôtre.",
      },
    },
    bookmark_add: {
      d: "Mettre n'importe quelle page web en favori. Ladle complète son titre, son extrait et son aperçu en arrière-plan (ce que vous donnez ici est gardé). La même adresse deux fois rend le favori existant.",
      o: { title: "Un titre à garder à la place de celui de la page." },
    },
    bookmark_list: {
      d: "Vos favoris, les plus récents d'abord, avec titre, extrait, genre de page et état du complément.",
      o: {
        limit: "Favoris par page (100 au plus).",
        libraryId: "Seulement les favoris de cette bibliothèque.",
      },
    },
    bookmark_get: {
      d: "Lire un favori : adresse, titre, extrait, aperçu, genre de page et état du complément.",
    },
    bookmark_update: {
      d: "Changer le titre ou l'extrait d'un favori (ils restent ensuite ainsi ; null les rend au complément automatique) ou le déplacer dans une autre bibliothèque.",
      o: {
        title: "Nouveau titre ; null le laisse remplir automatiquement.",
        excerpt: "Nouvel extrait ; null le laisse remplir automatiquement.",
        libraryId: "Le déplacer dans cette bibliothèque (null : la vôtre).",
      },
    },
    bookmark_delete: { d: "Supprimer un favori pour de bon." },
    article_save: {
      d: "Enregistrer un article web (pas une recette) dans votre bibliothèque pour le lire plus tard : Ladle le récupère et en garde une copie propre et lisible.",
      o: {
        url: "L'adresse de l'article (http ou https).",
        libraryId: "Une bibliothèque que vous administrez ; par défaut, la vôtre.",
      },
    },
    article_list: {
      d: "Les articles d'une de vos bibliothèques (par défaut la vôtre), les plus récents d'abord, avec numéro, titre, site et état.",
      o: { libraryId: "La bibliothèque ; par défaut, la vôtre." },
    },
    article_read: {
      d: "Lire un article enregistré : ses informations et son contenu en texte (par défaut) ou en HTML nettoyé. Impossible tant qu'il est encore en cours de récupération.",
    },
    feed_add: {
      d: "Abonner une de vos bibliothèques à un flux RSS ou Atom, avec l'adresse du flux ou d'une page qui le nomme. Ladle le récupère tout de suite puis régulièrement ; les nouvelles entrées deviennent des articles.",
      o: {
        url: "L'adresse du flux, ou d'une page du site qui nomme son flux.",
        libraryId: "Une bibliothèque que vous administrez ; par défaut, la vôtre.",
      },
    },
    feed_list: {
      d: "Les flux que suivent vos bibliothèques, chacun avec son état en mots simples (un flux en échec dit pourquoi), sa dernière récupération et le nombre d'entrées importées, en attente ou en échec.",
      o: { libraryId: "Seulement les flux de cette bibliothèque." },
    },
    feed_log: {
      d: "Le journal d'un flux, la récupération la plus récente d'abord : quand, la réponse du site, les entrées vues, nouvelles et importées, et chaque échec avec sa raison.",
      o: { limit: "Combien de récupérations montrer (20 par défaut)." },
    },
    feed_refresh: {
      d: "Récupérer un flux maintenant au lieu d'attendre la prochaine fois ; le journal en donne le résultat.",
    },
    feed_remove: { d: "Ne plus suivre un flux. Les articles qu'il a apportés restent dans la bibliothèque." },
    archive_keep: {
      d: "Garder une copie complète de la page d'un article ou d'un favori telle qu'elle est maintenant (images et styles dedans, sans scripts), lisible même si le site change ou disparaît.",
      o: { articleId: "Un de vos articles.", bookmarkId: "Un de vos favoris." },
    },
    archive_list: {
      d: "Vos copies de pages gardées, les plus récentes d'abord (celles d'un article ou d'un favori s'il est nommé), et la place qu'elles prennent.",
      o: {
        articleId: "Seulement les copies de cet article.",
        bookmarkId: "Seulement les copies de ce favori.",
      },
    },
    highlight_add: {
      d: "Surligner un passage d'un article enregistré, avec une note si vous voulez. Donnez les mots exacts ; Ladle les trouve dans le texte (au premier endroit, sauf si --start en indique un autre).",
      o: { note: "Pourquoi c'est important." },
    },
    highlight_list: {
      d: "Vos passages surlignés et vos notes : ceux d'un article dans l'ordre de lecture, ou tous, les plus récents d'abord.",
      o: { articleId: "Seulement les passages surlignés de cet article." },
    },
    highlight_export: {
      d: "Un article avec vos passages surlignés et vos notes, en Markdown (par défaut) ou en JSON.",
      o: { format: "markdown (par défaut) ou json." },
    },
    library_list: {
      d: "Les bibliothèques dont vous faites partie (la vôtre et celles partagées), avec votre rôle dans chacune (admin ou member). Les articles et les favoris vivent dans des bibliothèques.",
    },
    library_create: {
      d: "Créer une bibliothèque à vous, que vous administrez, pour partager des articles et des favoris.",
    },
    library_members: {
      d: "Les membres d'une de vos bibliothèques, avec leur rôle.",
      o: { libraryId: "Le numéro de la bibliothèque." },
    },
    library_add_member: {
      d: "Ajouter une personne (par son nom d'utilisateur) à une bibliothèque que vous administrez : comme member (lit) ou admin (ajoute aussi).",
      o: { libraryId: "Le numéro de la bibliothèque." },
    },
  },
};
