// The rest of the CLI's human output in Dutch (output/en.ts says which).
import type { OutputWords } from "./en.ts";

export const nlOutput: OutputWords = {
  feedLine: "  {url}  elke {minutes} min · {imported} geïmporteerd, {waiting} wachtend, {failed} mislukt",
  notFetchedYet: "nog niet opgehaald",
  feedEntryFailed: "    mislukt: {title}: {reason}",
  anEntry: "een item",
  moreCursor: "meer: --cursor {cursor}",
  archiveShrunk: "  ({shrunk} afbeeldingen verkleind, {leftOut} weggelaten)",
  highlightNote: "  notitie: {note}",
  appliedChanges:
    "{n, plural, one {# wijziging toegepast} other {# wijzigingen toegepast}}; versie {version}",
  feedRemoved: "feed {id} wordt niet meer gevolgd; zijn artikelen blijven",
  libraryDefault: "  (standaard)",
  memberAdded: "{name} toegevoegd als {role}",
  roleAdminOrUser: "--role moet admin of user zijn",
  userLine:
    "{name}\t{role}{disabled}\t{id}\t{tokens, plural, one {# token} other {# tokens}}\taangemaakt {createdAt}",
  userDisabled: " (uitgeschakeld)",
  tokenLine: "  token {id}\t{name}\taangemaakt {createdAt}\tlaatst gebruikt {lastUsed}",
  never: "nooit",
  userCreated: "{role} {name} aangemaakt ({id}); token (wordt één keer getoond):",
  tokenRevoked: "token {id} ingetrokken",
  noSuchToken: "geen token {id} voor {name}",
  tokenIssued: "token {id} voor {name} (wordt één keer getoond):",
  newPassword: "Nieuw wachtwoord voor {name} (dan Enter): ",
  passwordSet: "wachtwoord van {name} ingesteld; de andere aanmeldingen in de web-app zijn beëindigd",
  exportNeedsFile: "ladle users export: geef met -o FILE het bestand om te schrijven",
  fileExists: "{file} bestaat al: kies een andere naam.",
  noSuchUser: "geen persoon „{name}”; `ladle users list` toont ze allemaal",
  exportedPerson: "{rows} gegevens van {name} geëxporteerd naar {file}",
  eraseNeedsConfirm:
    "dit verwijdert {name} en alles van die persoon; voeg --confirm {name} toe om door te gaan",
  onlyAdmin: "{name} is de enige beheerder: maak eerst iemand anders beheerder",
  erasedPerson: "{name} en {n} gegevens van die persoon verwijderd",
  alreadyOwned:
    "Ladle heeft al een eigenaar: meld je aan, of toon een wachtwoordlink met `ladle users reset NAME`.",
  setupCode: "Instelcode voor de eerste start (werkt één keer, tot {until}):",
  invitation: "Uitnodiging (werkt één keer, tot {until}):",
  passwordLink: "Wachtwoordlink voor {name} (werkt één keer, tot {until}):",
  personDisabled: "{name} is uitgeschakeld; aanmeldingen en tokens zijn beëindigd.",
  personEnabled: "{name} kan zich weer aanmelden.",
  sayWhoReceives: "zeg wie de gegevens krijgt: --to NAME",
  personRemoved: "{name} is verwijderd; {to} heeft nu de recepten en bibliotheken.",
  serveRole: "--role moet api, worker of all zijn",
  resolveExpects: "--resolve verwacht host=ip, kreeg „{got}”",
  baseUrlNotAbsolute: "--base-url is geen volledig adres: {url}",
};
