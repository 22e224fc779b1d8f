// The data commands' descriptions and options in Italian (cliOpWords.ts says why and how).
import type { OpWords } from "./opWordsShape.ts";

export const itOps: OpWords = {
  fields: {
    q: "Che cosa cerchi, a parole: «curry di ceci», «ricette con ceci e senza latticini», «zuppa in meno di 30 minuti», «tofu -arachidi».",
    type: "Solo questo tipo di elemento; tutti i tipi se non lo indichi.",
    tag: "Ricette archiviate sotto questa etichetta o categoria.",
    cuisine: "Ricette di questa cucina.",
    maxMinutes: "Ricette pronte in al massimo questi minuti.",
    with: "Ingredienti, separati da virgole, che ogni ricetta deve contenere.",
    without:
      "Ingredienti o gruppi (dairy, meat, fish, gluten, nuts, egg), separati da virgole, che nessuna ricetta può contenere.",
    limit: "Risultati per pagina (al massimo 100).",
    cursor: "Il segno di continuazione della pagina precedente.",
    page: "Numero di pagina, da 1.",
    pageSize: "Ricette per pagina (al massimo 100).",
    deleted: "Elencare invece le ricette eliminate che si possono ancora ripristinare.",
    query: "Le parole da cercare.",
    recipeId: "Il numero della ricetta (dall'elenco, dalla ricerca o dal salvataggio).",
    version: "Il numero di una versione precedente (vedi «versions»).",
    changes: "I campi della ricetta da cambiare, con i loro nuovi valori.",
    expectedVersion:
      "La versione che hai letto; se nel frattempo la ricetta è cambiata, la modifica viene rifiutata.",
    note: "Una breve nota conservata con la nuova versione.",
    url: "L'indirizzo della pagina (http o https).",
    render:
      "Mostrarla in un browser: never, auto (predefinito: quando la pagina ha bisogno di script) o always.",
    threadId:
      "Unirsi al filo di una conversazione precedente (il suo identificativo); senza, ne comincia uno nuovo.",
    wait: "Quanti secondi aspettare che il lavoro finisca (0: tornare subito). Predefinito 45; intanto si vede l'avanzamento.",
    text: "Il testo della ricetta, o un link a una ricetta.",
    taskId: "Il numero di attività restituito da un'importazione o da un riordino.",
    recipe:
      "La ricetta modificata (la ricetta della bozza con le tue modifiche); senza, la bozza si salva così com'è.",
    acknowledgeGuardrail:
      "Tenere, per uso personale, il testo riconosciuto come parole proprie del sito; resta annotato con la ricetta.",
    duplicateAction:
      "Quando la bozza ripete una ricetta che hai già: replace (una nuova versione di quella), keepBoth o drop (scartare la bozza).",
    duplicateOf: "Con replace: il numero della ricetta da aggiornare (predefinito: la più simile).",
    reason: "Perché, in poche parole (resta con l'attività).",
    convertUnits:
      "La conversione delle unità da proporre: auto, metric, us o none (predefinito: quella delle impostazioni).",
    html: "L'HTML della pagina.",
    title: "Il titolo della pagina, se si conosce.",
    as: "recipe (una bozza da rivedere), article o bookmark.",
    libraryId: "Una delle tue biblioteche; predefinita: la tua.",
    excerpt: "Una breve nota o un estratto da tenere.",
    enrichmentStatus: "Solo quelli in questo stato: pending, succeeded o failed.",
    bookmarkId: "Il numero del segnalibro.",
    articleId: "Il numero dell'articolo.",
    format: "text (predefinito) o html.",
    intervalMinutes:
      "Minuti tra due scaricamenti; predefinito e minimo: le impostazioni dei feed del server.",
    feedId: "Il numero del feed (dall'elenco dei feed o quando lo aggiungi).",
    quote: "Le parole esatte da evidenziare.",
    start: "Dove cominciano le parole nel testo dell'articolo, quando compaiono più volte.",
    words: "Parole da trovare nelle evidenziazioni e nelle note.",
    name: "Il nome della biblioteca.",
    user: "Il nome utente della persona da aggiungere.",
    role: "member (predefinito) o admin.",
    set: "cambiare un campo (si può ripetere); il valore è JSON o testo, per es. --set servings=4",
    file: "il file da importare (PDF, foto, sottotitoli o testo)",
    accept: "all, low (quelle a basso rischio) o numeri di modifiche come 0,2,5",
    htmlFile: "un file con l'HTML della pagina («-»: l'input standard)",
  },
  ops: {
    search: {
      d: "Trovare le tue ricette, i tuoi articoli e segnalibri (tuoi e delle tue biblioteche). Le parole si trovano nelle loro forme e dall'inizio, e gli errori di battitura sono perdonati; la ricerca capisce «con ceci», «senza latticini», «meno di 30 minuti», citazioni, OR e -parola.",
    },
    recipe_list: {
      d: "Le tue ricette salvate, le più recenti prima (con --deleted, quelle eliminate che si possono ancora ripristinare).",
    },
    recipe_search: {
      d: "Trovare ricette salvate dalle parole del nome (per es. «frittelle»); utile prima di importare, per vedere se hai già la ricetta.",
    },
    recipe_get: {
      d: "Leggere per intero una ricetta salvata: nome, descrizione, ingredienti, passaggi, tempi, porzioni, etichette e provenienza; con --version, una versione precedente.",
    },
    recipe_update: {
      d: "Cambiare una ricetta salvata: indica solo i campi che cambiano (le righe degli ingredienti vengono lette, i passaggi possono essere testo semplice). Si scrive una nuova versione; la vecchia resta nella cronologia.",
    },
    recipe_delete: {
      d: "Eliminare una ricetta salvata. Si può ripristinare per un certo tempo (predefinito 30 giorni).",
    },
    recipe_restore: {
      d: "Riportare una ricetta eliminata, finché il termine per ripristinarla non è scaduto.",
    },
    recipe_versions: {
      d: "Le versioni di una ricetta, la più recente prima: ogni salvataggio, modifica, sostituzione, riordino e ripristino, chi l'ha fatto e quando.",
    },
    import_url: {
      d: "Importare una ricetta da una pagina web per rivederla: Ladle scarica la pagina con garbo, legge la ricetta e prepara una bozza. Non si salva niente prima di «commit».",
      o: { url: "L'indirizzo della pagina della ricetta (http o https)." },
    },
    import_text: {
      d: "Importare una ricetta da un testo incollato (ingredienti e passaggi come sono scritti, o un link a una pagina, un PDF o un video). Si salva subito tra le tue ricette, senza revisione.",
    },
    import_file: {
      d: "Importare una ricetta da un file: un PDF, una foto di una ricetta, i sottotitoli di un video (.vtt, .srt) o un file di testo. Si salva subito tra le tue ricette.",
    },
    task_status: {
      d: "Leggere un'attività di importazione o di riordino: stato, avanzamento, un errore e, quando è pronta da rivedere, la bozza con il suo controllo. Con --wait aspetta che finisca.",
      o: { wait: "Secondi da aspettare finché l'attività non è più in corso (0: tornare subito)." },
    },
    task_commit: {
      d: "Salvare come ricetta una bozza pronta da rivedere, modificata se vuoi. Se i passaggi o la descrizione sono parole proprie del sito, riscrivili o tienili per uso personale con --acknowledge-guardrail.",
      o: { taskId: "L'attività la cui bozza si salva." },
    },
    task_reject: {
      d: "Scartare una bozza (o una proposta di riordino): non si salva niente.",
      o: { taskId: "L'attività da scartare." },
    },
    normalize_start: {
      d: "Chiedere a Ladle di riordinare una ricetta salvata o una bozza: unità, nomi e maiuscole coerenti, con conversione se vuoi. Ogni modifica proposta ha un rischio basso o alto; non cambia niente prima di «apply».",
      o: { recipeId: "Una ricetta salvata da riordinare.", taskId: "Una bozza da riordinare." },
    },
    normalize_apply: {
      d: "Applicare una proposta di riordino: tutte le modifiche, solo quelle a basso rischio o quelle indicate. Si scrive una nuova versione della ricetta (o della bozza).",
      o: { taskId: "L'attività di riordino." },
    },
    page_capture: {
      d: "Mandare l'HTML di una pagina che hai già (salvata dal browser), con il suo indirizzo: Ladle la legge come una pagina scaricata da sé, senza visitare l'indirizzo (per i siti che rifiutano i server). Gli script vengono tolti.",
      o: {
        url: "L'indirizzo a cui era mostrata la pagina (http o https).",
        libraryId: "Per un articolo o un segnalibro: una delle tue biblioteche; predefinita: la tua.",
      },
    },
    bookmark_add: {
      d: "Aggiungere un segnalibro a qualsiasi pagina web. Ladle completa titolo, estratto e immagine di anteprima in sottofondo (quello che indichi qui resta). Lo stesso indirizzo due volte restituisce il segnalibro che c'è già.",
      o: { title: "Un titolo da tenere al posto di quello della pagina." },
    },
    bookmark_list: {
      d: "I tuoi segnalibri, i più recenti prima, con titolo, estratto, tipo di pagina e stato del completamento.",
      o: {
        limit: "Segnalibri per pagina (al massimo 100).",
        libraryId: "Solo i segnalibri di questa biblioteca.",
      },
    },
    bookmark_get: {
      d: "Leggere un segnalibro: indirizzo, titolo, estratto, anteprima, tipo di pagina e stato del completamento.",
    },
    bookmark_update: {
      d: "Cambiare il titolo o l'estratto di un segnalibro (da lì restano così; null li restituisce al completamento automatico) o spostarlo in un'altra biblioteca.",
      o: {
        title: "Nuovo titolo; null lo lascia riempire da solo.",
        excerpt: "Nuovo estratto; null lo lascia riempire da solo.",
        libraryId: "Spostarlo in questa biblioteca (null: la tua).",
      },
    },
    bookmark_delete: { d: "Eliminare un segnalibro per sempre." },
    article_save: {
      d: "Salvare un articolo web (non una ricetta) nella tua biblioteca per leggerlo più tardi: Ladle lo scarica e ne tiene una copia pulita e leggibile.",
      o: {
        url: "L'indirizzo dell'articolo (http o https).",
        libraryId: "Una biblioteca che amministri; predefinita: la tua.",
      },
    },
    article_list: {
      d: "Gli articoli di una delle tue biblioteche (predefinita la tua), i più recenti prima, con numero, titolo, sito e stato.",
      o: { libraryId: "La biblioteca; predefinita: la tua." },
    },
    article_read: {
      d: "Leggere un articolo salvato: i suoi dati e il contenuto come testo (predefinito) o HTML ripulito. Non si può mentre lo si sta ancora scaricando.",
    },
    feed_add: {
      d: "Iscrivere una delle tue biblioteche a un feed RSS o Atom, con l'indirizzo del feed o di una pagina che lo nomina. Ladle lo scarica subito e poi a intervalli; le nuove voci diventano articoli.",
      o: {
        url: "L'indirizzo del feed, o di una pagina del sito che nomina il suo feed.",
        libraryId: "Una biblioteca che amministri; predefinita: la tua.",
      },
    },
    feed_list: {
      d: "I feed seguiti dalle tue biblioteche, ognuno con il suo stato in parole chiare (un feed che non va dice perché), l'ultimo scaricamento e quante voci sono state importate, sono in attesa o non sono riuscite.",
      o: { libraryId: "Solo i feed di questa biblioteca." },
    },
    feed_log: {
      d: "Il registro di un feed, lo scaricamento più recente prima: quando, la risposta del sito, le voci viste, nuove e importate, e ogni errore con il suo motivo.",
      o: { limit: "Quanti scaricamenti mostrare (predefinito 20)." },
    },
    feed_refresh: {
      d: "Scaricare un feed adesso invece di aspettare la prossima volta; il registro ne dà l'esito.",
    },
    feed_remove: { d: "Smettere di seguire un feed. Gli articoli che ha portato restano nella biblioteca." },
    archive_keep: {
      d: "Conservare una copia completa della pagina di un articolo o di un segnalibro così com'è adesso (immagini e stili dentro, niente script), leggibile anche se il sito cambia o sparisce.",
      o: { articleId: "Uno dei tuoi articoli.", bookmarkId: "Uno dei tuoi segnalibri." },
    },
    archive_list: {
      d: "Le tue copie di pagine conservate, le più recenti prima (quelle di un articolo o segnalibro se lo nomini), e lo spazio che occupano.",
      o: {
        articleId: "Solo le copie di questo articolo.",
        bookmarkId: "Solo le copie di questo segnalibro.",
      },
    },
    highlight_add: {
      d: "Evidenziare un passo di un articolo salvato, con una nota se vuoi. Indica le parole esatte; Ladle le trova nel testo (al primo punto, a meno che --start ne indichi un altro).",
      o: { note: "Perché conta." },
    },
    highlight_list: {
      d: "Le tue evidenziazioni e note: quelle di un articolo in ordine di lettura, o tutte, le più recenti prima.",
      o: { articleId: "Solo le evidenziazioni di questo articolo." },
    },
    highlight_export: {
      d: "Un articolo con le tue evidenziazioni e note, in Markdown (predefinito) o JSON.",
      o: { format: "markdown (predefinito) o json." },
    },
    library_list: {
      d: "Le biblioteche di cui fai parte (la tua e quelle condivise), con il tuo ruolo in ognuna (admin o member). Articoli e segnalibri stanno nelle biblioteche.",
    },
    library_create: {
      d: "Creare una biblioteca tua, che amministri, per condividere articoli e segnalibri.",
    },
    library_members: {
      d: "I membri di una delle tue biblioteche, con il loro ruolo.",
      o: { libraryId: "Il numero della biblioteca." },
    },
    library_add_member: {
      d: "Aggiungere una persona (con il suo nome utente) a una biblioteca che amministri: come member (legge) o admin (aggiunge anche).",
      o: { libraryId: "Il numero della biblioteca." },
    },
  },
};
