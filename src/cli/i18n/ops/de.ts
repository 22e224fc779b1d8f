// The data commands' descriptions and options in German (cliOpWords.ts says why and how).
import type { OpWords } from "./opWordsShape.ts";

export const deOps: OpWords = {
  fields: {
    q: 'Wonach gesucht wird, in Worten: "Kichererbsen-Curry", "Rezepte mit Kichererbsen und ohne Milch", "Suppe unter 30 Minuten", "Tofu -Erdnuss".',
    type: "Nur diese Art von Eintrag; ohne Angabe alle Arten.",
    tag: "Rezepte mit diesem Schlagwort oder in dieser Kategorie.",
    cuisine: "Rezepte dieser Küche.",
    maxMinutes: "Rezepte, die in höchstens so vielen Minuten fertig sind.",
    with: "Zutaten, durch Kommas getrennt, die jedes Rezept haben muss.",
    without:
      "Zutaten oder Gruppen (dairy, meat, fish, gluten, nuts, egg), durch Kommas getrennt, die kein Rezept haben darf.",
    limit: "Treffer pro Seite (höchstens 100).",
    cursor: "Die Fortsetzungsmarke der vorigen Seite.",
    page: "Seitennummer, ab 1.",
    pageSize: "Rezepte pro Seite (höchstens 100).",
    deleted: "Stattdessen gelöschte Rezepte auflisten, die sich noch wiederherstellen lassen.",
    query: "Die gesuchten Worte.",
    recipeId: "Die Nummer des Rezepts (aus der Liste, der Suche oder dem Speichern).",
    version: "Die Nummer einer früheren Fassung (siehe „versions“).",
    changes: "Die Felder des Rezepts, die sich ändern, mit ihren neuen Werten.",
    expectedVersion:
      "Die Fassung, die du gelesen hast; hat sich das Rezept seitdem geändert, wird die Bearbeitung abgelehnt.",
    note: "Eine kurze Notiz, die bei der neuen Fassung bleibt.",
    url: "Die Adresse der Seite (http oder https).",
    render: "Im Browser darstellen: never, auto (Vorgabe: wenn die Seite Skripte braucht) oder always.",
    threadId:
      "Einem früheren Gesprächsfaden beitreten (seine Kennung); weglassen, um einen neuen zu beginnen.",
    wait: "Wie lange auf das Ende der Arbeit gewartet wird, in Sekunden (0: sofort zurück). Vorgabe 45; der Fortschritt kommt währenddessen.",
    text: "Der Rezepttext oder ein Link zu einem Rezept.",
    taskId: "Die Auftragsnummer, die ein Import oder ein Aufräumen genannt hat.",
    recipe:
      "Das bearbeitete Rezept (das Rezept des Entwurfs mit deinen Änderungen); weglassen, um den Entwurf so zu speichern.",
    acknowledgeGuardrail:
      "Text behalten, der als eigene Worte der Website erkannt wurde, für den privaten Gebrauch; wird beim Rezept vermerkt.",
    duplicateAction:
      "Wenn der Entwurf ein Rezept doppelt, das du schon hast: replace (eine neue Fassung davon), keepBoth oder drop (den Entwurf verwerfen).",
    duplicateOf: "Mit replace: die Nummer des Rezepts, das aktualisiert wird (Vorgabe: das ähnlichste).",
    reason: "Warum, in wenigen Worten (wird beim Auftrag vermerkt).",
    convertUnits:
      "Welche Umrechnung der Einheiten angeboten wird: auto, metric, us oder none (Vorgabe aus den Einstellungen).",
    html: "Das HTML der Seite.",
    title: "Der Titel der Seite, wenn bekannt.",
    as: "recipe (ein Entwurf zur Durchsicht), article oder bookmark.",
    libraryId: "Eine deiner Bibliotheken; Vorgabe: deine eigene.",
    excerpt: "Eine kurze Notiz oder ein Auszug, der bleibt.",
    enrichmentStatus: "Nur die mit diesem Stand: pending, succeeded oder failed.",
    bookmarkId: "Die Nummer des Lesezeichens.",
    articleId: "Die Nummer des Artikels.",
    format: "text (Vorgabe) oder html.",
    intervalMinutes:
      "Minuten zwischen zwei Abrufen; Vorgabe und Minimum: die Feed-Einstellungen des Servers.",
    feedId: "Die Nummer des Feeds (aus der Feed-Liste oder beim Hinzufügen).",
    quote: "Die genauen Worte, die markiert werden.",
    start: "Wo die Worte im Text des Artikels beginnen, wenn sie mehrmals vorkommen.",
    words: "Worte, die in den Markierungen und Notizen gesucht werden.",
    name: "Der Name der Bibliothek.",
    user: "Der Benutzername der Person, die hinzukommt.",
    role: "member (Vorgabe) oder admin.",
    set: "ein Feld ändern (mehrfach möglich); der Wert ist JSON oder Text, z. B. --set servings=4",
    file: "die zu importierende Datei (PDF, Foto, Untertitel oder Text)",
    accept: "all, low (die mit geringem Risiko) oder Nummern von Änderungen wie 0,2,5",
    htmlFile: 'eine Datei mit dem HTML der Seite ("-": die Standardeingabe)',
  },
  ops: {
    search: {
      d: "Deine Rezepte, Artikel und Lesezeichen finden (deine eigenen und die deiner Bibliotheken). Worte werden auch gebeugt und als Wortanfang gefunden, Tippfehler verziehen; die Suche versteht „mit Kichererbsen“, „ohne Milch“, „unter 30 Minuten“, Zitate, OR und -Wort.",
    },
    recipe_list: {
      d: "Deine gespeicherten Rezepte, die neuesten zuerst (mit --deleted die gelöschten, die sich noch wiederherstellen lassen).",
    },
    recipe_search: {
      d: "Gespeicherte Rezepte nach Worten im Namen finden (z. B. „Pfannkuchen“); praktisch vor einem Import, um zu sehen, ob du das Rezept schon hast.",
    },
    recipe_get: {
      d: "Ein gespeichertes Rezept ganz lesen: Name, Beschreibung, Zutaten, Schritte, Zeiten, Portionen, Schlagworte und Quelle; mit --version eine frühere Fassung.",
    },
    recipe_update: {
      d: "Ein gespeichertes Rezept ändern: nur die Felder angeben, die sich ändern (Zutatenzeilen werden gelesen, Schritte dürfen einfacher Text sein). Es wird eine neue Fassung; die alte bleibt im Verlauf.",
    },
    recipe_delete: {
      d: "Ein gespeichertes Rezept löschen. Es lässt sich eine Zeit lang wiederherstellen (Vorgabe: 30 Tage).",
    },
    recipe_restore: {
      d: "Ein gelöschtes Rezept zurückholen, solange die Frist dafür läuft.",
    },
    recipe_versions: {
      d: "Die Fassungen eines Rezepts, die neueste zuerst: jedes Speichern, Bearbeiten, Ersetzen, Aufräumen und Wiederherstellen, wer es tat und wann.",
    },
    import_url: {
      d: "Ein Rezept von einer Webseite zur Durchsicht holen: Ladle ruft die Seite behutsam ab, liest das Rezept und legt einen Entwurf an. Gespeichert wird erst mit „commit“.",
      o: { url: "Die Adresse der Rezeptseite (http oder https)." },
    },
    import_text: {
      d: "Ein Rezept aus eingefügtem Text importieren (Zutaten und Schritte, wie sie dastehen, oder ein Link zu einer Seite, einem PDF oder einem Video). Es wird gleich bei deinen Rezepten gespeichert, ohne Durchsicht.",
    },
    import_file: {
      d: "Ein Rezept aus einer Datei importieren: ein PDF, ein Foto eines Rezepts, Untertitel eines Videos (.vtt, .srt) oder eine Textdatei. Es wird gleich bei deinen Rezepten gespeichert.",
    },
    task_status: {
      d: "Einen Import- oder Aufräum-Auftrag lesen: sein Stand, sein Fortschritt, ein Fehler und, sobald er zur Durchsicht bereit ist, der Entwurf mit seiner Prüfung. Mit --wait wird gewartet, bis er fertig ist.",
      o: { wait: "Sekunden, die gewartet wird, bis der Auftrag nicht mehr läuft (0: sofort zurück)." },
    },
    task_commit: {
      d: "Einen Entwurf, der zur Durchsicht bereitliegt, als Rezept speichern, auf Wunsch bearbeitet. Sind Schritte oder Beschreibung die eigenen Worte der Website, schreib sie um oder behalte sie mit --acknowledge-guardrail für den privaten Gebrauch.",
      o: { taskId: "Der Auftrag, dessen Entwurf gespeichert wird." },
    },
    task_reject: {
      d: "Einen Entwurf (oder einen Aufräumvorschlag) verwerfen: nichts wird gespeichert.",
      o: { taskId: "Der Auftrag, der verworfen wird." },
    },
    normalize_start: {
      d: "Ladle ein gespeichertes Rezept oder einen Entwurf aufräumen lassen: einheitliche Einheiten, Namen und Schreibweise, auf Wunsch umgerechnet. Jede vorgeschlagene Änderung trägt ein geringes oder hohes Risiko; nichts ändert sich vor „apply“.",
      o: {
        recipeId: "Ein gespeichertes Rezept, das aufgeräumt wird.",
        taskId: "Ein Entwurf, der aufgeräumt wird.",
      },
    },
    normalize_apply: {
      d: "Einen Aufräumvorschlag anwenden: alle Änderungen, nur die mit geringem Risiko oder die genannten. Es entsteht eine neue Fassung des Rezepts (oder des Entwurfs).",
      o: { taskId: "Der Aufräum-Auftrag." },
    },
    page_capture: {
      d: "Das HTML einer Seite schicken, die du schon hast (aus dem Browser gespeichert), mit ihrer Adresse: Ladle liest sie wie eine selbst abgerufene Seite, ohne die Adresse aufzurufen (für Websites, die Server abweisen). Skripte werden entfernt.",
      o: {
        url: "Die Adresse, unter der die Seite angezeigt wurde (http oder https).",
        libraryId: "Für einen Artikel oder ein Lesezeichen: eine deiner Bibliotheken; Vorgabe: deine eigene.",
      },
    },
    bookmark_add: {
      d: "Ein Lesezeichen für eine beliebige Webseite setzen. Titel, Auszug und Vorschaubild ergänzt Ladle nebenbei (was du hier angibst, bleibt). Dieselbe Adresse zweimal ergibt das vorhandene Lesezeichen.",
      o: { title: "Ein Titel, der statt des eigenen Titels der Seite bleibt." },
    },
    bookmark_list: {
      d: "Deine Lesezeichen, die neuesten zuerst, mit Titel, Auszug, Art der Seite und Stand der Ergänzung.",
      o: {
        limit: "Lesezeichen pro Seite (höchstens 100).",
        libraryId: "Nur die Lesezeichen dieser Bibliothek.",
      },
    },
    bookmark_get: {
      d: "Ein Lesezeichen lesen: Adresse, Titel, Auszug, Vorschaubild, Art der Seite und Stand der Ergänzung.",
    },
    bookmark_update: {
      d: "Titel oder Auszug eines Lesezeichens ändern (sie bleiben dann so; null gibt sie an die Ergänzung zurück) oder es in eine andere Bibliothek verschieben.",
      o: {
        title: "Neuer Titel; null lässt ihn die Ergänzung füllen.",
        excerpt: "Neuer Auszug; null lässt ihn die Ergänzung füllen.",
        libraryId: "In diese Bibliothek verschieben (null: deine eigene).",
      },
    },
    bookmark_delete: { d: "Ein Lesezeichen endgültig löschen." },
    article_save: {
      d: "Einen Web-Artikel (kein Rezept) zum späteren Lesen in deiner Bibliothek speichern: Ladle ruft ihn ab und behält eine saubere, lesbare Kopie.",
      o: {
        url: "Die Adresse des Artikels (http oder https).",
        libraryId: "Eine Bibliothek, die du verwaltest; Vorgabe: deine eigene.",
      },
    },
    article_list: {
      d: "Die Artikel einer deiner Bibliotheken (Vorgabe: deine eigene), die neuesten zuerst, mit Nummer, Titel, Website und Stand.",
      o: { libraryId: "Die Bibliothek; Vorgabe: deine eigene." },
    },
    article_read: {
      d: "Einen gespeicherten Artikel lesen: seine Angaben und seinen Inhalt als Text (Vorgabe) oder bereinigtes HTML. Solange er noch abgerufen wird, geht das nicht.",
    },
    feed_add: {
      d: "Eine deiner Bibliotheken einem RSS- oder Atom-Feed folgen lassen, mit der Adresse des Feeds oder einer Seite, die ihn nennt. Ladle ruft ihn sofort und dann regelmäßig ab; neue Einträge werden Artikel.",
      o: {
        url: "Die Adresse des Feeds oder einer Seite, die ihren Feed nennt.",
        libraryId: "Eine Bibliothek, die du verwaltest; Vorgabe: deine eigene.",
      },
    },
    feed_list: {
      d: "Die Feeds, denen deine Bibliotheken folgen, jeder mit seinem Stand in klaren Worten (ein scheiternder Feed sagt, warum), dem letzten Abruf und wie viele Einträge importiert sind, warten oder scheiterten.",
      o: { libraryId: "Nur die Feeds dieser Bibliothek." },
    },
    feed_log: {
      d: "Der Verlauf eines Feeds, der neueste Abruf zuerst: wann, die Antwort der Website, gesehene, neue und importierte Einträge und jeder Fehler mit seinem Grund.",
      o: { limit: "Wie viele Abrufe gezeigt werden (Vorgabe 20)." },
    },
    feed_refresh: {
      d: "Einen Feed jetzt abrufen, statt auf den nächsten Abruf zu warten; das Ergebnis zeigt der Verlauf.",
    },
    feed_remove: {
      d: "Einem Feed nicht mehr folgen. Die Artikel, die er gebracht hat, bleiben in der Bibliothek.",
    },
    archive_keep: {
      d: "Eine vollständige Kopie der Seite eines Artikels oder Lesezeichens aufbewahren, wie sie jetzt ist (Bilder und Gestaltung darin, keine Skripte), lesbar auch, wenn sich die Website ändert oder verschwindet.",
      o: { articleId: "Einer deiner Artikel.", bookmarkId: "Eines deiner Lesezeichen." },
    },
    archive_list: {
      d: "Deine aufbewahrten Kopien von Seiten, die neuesten zuerst (die eines Artikels oder Lesezeichens, wenn genannt), und der Platz, den sie belegen.",
      o: { articleId: "Nur die Kopien dieses Artikels.", bookmarkId: "Nur die Kopien dieses Lesezeichens." },
    },
    highlight_add: {
      d: "Eine Stelle eines gespeicherten Artikels markieren, auf Wunsch mit einer Notiz. Gib die genauen Worte an; Ladle findet sie im Text (die erste Stelle, außer --start sagt eine andere).",
      o: { note: "Warum sie wichtig ist." },
    },
    highlight_list: {
      d: "Deine Markierungen und Notizen: die eines Artikels in Lesereihenfolge oder alle, die neuesten zuerst.",
      o: { articleId: "Nur die Markierungen dieses Artikels." },
    },
    highlight_export: {
      d: "Ein Artikel mit deinen Markierungen und Notizen, als Markdown (Vorgabe) oder JSON.",
      o: { format: "markdown (Vorgabe) oder json." },
    },
    library_list: {
      d: "Die Bibliotheken, zu denen du gehörst (deine eigene und geteilte), mit deiner Rolle in jeder (admin oder member). Artikel und Lesezeichen liegen in Bibliotheken.",
    },
    library_create: {
      d: "Eine Bibliothek anlegen, die dir gehört und die du verwaltest, um Artikel und Lesezeichen zu teilen.",
    },
    library_members: {
      d: "Die Mitglieder einer deiner Bibliotheken mit ihren Rollen.",
      o: { libraryId: "Die Nummer der Bibliothek." },
    },
    library_add_member: {
      d: "Eine Person (mit ihrem Benutzernamen) in eine Bibliothek aufnehmen, die du verwaltest: als member (liest) oder admin (fügt auch hinzu).",
      o: { libraryId: "Die Nummer der Bibliothek." },
    },
  },
};
