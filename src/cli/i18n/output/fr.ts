// The rest of the CLI's human output in French (output/en.ts says which).
import type { OutputWords } from "./en.ts";

export const frOutput: OutputWords = {
  feedLine:
    "  {url}  toutes les {minutes} min · {imported} importées, {waiting} en attente, {failed} en échec",
  notFetchedYet: "pas encore récupéré",
  feedEntryFailed: "    en échec : {title} : {reason}",
  anEntry: "une entrée",
  moreCursor: "suite : --cursor {cursor}",
  archiveShrunk: "  ({shrunk} images réduites, {leftOut} laissées de côté)",
  highlightNote: "  note : {note}",
  appliedChanges:
    "{n, plural, one {# changement appliqué} other {# changements appliqués}} ; version {version}",
  feedRemoved: "vous ne suivez plus le flux {id} ; ses articles restent",
  libraryDefault: "  (par défaut)",
  memberAdded: "{name} ajouté comme {role}",
  roleAdminOrUser: "--role doit être admin ou user",
  userLine:
    "{name}\t{role}{disabled}\t{id}\t{tokens, plural, one {# jeton} other {# jetons}}\tcréé le {createdAt}",
  userDisabled: " (désactivé)",
  tokenLine: "  jeton {id}\t{name}\tcréé le {createdAt}\tdernier usage {lastUsed}",
  never: "jamais",
  userCreated: "{role} {name} créé ({id}) ; jeton (affiché une seule fois) :",
  tokenRevoked: "jeton {id} révoqué",
  noSuchToken: "pas de jeton {id} pour {name}",
  tokenIssued: "jeton {id} pour {name} (affiché une seule fois) :",
  newPassword: "Nouveau mot de passe pour {name} (puis Entrée) : ",
  passwordSet: "mot de passe de {name} défini ; ses autres connexions web sont terminées",
  exportNeedsFile: "ladle users export : indiquez le fichier à écrire avec -o FILE",
  fileExists: "{file} existe déjà : choisissez un autre nom.",
  noSuchUser: "pas de personne « {name} » ; `ladle users list` les montre toutes",
  exportedPerson: "{rows} éléments de {name} exportés vers {file}",
  eraseNeedsConfirm:
    "cela supprime {name} et tout ce qui est à elle ; pour continuer, ajoutez --confirm {name}",
  onlyAdmin: "{name} est la seule personne admin : faites d'abord d'une autre personne un admin",
  erasedPerson: "{name} et {n} de ses éléments supprimés",
  alreadyOwned:
    "Ladle a déjà un propriétaire : connectez-vous, ou affichez un lien de mot de passe avec `ladle users reset NAME`.",
  setupCode: "Code de mise en route pour le premier démarrage (valable une fois, jusqu'au {until}) :",
  invitation: "Invitation (valable une fois, jusqu'au {until}) :",
  passwordLink: "Lien de mot de passe pour {name} (valable une fois, jusqu'au {until}) :",
  personDisabled: "{name} est désactivé ; ses connexions et ses jetons sont terminés.",
  personEnabled: "{name} peut de nouveau se connecter.",
  sayWhoReceives: "dites qui reçoit ses éléments : --to NAME",
  personRemoved: "{name} est retiré ; {to} a maintenant ses recettes et ses bibliothèques.",
  serveRole: "--role doit être api, worker ou all",
  resolveExpects: "--resolve attend host=ip, reçu « {got} »",
  baseUrlNotAbsolute: "--base-url n'est pas une adresse complète : {url}",
};
