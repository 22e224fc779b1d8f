// The CLI's catalogues: ICU messages per language (cliWords.ts). English is the source and says
// exactly what the CLI always said; each other language has every key (the type checks it).
import { COMMAND_WORDS, enCommands } from "./cliCommandWords.ts";

const en = {
  ...enCommands,
  importTask: "task {taskId} (thread {threadId})",
  phaseFetch: "fetching the page",
  phaseExtract: "reading the recipe",
  phaseValidate: "checking the recipe",
  phaseRepairJson: "fixing the language model's answer",
  phaseRepairParaphrase: "rewriting copied text",
  phaseReviewReady: "ready for review",
  warning: "  warning: {text}",
  error: "  error: {text}",
  reviewThenSave: "review it, then save it: ladle tasks commit {taskId} (or POST /api/recipes/import {body})",
  reviewThenSaveCopied:
    "review it, then save it: ladle tasks commit {taskId} --acknowledge-guardrail (its steps are the site's own words; the flag keeps them for personal use)",
  commitFailed: "ladle import: commit failed: {code}: {message}",
  keepCopied: "  to keep that text for personal use: ladle tasks commit {taskId} --acknowledge-guardrail",
  alreadyHave:
    "  you already have it: ladle tasks commit {taskId} --replace or --keep-both, or ladle tasks reject {taskId}",
  committedRecipe: "committed recipe {id}",
  wroteFile: "wrote {file} ({bytes} bytes)",
  importFileSummary:
    "{path} ({format}): {imported} imported, {duplicate} duplicate, {needsReview} need review, {failed} failed",
  statusImported: "imported",
  statusDuplicate: "duplicate",
  statusNeedsReview: "needs review",
  statusFailed: "failed",
  statusCancelled: "cancelled",
};

export type CliKey = keyof typeof en;
type Catalogue = Record<CliKey, string>;

const de: Catalogue = {
  ...COMMAND_WORDS.de,
  importTask: "Auftrag {taskId} (Verlauf {threadId})",
  phaseFetch: "Seite wird geladen",
  phaseExtract: "Rezept wird gelesen",
  phaseValidate: "Rezept wird geprüft",
  phaseRepairJson: "Antwort des Sprachmodells wird korrigiert",
  phaseRepairParaphrase: "übernommener Text wird umformuliert",
  phaseReviewReady: "bereit zur Durchsicht",
  warning: "  Warnung: {text}",
  error: "  Fehler: {text}",
  reviewThenSave:
    "Prüfen und dann speichern: ladle tasks commit {taskId} (oder POST /api/recipes/import {body})",
  reviewThenSaveCopied:
    "Prüfen und dann speichern: ladle tasks commit {taskId} --acknowledge-guardrail (die Schritte sind Worte der Website; mit dem Schalter bleiben sie für den privaten Gebrauch)",
  commitFailed: "ladle import: Speichern fehlgeschlagen: {code}: {message}",
  keepCopied:
    "  Um den Text für den privaten Gebrauch zu behalten: ladle tasks commit {taskId} --acknowledge-guardrail",
  alreadyHave:
    "  Das Rezept hast du schon: ladle tasks commit {taskId} --replace oder --keep-both, oder ladle tasks reject {taskId}",
  committedRecipe: "Rezept {id} gespeichert",
  wroteFile: "{file} geschrieben ({bytes} Bytes)",
  importFileSummary:
    "{path} ({format}): {imported} importiert, {duplicate} doppelt, {needsReview} zur Durchsicht, {failed} fehlgeschlagen",
  statusImported: "importiert",
  statusDuplicate: "doppelt",
  statusNeedsReview: "zur Durchsicht",
  statusFailed: "fehlgeschlagen",
  statusCancelled: "abgebrochen",
};

const fr: Catalogue = {
  ...COMMAND_WORDS.fr,
  importTask: "tâche {taskId} (fil {threadId})",
  phaseFetch: "chargement de la page",
  phaseExtract: "lecture de la recette",
  phaseValidate: "vérification de la recette",
  phaseRepairJson: "correction de la réponse du modèle de langue",
  phaseRepairParaphrase: "réécriture du texte copié",
  phaseReviewReady: "prête à relire",
  warning: "  avertissement : {text}",
  error: "  erreur : {text}",
  reviewThenSave:
    "relisez-la, puis enregistrez-la : ladle tasks commit {taskId} (ou POST /api/recipes/import {body})",
  reviewThenSaveCopied:
    "relisez-la, puis enregistrez-la : ladle tasks commit {taskId} --acknowledge-guardrail (ses étapes sont les mots du site ; l'option les garde pour un usage personnel)",
  commitFailed: "ladle import : échec de l'enregistrement : {code} : {message}",
  keepCopied:
    "  pour garder ce texte pour un usage personnel : ladle tasks commit {taskId} --acknowledge-guardrail",
  alreadyHave:
    "  vous l'avez déjà : ladle tasks commit {taskId} --replace ou --keep-both, ou ladle tasks reject {taskId}",
  committedRecipe: "recette {id} enregistrée",
  wroteFile: "{file} écrit ({bytes} octets)",
  importFileSummary:
    "{path} ({format}) : {imported} importées, {duplicate} en double, {needsReview} à relire, {failed} en échec",
  statusImported: "importée",
  statusDuplicate: "en double",
  statusNeedsReview: "à relire",
  statusFailed: "échec",
  statusCancelled: "annulée",
};

const es: Catalogue = {
  ...COMMAND_WORDS.es,
  importTask: "tarea {taskId} (hilo {threadId})",
  phaseFetch: "descargando la página",
  phaseExtract: "leyendo la receta",
  phaseValidate: "revisando la receta",
  phaseRepairJson: "corrigiendo la respuesta del modelo de lenguaje",
  phaseRepairParaphrase: "reescribiendo el texto copiado",
  phaseReviewReady: "lista para revisar",
  warning: "  aviso: {text}",
  error: "  error: {text}",
  reviewThenSave: "revísala y guárdala: ladle tasks commit {taskId} (o POST /api/recipes/import {body})",
  reviewThenSaveCopied:
    "revísala y guárdala: ladle tasks commit {taskId} --acknowledge-guardrail (sus pasos son palabras del sitio; la opción los guarda para uso personal)",
  commitFailed: "ladle import: no se pudo guardar: {code}: {message}",
  keepCopied:
    "  para guardar ese texto para uso personal: ladle tasks commit {taskId} --acknowledge-guardrail",
  alreadyHave:
    "  ya la tienes: ladle tasks commit {taskId} --replace o --keep-both, o ladle tasks reject {taskId}",
  committedRecipe: "receta {id} guardada",
  wroteFile: "{file} escrito ({bytes} bytes)",
  importFileSummary:
    "{path} ({format}): {imported} importadas, {duplicate} duplicadas, {needsReview} por revisar, {failed} fallidas",
  statusImported: "importada",
  statusDuplicate: "duplicada",
  statusNeedsReview: "por revisar",
  statusFailed: "fallida",
  statusCancelled: "cancelada",
};

const it: Catalogue = {
  ...COMMAND_WORDS.it,
  importTask: "attività {taskId} (thread {threadId})",
  phaseFetch: "scarico la pagina",
  phaseExtract: "leggo la ricetta",
  phaseValidate: "controllo la ricetta",
  phaseRepairJson: "correggo la risposta del modello linguistico",
  phaseRepairParaphrase: "riscrivo il testo copiato",
  phaseReviewReady: "pronta da rivedere",
  warning: "  avviso: {text}",
  error: "  errore: {text}",
  reviewThenSave:
    "rivedila, poi salvala: ladle tasks commit {taskId} (oppure POST /api/recipes/import {body})",
  reviewThenSaveCopied:
    "rivedila, poi salvala: ladle tasks commit {taskId} --acknowledge-guardrail (i passaggi sono parole del sito; l'opzione li tiene per uso personale)",
  commitFailed: "ladle import: salvataggio non riuscito: {code}: {message}",
  keepCopied:
    "  per tenere quel testo per uso personale: ladle tasks commit {taskId} --acknowledge-guardrail",
  alreadyHave:
    "  ce l'hai già: ladle tasks commit {taskId} --replace o --keep-both, oppure ladle tasks reject {taskId}",
  committedRecipe: "ricetta {id} salvata",
  wroteFile: "scritto {file} ({bytes} byte)",
  importFileSummary:
    "{path} ({format}): {imported} importate, {duplicate} doppie, {needsReview} da rivedere, {failed} non riuscite",
  statusImported: "importata",
  statusDuplicate: "doppia",
  statusNeedsReview: "da rivedere",
  statusFailed: "non riuscita",
  statusCancelled: "annullata",
};

const nl: Catalogue = {
  ...COMMAND_WORDS.nl,
  importTask: "taak {taskId} (draad {threadId})",
  phaseFetch: "pagina ophalen",
  phaseExtract: "recept lezen",
  phaseValidate: "recept controleren",
  phaseRepairJson: "antwoord van het taalmodel herstellen",
  phaseRepairParaphrase: "overgenomen tekst herschrijven",
  phaseReviewReady: "klaar om na te kijken",
  warning: "  waarschuwing: {text}",
  error: "  fout: {text}",
  reviewThenSave:
    "kijk het na en bewaar het: ladle tasks commit {taskId} (of POST /api/recipes/import {body})",
  reviewThenSaveCopied:
    "kijk het na en bewaar het: ladle tasks commit {taskId} --acknowledge-guardrail (de stappen zijn de eigen woorden van de site; met de optie bewaar je ze voor eigen gebruik)",
  commitFailed: "ladle import: bewaren mislukt: {code}: {message}",
  keepCopied:
    "  om die tekst voor eigen gebruik te bewaren: ladle tasks commit {taskId} --acknowledge-guardrail",
  alreadyHave:
    "  je hebt het al: ladle tasks commit {taskId} --replace of --keep-both, of ladle tasks reject {taskId}",
  committedRecipe: "recept {id} bewaard",
  wroteFile: "{file} geschreven ({bytes} bytes)",
  importFileSummary:
    "{path} ({format}): {imported} geïmporteerd, {duplicate} dubbel, {needsReview} na te kijken, {failed} mislukt",
  statusImported: "geïmporteerd",
  statusDuplicate: "dubbel",
  statusNeedsReview: "na te kijken",
  statusFailed: "mislukt",
  statusCancelled: "geannuleerd",
};

const pt: Catalogue = {
  ...COMMAND_WORDS.pt,
  importTask: "tarefa {taskId} (conversa {threadId})",
  phaseFetch: "a obter a página",
  phaseExtract: "a ler a receita",
  phaseValidate: "a verificar a receita",
  phaseRepairJson: "a corrigir a resposta do modelo de linguagem",
  phaseRepairParaphrase: "a reescrever o texto copiado",
  phaseReviewReady: "pronta para rever",
  warning: "  aviso: {text}",
  error: "  erro: {text}",
  reviewThenSave: "reveja-a e guarde-a: ladle tasks commit {taskId} (ou POST /api/recipes/import {body})",
  reviewThenSaveCopied:
    "reveja-a e guarde-a: ladle tasks commit {taskId} --acknowledge-guardrail (os passos são palavras do site; a opção guarda-os para uso pessoal)",
  commitFailed: "ladle import: não foi possível guardar: {code}: {message}",
  keepCopied:
    "  para guardar esse texto para uso pessoal: ladle tasks commit {taskId} --acknowledge-guardrail",
  alreadyHave:
    "  já a tem: ladle tasks commit {taskId} --replace ou --keep-both, ou ladle tasks reject {taskId}",
  committedRecipe: "receita {id} guardada",
  wroteFile: "{file} escrito ({bytes} bytes)",
  importFileSummary:
    "{path} ({format}): {imported} importadas, {duplicate} duplicadas, {needsReview} por rever, {failed} falhadas",
  statusImported: "importada",
  statusDuplicate: "duplicada",
  statusNeedsReview: "por rever",
  statusFailed: "falhada",
  statusCancelled: "cancelada",
};

const sv: Catalogue = {
  ...COMMAND_WORDS.sv,
  importTask: "uppgift {taskId} (tråd {threadId})",
  phaseFetch: "hämtar sidan",
  phaseExtract: "läser receptet",
  phaseValidate: "kontrollerar receptet",
  phaseRepairJson: "rättar språkmodellens svar",
  phaseRepairParaphrase: "skriver om kopierad text",
  phaseReviewReady: "redo att granskas",
  warning: "  varning: {text}",
  error: "  fel: {text}",
  reviewThenSave: "granska och spara: ladle tasks commit {taskId} (eller POST /api/recipes/import {body})",
  reviewThenSaveCopied:
    "granska och spara: ladle tasks commit {taskId} --acknowledge-guardrail (stegen är sajtens egna ord; flaggan behåller dem för privat bruk)",
  commitFailed: "ladle import: kunde inte spara: {code}: {message}",
  keepCopied: "  för att behålla texten för privat bruk: ladle tasks commit {taskId} --acknowledge-guardrail",
  alreadyHave:
    "  du har det redan: ladle tasks commit {taskId} --replace eller --keep-both, eller ladle tasks reject {taskId}",
  committedRecipe: "recept {id} sparat",
  wroteFile: "skrev {file} ({bytes} byte)",
  importFileSummary:
    "{path} ({format}): {imported} importerade, {duplicate} dubbletter, {needsReview} att granska, {failed} misslyckade",
  statusImported: "importerat",
  statusDuplicate: "dubblett",
  statusNeedsReview: "att granska",
  statusFailed: "misslyckat",
  statusCancelled: "avbrutet",
};

export const CLI_CATALOGUES: Record<"en" | "de" | "fr" | "es" | "it" | "nl" | "pt" | "sv", Catalogue> = {
  en,
  de,
  fr,
  es,
  it,
  nl,
  pt,
  sv,
};
