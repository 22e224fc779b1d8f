// The data commands' descriptions and options in Swedish (cliOpWords.ts says why and how).
import type { OpWords } from "./opWordsShape.ts";

export const svOps: OpWords = {
  fields: {
    q: "Vad du letar efter, i ord: ”kikärtscurry”, ”recept med kikärtor och utan mejeri”, ”soppa under 30 minuter”, ”tofu -jordnöt”.",
    type: "Bara den här sortens poster; alla sorter om du inte anger någon.",
    tag: "Recept med den här etiketten eller kategorin.",
    cuisine: "Recept från det här köket.",
    maxMinutes: "Recept som är klara på högst så många minuter.",
    with: "Ingredienser, åtskilda med kommatecken, som varje recept måste ha.",
    without:
      "Ingredienser eller grupper (dairy, meat, fish, gluten, nuts, egg), åtskilda med kommatecken, som inget recept får ha.",
    limit: "Träffar per sida (högst 100).",
    cursor: "Fortsättningsmärket från föregående sida.",
    page: "Sidnummer, från 1.",
    pageSize: "Recept per sida (högst 100).",
    deleted: "Lista i stället raderade recept som fortfarande kan återställas.",
    query: "Orden du letar efter.",
    recipeId: "Receptets nummer (från listan, sökningen eller när det sparades).",
    version: "Numret på en tidigare version (se ”versions”).",
    changes: "Receptets fält som ändras, med sina nya värden.",
    expectedVersion: "Versionen du läste; har receptet ändrats sedan dess avvisas redigeringen.",
    note: "En kort anteckning som sparas med den nya versionen.",
    url: "Sidans adress (http eller https).",
    render: "Visa i en webbläsare: never, auto (standard: när sidan behöver skript) eller always.",
    threadId: "Gå med i tråden från ett tidigare samtal (dess id); utan den börjar en ny tråd.",
    wait: "Hur många sekunder att vänta på att arbetet blir klart (0: återvänd direkt). Standard 45; under tiden syns förloppet.",
    text: "Receptets text, eller en länk till ett recept.",
    taskId: "Uppdragsnumret som en import eller en uppsnyggning gav.",
    recipe:
      "Det redigerade receptet (utkastets recept med dina ändringar); utan det sparas utkastet som det är.",
    acknowledgeGuardrail:
      "Behåll text som känts igen som webbplatsens egna ord, för eget bruk; det noteras med receptet.",
    duplicateAction:
      "När utkastet upprepar ett recept du redan har: replace (en ny version av det), keepBoth eller drop (släng utkastet).",
    duplicateOf: "Med replace: numret på receptet som uppdateras (standard: det mest lika).",
    reason: "Varför, med några få ord (sparas med uppdraget).",
    convertUnits:
      "Vilken omräkning av enheter som erbjuds: auto, metric, us eller none (standard: från inställningarna).",
    html: "Sidans HTML.",
    title: "Sidans titel, om den är känd.",
    as: "recipe (ett utkast att granska), article eller bookmark.",
    libraryId: "Ett av dina bibliotek; standard: ditt eget.",
    excerpt: "En kort anteckning eller ett utdrag som sparas.",
    enrichmentStatus: "Bara de i det här läget: pending, succeeded eller failed.",
    bookmarkId: "Bokmärkets nummer.",
    articleId: "Artikelns nummer.",
    format: "text (standard) eller html.",
    intervalMinutes: "Minuter mellan två hämtningar; standard och minst: serverns flödesinställningar.",
    feedId: "Flödets nummer (från flödeslistan eller när det lades till).",
    quote: "De exakta orden som markeras.",
    start: "Var orden börjar i artikelns text, när de förekommer mer än en gång.",
    words: "Ord att hitta i markeringarna och anteckningarna.",
    name: "Bibliotekets namn.",
    user: "Användarnamnet på personen som läggs till.",
    role: "member (standard) eller admin.",
    set: "ändra ett fält (kan upprepas); värdet är JSON eller text, t.ex. --set servings=4",
    file: "filen som importeras (PDF, foto, undertexter eller text)",
    accept: "all, low (de med låg risk) eller nummer på ändringar som 0,2,5",
    htmlFile: "en fil med sidans HTML (”-”: standard in)",
  },
  ops: {
    search: {
      d: "Hitta dina recept, artiklar och bokmärken (dina egna och dina biblioteks). Orden hittas i sina böjningar och på sin början, och stavfel förlåts; sökningen förstår ”med kikärtor”, ”utan mejeri”, ”under 30 minuter”, citat, OR och -ord.",
    },
    recipe_list: {
      d: "Dina sparade recept, de nyaste först (med --deleted de raderade som fortfarande kan återställas).",
    },
    recipe_search: {
      d: "Hitta sparade recept på orden i namnet (t.ex. ”pannkakor”); bra före en import, för att se om du redan har receptet.",
    },
    recipe_get: {
      d: "Läs ett sparat recept i sin helhet: namn, beskrivning, ingredienser, steg, tider, portioner, etiketter och källa; med --version en tidigare version.",
    },
    recipe_update: {
      d: "Ändra ett sparat recept: ange bara fälten som ändras (ingrediensrader tolkas, stegen får vara vanlig text). En ny version skrivs; den gamla finns kvar i historiken.",
    },
    recipe_delete: { d: "Radera ett sparat recept. Det kan återställas en tid (30 dagar som standard)." },
    recipe_restore: { d: "Hämta tillbaka ett raderat recept medan tiden för att återställa det löper." },
    recipe_versions: {
      d: "Ett recepts versioner, den nyaste först: varje sparande, redigering, ersättning, uppsnyggning och återställning, vem som gjorde det och när.",
    },
    import_url: {
      d: "Hämta ett recept från en webbsida för granskning: Ladle hämtar sidan varsamt, läser receptet och gör ett utkast. Inget sparas före ”commit”.",
      o: { url: "Receptsidans adress (http eller https)." },
    },
    import_text: {
      d: "Importera ett recept från inklistrad text (ingredienser och steg som de står, eller en länk till en sida, en PDF eller en video). Det sparas direkt bland dina recept, utan granskning.",
    },
    import_file: {
      d: "Importera ett recept från en fil: en PDF, ett foto av ett recept, undertexter till en video (.vtt, .srt) eller en textfil. Det sparas direkt bland dina recept.",
    },
    task_status: {
      d: "Läs ett import- eller uppsnyggningsuppdrag: läge, förlopp, ett fel och, när det är klart att granska, utkastet med sin kontroll. Med --wait väntar det tills uppdraget är klart.",
      o: { wait: "Sekunder att vänta tills uppdraget inte längre pågår (0: återvänd direkt)." },
    },
    task_commit: {
      d: "Spara ett utkast som är klart att granska som recept, redigerat om du vill. Är stegen eller beskrivningen webbplatsens egna ord, skriv om dem eller behåll dem för eget bruk med --acknowledge-guardrail.",
      o: { taskId: "Uppdraget vars utkast sparas." },
    },
    task_reject: {
      d: "Släng ett utkast (eller ett förslag till uppsnyggning): inget sparas.",
      o: { taskId: "Uppdraget som slängs." },
    },
    normalize_start: {
      d: "Be Ladle snygga upp ett sparat recept eller ett utkast: enhetliga enheter, namn och versaler, omräknat om du vill. Varje föreslagen ändring har låg eller hög risk; inget ändras före ”apply”.",
      o: { recipeId: "Ett sparat recept att snygga upp.", taskId: "Ett utkast att snygga upp." },
    },
    normalize_apply: {
      d: "Genomför ett förslag till uppsnyggning: alla ändringar, bara de med låg risk eller de angivna. En ny version av receptet (eller utkastet) skrivs.",
      o: { taskId: "Uppsnyggningsuppdraget." },
    },
    page_capture: {
      d: "Skicka HTML för en sida du redan har (sparad från webbläsaren), med dess adress: Ladle läser den som en sida den hämtat själv, utan att besöka adressen (för webbplatser som nekar servrar). Skript tas bort.",
      o: {
        url: "Adressen där sidan visades (http eller https).",
        libraryId: "För en artikel eller ett bokmärke: ett av dina bibliotek; standard: ditt eget.",
      },
    },
    bookmark_add: {
      d: "Bokmärk vilken webbsida som helst. Titel, utdrag och förhandsbild fyller Ladle i i bakgrunden (det du anger här behålls). Samma adress två gånger ger det befintliga bokmärket.",
      o: { title: "En titel som behålls i stället för sidans egen." },
    },
    bookmark_list: {
      d: "Dina bokmärken, de nyaste först, med titel, utdrag, sorts sida och hur långt ifyllnaden kommit.",
      o: { limit: "Bokmärken per sida (högst 100).", libraryId: "Bara det här bibliotekets bokmärken." },
    },
    bookmark_get: {
      d: "Läs ett bokmärke: adress, titel, utdrag, förhandsbild, sorts sida och hur långt ifyllnaden kommit.",
    },
    bookmark_update: {
      d: "Ändra ett bokmärkes titel eller utdrag (de står sedan kvar; null lämnar tillbaka dem till ifyllnaden) eller flytta det till ett annat bibliotek.",
      o: {
        title: "Ny titel; null låter den fyllas i av sig själv.",
        excerpt: "Nytt utdrag; null låter det fyllas i av sig själv.",
        libraryId: "Flytta det till det här biblioteket (null: ditt eget).",
      },
    },
    bookmark_delete: { d: "Radera ett bokmärke för gott." },
    article_save: {
      d: "Spara en webbartikel (inte ett recept) i ditt bibliotek för att läsa senare: Ladle hämtar den och sparar en ren, läsbar kopia.",
      o: {
        url: "Artikelns adress (http eller https).",
        libraryId: "Ett bibliotek som du administrerar; standard: ditt eget.",
      },
    },
    article_list: {
      d: "Artiklarna i ett av dina bibliotek (standard ditt eget), de nyaste först, med nummer, titel, webbplats och läge.",
      o: { libraryId: "Biblioteket; standard: ditt eget." },
    },
    article_read: {
      d: "Läs en sparad artikel: dess uppgifter och innehåll som text (standard) eller rensad HTML. Det går inte medan den fortfarande hämtas.",
    },
    feed_add: {
      d: "Låt ett av dina bibliotek följa ett RSS- eller Atom-flöde, med flödets adress eller en sida som nämner det. Ladle hämtar det direkt och sedan regelbundet; nya poster blir artiklar.",
      o: {
        url: "Flödets adress, eller en sida på webbplatsen som nämner dess flöde.",
        libraryId: "Ett bibliotek som du administrerar; standard: ditt eget.",
      },
    },
    feed_list: {
      d: "Flödena som dina bibliotek följer, vart och ett med sitt läge i klartext (ett flöde som misslyckas säger varför), senaste hämtningen och hur många poster som importerats, väntar eller misslyckats.",
      o: { libraryId: "Bara det här bibliotekets flöden." },
    },
    feed_log: {
      d: "Ett flödes logg, den senaste hämtningen först: när, webbplatsens svar, sedda, nya och importerade poster, och varje misslyckande med sitt skäl.",
      o: { limit: "Hur många hämtningar som visas (standard 20)." },
    },
    feed_refresh: { d: "Hämta ett flöde nu i stället för att vänta på nästa gång; loggen visar utfallet." },
    feed_remove: { d: "Sluta följa ett flöde. Artiklarna det har hämtat finns kvar i biblioteket." },
    archive_keep: {
      d: "Spara en fullständig kopia av en artikels eller ett bokmärkes sida som den ser ut nu (bilder och stilar i den, inga skript), läsbar även om webbplatsen ändras eller försvinner.",
      o: { articleId: "En av dina artiklar.", bookmarkId: "Ett av dina bokmärken." },
    },
    archive_list: {
      d: "Dina sparade kopior av sidor, de nyaste först (en artikels eller ett bokmärkes, om du anger den), och utrymmet de tar.",
      o: {
        articleId: "Bara kopiorna av den här artikeln.",
        bookmarkId: "Bara kopiorna av det här bokmärket.",
      },
    },
    highlight_add: {
      d: "Markera ett stycke i en sparad artikel, med en anteckning om du vill. Ange de exakta orden; Ladle hittar dem i texten (på första stället, om inte --start anger ett annat).",
      o: { note: "Varför det är viktigt." },
    },
    highlight_list: {
      d: "Dina markeringar och anteckningar: en artikels i läsordning, eller alla, de nyaste först.",
      o: { articleId: "Bara den här artikelns markeringar." },
    },
    highlight_export: {
      d: "En artikel med dina markeringar och anteckningar, som Markdown (standard) eller JSON.",
      o: { format: "markdown (standard) eller json." },
    },
    library_list: {
      d: "Biblioteken du hör till (ditt eget och delade), med din roll i vart och ett (admin eller member). Artiklar och bokmärken finns i bibliotek.",
    },
    library_create: {
      d: "Skapa ett eget bibliotek, som du administrerar, för att dela artiklar och bokmärken.",
    },
    library_members: {
      d: "Medlemmarna i ett av dina bibliotek, med sina roller.",
      o: { libraryId: "Bibliotekets nummer." },
    },
    library_add_member: {
      d: "Lägg till en person (med användarnamn) i ett bibliotek som du administrerar: som member (läser) eller admin (lägger också till).",
      o: { libraryId: "Bibliotekets nummer." },
    },
  },
};
