// The data commands' descriptions and options in Spanish (cliOpWords.ts says why and how).
import type { OpWords } from "./opWordsShape.ts";

export const esOps: OpWords = {
  fields: {
    q: "Lo que buscas, en palabras: «curry de garbanzos», «recetas con garbanzos y sin lácteos», «sopa en menos de 30 minutos», «tofu -cacahuete».",
    type: "Solo este tipo de elemento; todos los tipos si no se indica.",
    tag: "Recetas archivadas con esta etiqueta o categoría.",
    cuisine: "Recetas de esta cocina.",
    maxMinutes: "Recetas listas en este número de minutos como mucho.",
    with: "Ingredientes, separados por comas, que cada receta debe llevar.",
    without:
      "Ingredientes o grupos (dairy, meat, fish, gluten, nuts, egg), separados por comas, que ninguna receta puede llevar.",
    limit: "Resultados por página (100 como mucho).",
    cursor: "La marca de continuación de la página anterior.",
    page: "Número de página, desde 1.",
    pageSize: "Recetas por página (100 como mucho).",
    deleted: "Listar en cambio las recetas borradas que aún se pueden restaurar.",
    query: "Las palabras que buscas.",
    recipeId: "El número de la receta (de la lista, la búsqueda o al guardarla).",
    version: "El número de una versión anterior (mira «versions»).",
    changes: "Los campos de la receta que cambian, con sus nuevos valores.",
    expectedVersion: "La versión que leíste; si la receta cambió desde entonces, la edición se rechaza.",
    note: "Una nota breve que se guarda con la nueva versión.",
    url: "La dirección de la página (http o https).",
    render:
      "Mostrarla en un navegador: never, auto (por defecto: cuando la página necesita scripts) o always.",
    threadId: "Unirse al hilo de una conversación anterior (su identificador); sin él empieza un hilo nuevo.",
    wait: "Cuántos segundos esperar a que termine el trabajo (0: volver enseguida). Por defecto 45; mientras tanto se muestra el progreso.",
    text: "El texto de la receta, o un enlace a una receta.",
    taskId: "El número de tarea que dio una importación o un ordenado.",
    recipe:
      "La receta editada (la receta del borrador con tus cambios); sin ella, el borrador se guarda tal cual.",
    acknowledgeGuardrail:
      "Conservar, para uso personal, el texto reconocido como palabras propias del sitio; queda anotado con la receta.",
    duplicateAction:
      "Cuando el borrador repite una receta que ya tienes: replace (una nueva versión de ella), keepBoth o drop (descartar el borrador).",
    duplicateOf: "Con replace: el número de la receta que se actualiza (por defecto: la más parecida).",
    reason: "Por qué, en pocas palabras (se guarda con la tarea).",
    convertUnits:
      "La conversión de unidades que se ofrece: auto, metric, us o none (por defecto: la de los ajustes).",
    html: "El HTML de la página.",
    title: "El título de la página, si se conoce.",
    as: "recipe (un borrador para revisar), article o bookmark.",
    libraryId: "Una de tus bibliotecas; por defecto, la tuya.",
    excerpt: "Una nota breve o un extracto que se conserva.",
    enrichmentStatus: "Solo los que están en este estado: pending, succeeded o failed.",
    bookmarkId: "El número del marcador.",
    articleId: "El número del artículo.",
    format: "text (por defecto) o html.",
    intervalMinutes:
      "Minutos entre dos descargas; por defecto y como mínimo: los ajustes de fuentes del servidor.",
    feedId: "El número de la fuente (de la lista de fuentes o al añadirla).",
    quote: "Las palabras exactas que se subrayan.",
    start: "Dónde empiezan las palabras en el texto del artículo, cuando aparecen más de una vez.",
    words: "Palabras que buscar en los subrayados y las notas.",
    name: "El nombre de la biblioteca.",
    user: "El nombre de usuario de la persona que se añade.",
    role: "member (por defecto) o admin.",
    set: "cambiar un campo (se puede repetir); el valor es JSON o texto, p. ej. --set servings=4",
    file: "el archivo que se importa (PDF, foto, subtítulos o texto)",
    accept: "all, low (los de riesgo bajo) o números de cambios como 0,2,5",
    htmlFile: "un archivo con el HTML de la página («-»: la entrada estándar)",
  },
  ops: {
    search: {
      d: "Encontrar tus recetas, artículos y marcadores (los tuyos y los de tus bibliotecas). Las palabras se encuentran en sus formas y por su comienzo, y se perdonan las erratas; la búsqueda entiende «con garbanzos», «sin lácteos», «menos de 30 minutos», citas, OR y -palabra.",
    },
    recipe_list: {
      d: "Tus recetas guardadas, las más nuevas primero (con --deleted, las borradas que aún se pueden restaurar).",
    },
    recipe_search: {
      d: "Encontrar recetas guardadas por las palabras de su nombre (p. ej. «tortitas»); útil antes de importar, para ver si ya tienes la receta.",
    },
    recipe_get: {
      d: "Leer entera una receta guardada: nombre, descripción, ingredientes, pasos, tiempos, raciones, etiquetas y origen; con --version, una versión anterior.",
    },
    recipe_update: {
      d: "Cambiar una receta guardada: indica solo los campos que cambian (las líneas de ingredientes se interpretan, los pasos pueden ser texto sencillo). Se escribe una versión nueva; la anterior queda en el historial.",
    },
    recipe_delete: {
      d: "Borrar una receta guardada. Se puede restaurar durante un tiempo (30 días por defecto).",
    },
    recipe_restore: { d: "Recuperar una receta borrada mientras dure su plazo para restaurarla." },
    recipe_versions: {
      d: "Las versiones de una receta, la más nueva primero: cada guardado, edición, sustitución, ordenado y restauración, quién lo hizo y cuándo.",
    },
    import_url: {
      d: "Importar una receta de una página web para revisarla: Ladle descarga la página con cuidado, lee la receta y prepara un borrador. No se guarda nada hasta «commit».",
      o: { url: "La dirección de la página de la receta (http o https)." },
    },
    import_text: {
      d: "Importar una receta de un texto pegado (ingredientes y pasos tal como están escritos, o un enlace a una página, un PDF o un vídeo). Se guarda directamente en tus recetas, sin revisión.",
    },
    import_file: {
      d: "Importar una receta de un archivo: un PDF, una foto de una receta, los subtítulos de un vídeo (.vtt, .srt) o un archivo de texto. Se guarda directamente en tus recetas.",
    },
    task_status: {
      d: "Leer una tarea de importación o de ordenado: su estado, su progreso, un error y, cuando está lista para revisar, el borrador con su comprobación. Con --wait espera a que termine.",
      o: { wait: "Segundos que se espera a que la tarea deje de estar en curso (0: volver enseguida)." },
    },
    task_commit: {
      d: "Guardar como receta un borrador listo para revisar, editado si quieres. Si los pasos o la descripción son palabras propias del sitio, reescríbelos o consérvalos para uso personal con --acknowledge-guardrail.",
      o: { taskId: "La tarea cuyo borrador se guarda." },
    },
    task_reject: {
      d: "Descartar un borrador (o una propuesta de ordenado): no se guarda nada.",
      o: { taskId: "La tarea que se descarta." },
    },
    normalize_start: {
      d: "Pedir a Ladle que ordene una receta guardada o un borrador: unidades, nombres y mayúsculas coherentes, con conversión si quieres. Cada cambio propuesto tiene un riesgo bajo o alto; nada cambia hasta «apply».",
      o: { recipeId: "Una receta guardada que se ordena.", taskId: "Un borrador que se ordena." },
    },
    normalize_apply: {
      d: "Aplicar una propuesta de ordenado: todos los cambios, solo los de riesgo bajo o los indicados. Se escribe una versión nueva de la receta (o del borrador).",
      o: { taskId: "La tarea de ordenado." },
    },
    page_capture: {
      d: "Enviar el HTML de una página que ya tienes (guardada desde el navegador), con su dirección: Ladle la lee como una página que hubiera descargado, sin visitar la dirección (para sitios que rechazan servidores). Se quitan los scripts.",
      o: {
        url: "La dirección en la que se mostraba la página (http o https).",
        libraryId: "Para un artículo o un marcador: una de tus bibliotecas; por defecto, la tuya.",
      },
    },
    bookmark_add: {
      d: "Guardar un marcador de cualquier página web. Ladle completa su título, extracto e imagen de vista previa en segundo plano (lo que indiques aquí se conserva). La misma dirección dos veces devuelve el marcador que ya existe.",
      o: { title: "Un título que se conserva en lugar del de la página." },
    },
    bookmark_list: {
      d: "Tus marcadores, los más nuevos primero, con título, extracto, tipo de página y estado del completado.",
      o: {
        limit: "Marcadores por página (100 como mucho).",
        libraryId: "Solo los marcadores de esta biblioteca.",
      },
    },
    bookmark_get: {
      d: "Leer un marcador: dirección, título, extracto, vista previa, tipo de página y estado del completado.",
    },
    bookmark_update: {
      d: "Cambiar el título o el extracto de un marcador (desde entonces se quedan así; null los devuelve al completado automático) o moverlo a otra biblioteca.",
      o: {
        title: "Título nuevo; null deja que se rellene solo.",
        excerpt: "Extracto nuevo; null deja que se rellene solo.",
        libraryId: "Moverlo a esta biblioteca (null: la tuya).",
      },
    },
    bookmark_delete: { d: "Borrar un marcador para siempre." },
    article_save: {
      d: "Guardar un artículo web (no una receta) en tu biblioteca para leerlo más tarde: Ladle lo descarga y conserva una copia limpia y legible.",
      o: {
        url: "La dirección del artículo (http o https).",
        libraryId: "Una biblioteca que administras; por defecto, la tuya.",
      },
    },
    article_list: {
      d: "Los artículos de una de tus bibliotecas (por defecto la tuya), los más nuevos primero, con número, título, sitio y estado.",
      o: { libraryId: "La biblioteca; por defecto, la tuya." },
    },
    article_read: {
      d: "Leer un artículo guardado: sus datos y su contenido como texto (por defecto) o HTML limpio. No se puede mientras aún se está descargando.",
    },
    feed_add: {
      d: "Suscribir una de tus bibliotecas a una fuente RSS o Atom, con la dirección de la fuente o de una página que la nombra. Ladle la descarga enseguida y luego con regularidad; las entradas nuevas se convierten en artículos.",
      o: {
        url: "La dirección de la fuente, o de una página del sitio que nombra su fuente.",
        libraryId: "Una biblioteca que administras; por defecto, la tuya.",
      },
    },
    feed_list: {
      d: "Las fuentes que siguen tus bibliotecas, cada una con su estado en palabras claras (una fuente que falla dice por qué), su última descarga y cuántas entradas se importaron, esperan o fallaron.",
      o: { libraryId: "Solo las fuentes de esta biblioteca." },
    },
    feed_log: {
      d: "El registro de una fuente, la descarga más reciente primero: cuándo, la respuesta del sitio, las entradas vistas, nuevas e importadas, y cada fallo con su motivo.",
      o: { limit: "Cuántas descargas mostrar (20 por defecto)." },
    },
    feed_refresh: {
      d: "Descargar una fuente ahora en vez de esperar a la próxima vez; el registro da el resultado.",
    },
    feed_remove: { d: "Dejar de seguir una fuente. Los artículos que trajo se quedan en la biblioteca." },
    archive_keep: {
      d: "Conservar una copia completa de la página de un artículo o de un marcador tal como está ahora (imágenes y estilos dentro, sin scripts), legible aunque el sitio cambie o desaparezca.",
      o: { articleId: "Uno de tus artículos.", bookmarkId: "Uno de tus marcadores." },
    },
    archive_list: {
      d: "Tus copias de páginas conservadas, las más nuevas primero (las de un artículo o marcador si lo nombras), y el espacio que ocupan.",
      o: { articleId: "Solo las copias de este artículo.", bookmarkId: "Solo las copias de este marcador." },
    },
    highlight_add: {
      d: "Subrayar un pasaje de un artículo guardado, con una nota si quieres. Indica las palabras exactas; Ladle las encuentra en el texto (en el primer lugar, salvo que --start diga otro).",
      o: { note: "Por qué importa." },
    },
    highlight_list: {
      d: "Tus subrayados y notas: los de un artículo en orden de lectura, o todos, los más nuevos primero.",
      o: { articleId: "Solo los subrayados de este artículo." },
    },
    highlight_export: {
      d: "Un artículo con tus subrayados y notas, en Markdown (por defecto) o JSON.",
      o: { format: "markdown (por defecto) o json." },
    },
    library_list: {
      d: "Las bibliotecas de las que formas parte (la tuya y las compartidas), con tu papel en cada una (admin o member). Los artículos y los marcadores viven en bibliotecas.",
    },
    library_create: {
      d: "Crear una biblioteca tuya, que administras, para compartir artículos y marcadores.",
    },
    library_members: {
      d: "Los miembros de una de tus bibliotecas, con su papel.",
      o: { libraryId: "El número de la biblioteca." },
    },
    library_add_member: {
      d: "Añadir a una persona (por su nombre de usuario) a una biblioteca que administras: como member (lee) o admin (también añade).",
      o: { libraryId: "El número de la biblioteca." },
    },
  },
};
