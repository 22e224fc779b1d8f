// The data commands' descriptions and options in Dutch (cliOpWords.ts says why and how).
import type { OpWords } from "./opWordsShape.ts";

export const nlOps: OpWords = {
  fields: {
    q: "Wat je zoekt, in woorden: „kikkererwtencurry”, „recepten met kikkererwten en zonder zuivel”, „soep binnen 30 minuten”, „tofu -pinda”.",
    type: "Alleen dit soort item; alle soorten als je niets opgeeft.",
    tag: "Recepten met dit label of in deze categorie.",
    cuisine: "Recepten uit deze keuken.",
    maxMinutes: "Recepten die in hoogstens zoveel minuten klaar zijn.",
    with: "Ingrediënten, gescheiden door komma's, die elk recept moet hebben.",
    without:
      "Ingrediënten of groepen (dairy, meat, fish, gluten, nuts, egg), gescheiden door komma's, die geen enkel recept mag hebben.",
    limit: "Resultaten per pagina (hoogstens 100).",
    cursor: "Het vervolgteken van de vorige pagina.",
    page: "Paginanummer, vanaf 1.",
    pageSize: "Recepten per pagina (hoogstens 100).",
    deleted: "In plaats daarvan verwijderde recepten tonen die nog terug te zetten zijn.",
    query: "De woorden die je zoekt.",
    recipeId: "Het nummer van het recept (uit de lijst, de zoekopdracht of bij het bewaren).",
    version: "Het nummer van een eerdere versie (zie „versions”).",
    changes: "De velden van het recept die veranderen, met hun nieuwe waarden.",
    expectedVersion:
      "De versie die je gelezen hebt; is het recept sindsdien veranderd, dan wordt de bewerking geweigerd.",
    note: "Een korte notitie die bij de nieuwe versie blijft.",
    url: "Het adres van de pagina (http of https).",
    render: "In een browser weergeven: never, auto (standaard: als de pagina scripts nodig heeft) of always.",
    threadId: "Aansluiten bij de draad van een eerder gesprek (zijn kenmerk); zonder begint een nieuwe.",
    wait: "Hoeveel seconden gewacht wordt tot het werk klaar is (0: meteen terug). Standaard 45; intussen zie je de voortgang.",
    text: "De tekst van het recept, of een link naar een recept.",
    taskId: "Het taaknummer dat een import of een opruimbeurt gaf.",
    recipe:
      "Het bewerkte recept (het recept van het concept met jouw wijzigingen); zonder wordt het concept bewaard zoals het is.",
    acknowledgeGuardrail:
      "Tekst die als de eigen woorden van de site herkend is voor eigen gebruik houden; dat wordt bij het recept genoteerd.",
    duplicateAction:
      "Als het concept een recept herhaalt dat je al hebt: replace (een nieuwe versie ervan), keepBoth of drop (het concept weggooien).",
    duplicateOf:
      "Met replace: het nummer van het recept dat bijgewerkt wordt (standaard: het meest gelijkende).",
    reason: "Waarom, in een paar woorden (blijft bij de taak).",
    convertUnits:
      "Welke omrekening van eenheden aangeboden wordt: auto, metric, us of none (standaard: uit de instellingen).",
    html: "De HTML van de pagina.",
    title: "De titel van de pagina, als die bekend is.",
    as: "recipe (een concept om na te kijken), article of bookmark.",
    libraryId: "Een van je bibliotheken; standaard: je eigen.",
    excerpt: "Een korte notitie of een uittreksel dat blijft.",
    enrichmentStatus: "Alleen die met deze stand: pending, succeeded of failed.",
    bookmarkId: "Het nummer van de bladwijzer.",
    articleId: "Het nummer van het artikel.",
    format: "text (standaard) of html.",
    intervalMinutes:
      "Minuten tussen twee ophaalbeurten; standaard en minimaal: de feedinstellingen van de server.",
    feedId: "Het nummer van de feed (uit de feedlijst of bij het toevoegen).",
    quote: "De precieze woorden die gemarkeerd worden.",
    start: "Waar de woorden in de tekst van het artikel beginnen, als ze er meer dan eens in staan.",
    words: "Woorden om te zoeken in de markeringen en notities.",
    name: "De naam van de bibliotheek.",
    user: "De gebruikersnaam van de persoon die erbij komt.",
    role: "member (standaard) of admin.",
    set: "een veld wijzigen (herhaalbaar); de waarde is JSON of tekst, bijv. --set servings=4",
    file: "het bestand om te importeren (PDF, foto, ondertitels of tekst)",
    accept: "all, low (die met een laag risico) of nummers van wijzigingen zoals 0,2,5",
    htmlFile: "een bestand met de HTML van de pagina („-”: de standaardinvoer)",
  },
  ops: {
    search: {
      d: "Je recepten, artikelen en bladwijzers vinden (je eigen en die van je bibliotheken). Woorden worden ook in andere vormen en aan hun begin gevonden, tikfouten vergeven; de zoekopdracht begrijpt „met kikkererwten”, „zonder zuivel”, „binnen 30 minuten”, citaten, OR en -woord.",
    },
    recipe_list: {
      d: "Je bewaarde recepten, de nieuwste eerst (met --deleted de verwijderde die nog terug te zetten zijn).",
    },
    recipe_search: {
      d: "Bewaarde recepten vinden op woorden in hun naam (bijv. „pannenkoeken”); handig vóór een import, om te zien of je het recept al hebt.",
    },
    recipe_get: {
      d: "Een bewaard recept helemaal lezen: naam, beschrijving, ingrediënten, stappen, tijden, porties, labels en bron; met --version een eerdere versie.",
    },
    recipe_update: {
      d: "Een bewaard recept wijzigen: geef alleen de velden die veranderen (ingrediëntregels worden gelezen, stappen mogen gewone tekst zijn). Er komt een nieuwe versie; de oude blijft in de geschiedenis.",
    },
    recipe_delete: {
      d: "Een bewaard recept verwijderen. Het is een tijdlang terug te zetten (standaard 30 dagen).",
    },
    recipe_restore: { d: "Een verwijderd recept terughalen, zolang de termijn daarvoor loopt." },
    recipe_versions: {
      d: "De versies van een recept, de nieuwste eerst: elke keer bewaren, bewerken, vervangen, opruimen en terugzetten, wie het deed en wanneer.",
    },
    import_url: {
      d: "Een recept van een webpagina ophalen om na te kijken: Ladle haalt de pagina beleefd op, leest het recept en maakt een concept. Er wordt niets bewaard vóór „commit”.",
      o: { url: "Het adres van de receptpagina (http of https)." },
    },
    import_text: {
      d: "Een recept uit geplakte tekst importeren (ingrediënten en stappen zoals ze er staan, of een link naar een pagina, een PDF of een video). Het wordt meteen bij je recepten bewaard, zonder nakijken.",
    },
    import_file: {
      d: "Een recept uit een bestand importeren: een PDF, een foto van een recept, ondertitels van een video (.vtt, .srt) of een tekstbestand. Het wordt meteen bij je recepten bewaard.",
    },
    task_status: {
      d: "Een import- of opruimtaak lezen: stand, voortgang, een fout en, zodra hij klaar is om na te kijken, het concept met zijn controle. Met --wait wordt gewacht tot hij klaar is.",
      o: { wait: "Seconden wachten tot de taak niet meer loopt (0: meteen terug)." },
    },
    task_commit: {
      d: "Een concept dat klaar is om na te kijken als recept bewaren, eventueel bewerkt. Zijn stappen of beschrijving de eigen woorden van de site, herschrijf ze dan of houd ze voor eigen gebruik met --acknowledge-guardrail.",
      o: { taskId: "De taak waarvan het concept bewaard wordt." },
    },
    task_reject: {
      d: "Een concept (of een opruimvoorstel) weggooien: er wordt niets bewaard.",
      o: { taskId: "De taak die weggegooid wordt." },
    },
    normalize_start: {
      d: "Ladle een bewaard recept of een concept laten opruimen: eenduidige eenheden, namen en hoofdletters, eventueel omgerekend. Elke voorgestelde wijziging heeft een laag of hoog risico; er verandert niets vóór „apply”.",
      o: { recipeId: "Een bewaard recept om op te ruimen.", taskId: "Een concept om op te ruimen." },
    },
    normalize_apply: {
      d: "Een opruimvoorstel toepassen: alle wijzigingen, alleen die met een laag risico of de genoemde. Er komt een nieuwe versie van het recept (of van het concept).",
      o: { taskId: "De opruimtaak." },
    },
    page_capture: {
      d: "De HTML sturen van een pagina die je al hebt (bewaard vanuit de browser), met haar adres: Ladle leest haar als een zelf opgehaalde pagina, zonder het adres te bezoeken (voor sites die servers weigeren). Scripts worden verwijderd.",
      o: {
        url: "Het adres waarop de pagina getoond werd (http of https).",
        libraryId: "Voor een artikel of bladwijzer: een van je bibliotheken; standaard: je eigen.",
      },
    },
    bookmark_add: {
      d: "Een bladwijzer maken voor een willekeurige webpagina. Titel, uittreksel en voorbeeldafbeelding vult Ladle op de achtergrond aan (wat je hier opgeeft, blijft). Hetzelfde adres twee keer geeft de bestaande bladwijzer.",
      o: { title: "Een titel die blijft in plaats van de eigen titel van de pagina." },
    },
    bookmark_list: {
      d: "Je bladwijzers, de nieuwste eerst, met titel, uittreksel, soort pagina en stand van het aanvullen.",
      o: {
        limit: "Bladwijzers per pagina (hoogstens 100).",
        libraryId: "Alleen de bladwijzers van deze bibliotheek.",
      },
    },
    bookmark_get: {
      d: "Een bladwijzer lezen: adres, titel, uittreksel, voorbeeld, soort pagina en stand van het aanvullen.",
    },
    bookmark_update: {
      d: "De titel of het uittreksel van een bladwijzer wijzigen (ze blijven daarna zo; null geeft ze terug aan het aanvullen) of hem naar een andere bibliotheek verplaatsen.",
      o: {
        title: "Nieuwe titel; null laat hem vanzelf invullen.",
        excerpt: "Nieuw uittreksel; null laat het vanzelf invullen.",
        libraryId: "Naar deze bibliotheek verplaatsen (null: je eigen).",
      },
    },
    bookmark_delete: { d: "Een bladwijzer voorgoed verwijderen." },
    article_save: {
      d: "Een webartikel (geen recept) in je bibliotheek bewaren om later te lezen: Ladle haalt het op en houdt een schone, leesbare kopie.",
      o: {
        url: "Het adres van het artikel (http of https).",
        libraryId: "Een bibliotheek die je beheert; standaard: je eigen.",
      },
    },
    article_list: {
      d: "De artikelen in een van je bibliotheken (standaard je eigen), de nieuwste eerst, met nummer, titel, site en stand.",
      o: { libraryId: "De bibliotheek; standaard: je eigen." },
    },
    article_read: {
      d: "Een bewaard artikel lezen: zijn gegevens en zijn inhoud als tekst (standaard) of opgeschoonde HTML. Dat kan niet zolang het nog opgehaald wordt.",
    },
    feed_add: {
      d: "Een van je bibliotheken een RSS- of Atom-feed laten volgen, met het adres van de feed of van een pagina die hem noemt. Ladle haalt hem meteen op en daarna regelmatig; nieuwe items worden artikelen.",
      o: {
        url: "Het adres van de feed, of van een pagina van de site die haar feed noemt.",
        libraryId: "Een bibliotheek die je beheert; standaard: je eigen.",
      },
    },
    feed_list: {
      d: "De feeds die je bibliotheken volgen, elk met zijn stand in gewone woorden (een feed die mislukt zegt waarom), de laatste ophaalbeurt en hoeveel items geïmporteerd zijn, wachten of mislukten.",
      o: { libraryId: "Alleen de feeds van deze bibliotheek." },
    },
    feed_log: {
      d: "Het logboek van een feed, de nieuwste ophaalbeurt eerst: wanneer, het antwoord van de site, geziene, nieuwe en geïmporteerde items, en elke fout met de reden.",
      o: { limit: "Hoeveel ophaalbeurten getoond worden (standaard 20)." },
    },
    feed_refresh: {
      d: "Een feed nu ophalen in plaats van op de volgende keer te wachten; het logboek geeft de uitkomst.",
    },
    feed_remove: { d: "Een feed niet meer volgen. De artikelen die hij bracht, blijven in de bibliotheek." },
    archive_keep: {
      d: "Een volledige kopie bewaren van de pagina van een artikel of bladwijzer zoals ze nu is (afbeeldingen en opmaak erin, geen scripts), leesbaar ook als de site verandert of verdwijnt.",
      o: { articleId: "Een van je artikelen.", bookmarkId: "Een van je bladwijzers." },
    },
    archive_list: {
      d: "Je bewaarde kopieën van pagina's, de nieuwste eerst (die van een artikel of bladwijzer als je het noemt), en de ruimte die ze innemen.",
      o: {
        articleId: "Alleen de kopieën van dit artikel.",
        bookmarkId: "Alleen de kopieën van deze bladwijzer.",
      },
    },
    highlight_add: {
      d: "Een passage van een bewaard artikel markeren, eventueel met een notitie. Geef de precieze woorden; Ladle vindt ze in de tekst (op de eerste plek, tenzij --start een andere noemt).",
      o: { note: "Waarom het ertoe doet." },
    },
    highlight_list: {
      d: "Je markeringen en notities: die van een artikel in leesvolgorde, of allemaal, de nieuwste eerst.",
      o: { articleId: "Alleen de markeringen van dit artikel." },
    },
    highlight_export: {
      d: "Een artikel met je markeringen en notities, als Markdown (standaard) of JSON.",
      o: { format: "markdown (standaard) of json." },
    },
    library_list: {
      d: "De bibliotheken waar je bij hoort (je eigen en gedeelde), met je rol in elk (admin of member). Artikelen en bladwijzers staan in bibliotheken.",
    },
    library_create: {
      d: "Een bibliotheek van jezelf maken, die je beheert, om artikelen en bladwijzers te delen.",
    },
    library_members: {
      d: "De leden van een van je bibliotheken, met hun rol.",
      o: { libraryId: "Het nummer van de bibliotheek." },
    },
    library_add_member: {
      d: "Iemand (met zijn gebruikersnaam) toevoegen aan een bibliotheek die je beheert: als member (leest) of admin (voegt ook toe).",
      o: { libraryId: "Het nummer van de bibliotheek." },
    },
  },
};
