// The CLI's help in Spanish (one file per language: the texts are long).
import type { MoreKey, Texts } from "./en.ts";

export const es: Texts = {
  program: "convertir páginas de recetas en fichas revisadas y estructuradas",
  optServer: "ejecutar los comandos en este servidor Ladle (su punto de acceso /mcp)",
  optToken: "el token de API para --server",
  optUser: "los comandos de este proceso actúan como esta persona (por defecto: el admin local)",
  target: `Dónde se ejecutan los comandos: en este proceso sobre la base de datos configurada
(ladle.config.json, LADLE_DATA_DIR, DATABASE_URL), como --user NOMBRE o el admin local; o en un
servidor Ladle con --server URL --token T (o LADLE_SERVER y LADLE_TOKEN, o {"server","token"} en
~/.config/ladle/cli.json, LADLE_CLI_CONFIG para moverlo). El progreso va a stderr: una barra en
un terminal, líneas simples si no.`,
  exit: `Códigos de salida:
  0  hecho
  1  la petición falló (rechazada, no válida, conflicto); stderr dice por qué
  2  error de uso (comando u opción desconocidos, falta un argumento)
  3  no encontrado (no existe esa receta, marcador, artículo, biblioteca o tarea; o no es tuya)
  4  no se pudo llegar al servidor, o rechazó el token`,
  runHelp: `"ladle <comando> --help" muestra las opciones de un comando.`,
  seeHelp: `consulta "{command} --help"`,
  json: "mostrar el resultado como JSON en stdout",
  quiet: "sin progreso en stderr",
  help: "mostrar la ayuda del comando",
  showHelp: "mostrar esta ayuda",
  usageTitle: "Uso:",
  optionsTitle: "Opciones:",
  commandsTitle: "Comandos:",
  argumentsTitle: "Argumentos:",
  optionsWord: "[opciones]",
  commandWord: "[comando]",
  choicesWord: "opciones:",
  defaultWord: "por defecto:",
  installTitle: "Instalar:",
  chooseShell: "elige",
  phText: "texto",
  phChoice: "opción",
  phArgs: "argumentos...",
  phName: "nombre",
  usageWord: "uso:",
  seeHelpPlain: `consulta "{command} --help"`,
  completion: "mostrar el script de autocompletado para la shell",
  groupRecipes:
    "tus recetas guardadas: listar, buscar, mostrar, editar, borrar, restaurar; importar páginas, texto y archivos",
  groupBookmarks: "marcadores de cualquier página: añadir, listar, mostrar, editar, borrar",
  groupArticles: "artículos web guardados para leer: guardar, listar, leer",
  groupFeeds:
    "fuentes RSS y Atom cuyas entradas nuevas se convierten en artículos: añadir, listar, registro, actualizar, quitar",
  groupArchives: "copias guardadas de páginas: guardar una de un artículo o marcador, listar las tuyas",
  groupHighlights: "subrayados y notas en artículos: añadir, listar, exportar",
  groupLibraries: "bibliotecas que comparten artículos y marcadores: listar, crear, miembros, añadir miembro",
  sumServe: "iniciar la API, el worker, la aplicación web y el punto de acceso MCP",
  sumImport: "importar una página de receta en este proceso, paso a paso",
  sumAdd: "guardar una página como lo que es: receta, artículo o marcador",
  sumImportFile: "traer una colección entera de otra aplicación (Paprika, Mealie, marcadores…)",
  sumExport: "escribir tus recetas, marcadores o artículos en un archivo que lee otra aplicación",
  sumExtract: "leer recetas de archivos HTML guardados, sin conexión",
  sumCheckUrl: "¿iría el descargador a estas URL?",
  sumArticle: "leer artículos de archivos HTML guardados, sin conexión",
  sumUsers: "gestionar las personas y sus tokens de API",
  sumBackup: "escribir todo lo que guarda esta instalación en un solo archivo",
  sumRestore: "devolver una copia de seguridad a una instalación vacía",
  sumTasks: "listar importaciones, guardar o descartar sus borradores, cancelar las que están en curso",
  sumScale: "una receta guardada, escalada y convertida, como la lee quien cocina",
  sumMcp: "el servidor MCP por stdio",
  addUsage: "uso: ladle add <url> [--json] [--quiet] [--user NOMBRE]",
  add: `ladle add: guardar una página como lo que es: una receta, un artículo o un marcador

Uso: ladle add <url> [--json] [--quiet] [--user NOMBRE]

--json   mostrar lo guardado como JSON en stdout
--quiet  sin líneas de progreso en stderr
--user   guardarlo para esta persona (por defecto: el admin local)

Una página con una receta (datos Recipe estructurados o una ficha de receta) se convierte en un
borrador que espera revisión; un artículo (datos Article, og:type article, un texto largo) entra en
tu biblioteca; todo lo demás se guarda como marcador. Se ejecuta en este proceso sobre la base de
datos configurada.`,
  tasks: `ladle tasks: listar importaciones, guardar o descartar sus borradores, cancelar las que están en curso

Uso:
  ladle tasks list [--status ReviewReady[,Running...]] [--page N] [--json]
  ladle tasks commit <taskId> [--acknowledge-guardrail] [--replace | --keep-both]
  ladle tasks reject <taskId> [--reason TEXTO]
  ladle tasks cancel <taskId>

list      las más recientes primero; sin --status, todas las tareas (los borradores dicen cuándo caducan)
commit    guarda el borrador como receta; --acknowledge-guardrail conserva para uso personal el texto
          que son palabras del sitio; --replace lo convierte en una nueva versión de una receta de la
          misma página
reject    descarta el borrador
cancel    detiene una importación que espera o está en curso`,
  import: `ladle import: descargar una página de receta, mostrar cada paso, imprimir el borrador como JSON

Uso: ladle import <url> [--commit [--acknowledge-guardrail]] [--quiet]

--commit                 guardar el borrador como receta enseguida
--acknowledge-guardrail  con --commit: conservar para uso personal el texto que son palabras del sitio
--quiet                  sin líneas de pasos en stderr

Se ejecuta en este proceso sobre la base de datos configurada. Contra un servidor (--server URL
--token T), usa "ladle recipes import <url>" y luego "ladle recipes commit <taskId>".
Las direcciones locales y privadas se rechazan salvo que estén en LADLE_ALLOW_PRIVATE_HOSTS.`,
  scale: `ladle scale: una receta guardada (o un archivo JSON de receta), escalada y convertida, como la lee quien cocina

Uso: ladle scale <recipeId | FILE.json> [--servings N | --factor F | --have "300 g" --ingredient I]
                 [--units original|metric|us] [--json]

--servings    cocinar para N raciones (la receta debe decir para cuántas es)
--factor      2 duplica, 0.5 reduce a la mitad
--have        escalar a lo que tienes de un ingrediente; --ingredient es su número (1 para el primero)
--units       como está escrito (por defecto), metric (g, ml, °C) o us (tazas, oz, °F)
--json        mostrar la receta escalada como JSON`,
};

export const esMore: Record<MoreKey, string> = {
  serve: `ladle serve: la API, el worker, la aplicación web y MCP en /mcp (http://127.0.0.1:3000 por defecto)

Uso: ladle serve [--role api|worker|all] [--host H] [--port P]

--role   api solo sirve HTTP, worker solo ejecuta trabajos, all (por defecto) hace ambas cosas
--host   dirección en la que escuchar (Server:Host, HOST); una dirección fuera de loopback exige personas con tokens
--port   puerto en el que escuchar (Server:Port, PORT)`,
  mcp: `ladle mcp: el servidor MCP por stdio, en nombre de una persona

Uso: ladle mcp [--user NOMBRE]

--user  actuar como esta persona (o LADLE_USER); por defecto: el admin local

Cada herramienta de "ladle mcp" también la sirve "ladle serve" por Streamable HTTP en /mcp, para la
persona del token. Las importaciones iniciadas aquí se ejecutan en este proceso si no hay un servidor.`,
  backup: `ladle backup: escribir todo lo que guarda esta instalación en un solo archivo

Uso: ladle backup -o FILE

-o, --output  el archivo que se escribe (p. ej. ladle-2026-11-29.ladle); no debe existir todavía

Cada tabla (recetas y sus versiones, borradores, artículos, imágenes, subidas, marcadores,
bibliotecas, planes, listas de la compra, webhooks, importaciones, personas), leída en una sola
instantánea mientras el servidor sigue funcionando, la versión del esquema y la configuración sin
sus secretos. Restáurala con "ladle restore FILE". Consulta docs/backups.md.`,
  restore: `ladle restore: devolver una copia de seguridad a una instalación vacía

Uso: ladle restore FILE [--force]

--force  reemplazar todo lo que guarda la instalación por la copia (detén antes el servidor)

Restaura en la base de datos configurada (DATABASE_URL, si no la carpeta de datos LADLE_DATA_DIR);
una instalación que ya tiene datos se rechaza salvo con --force. Una copia de una versión anterior
se pone al día con las migraciones actuales. Consulta docs/backups.md.`,
};
