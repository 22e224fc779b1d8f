// `ladle <command> --help` in Spanish for the commands whose English lives beside them
// (main.ts, collectionsHelp.ts): users, import-file, export, extract, check-url, article.
import type { OwnHelpKey } from "./ownHelpKeys.ts";

export const esOwn: Record<OwnHelpKey, string> = {
  "import-file": `ladle import-file: traer una colección entera desde otra aplicación

Uso: ladle import-file PATH... [--commit-clean] [--json] [--user NAME] [--quiet]
     ladle import-file --mealie URL [--mealie-token TOKEN] [--commit-clean] [--json]
     ladle import-file ... --server URL --token TOKEN

Cada PATH (un archivo, o una carpeta como una de Nextcloud Cookbook o de Cooklang) es un trabajo
por lotes; su formato se reconoce por el contenido: Paprika .paprikarecipes, zips exportados de
Mealie o Tandoor, Nextcloud Cookbook, Cooklang .cook, JSON-LD de schema.org (archivo, lista o zip),
el HTML de marcadores de un navegador, un CSV de Pocket, JSON de Omnivore o Karakeep, una página
de receta guardada (cada receta que contiene) o una lista de direcciones web (una por línea).

--mealie URL importa cada receta de un servidor Mealie en marcha a través de su API, con un token
de API de tu cuenta (--mealie-token, o la variable de entorno MEALIE_TOKEN); un servidor en una
dirección privada tiene que permitirlo quien administra Ladle (LADLE_ALLOW_PRIVATE_HOSTS).

Opciones:
  --commit-clean  guardar enseguida las recetas sin errores; dejar las demás para revisar
                  (por defecto: dejar cada receta para revisar)
  --json          mostrar el informe de cada entrada como JSON en stdout
  --user NAME     actuar como esta persona (por defecto: el admin local)
  --quiet         sin progreso en stderr
  --mealie URL    un servidor Mealie en marcha del que importar
  --mealie-token TOKEN  su token de API (por defecto: $MEALIE_TOKEN)
  --server URL    trabajar con este Ladle en marcha a través de su API HTTP (por defecto:
                  LADLE_SERVER, o "server" en ~/.config/ladle/cli.json; si no hay: la base de
                  datos de este equipo)
  --token TOKEN   tu token de API en ese Ladle (por defecto: LADLE_TOKEN)

Cada entrada acaba importada, duplicada (de una receta o un marcador que ya existe), por revisar
o fallida con el motivo. Sale con 0 cuando se leyó cada archivo (aunque alguna entrada falle), 1
cuando un archivo no se pudo leer en absoluto, 2 si la llamada es incorrecta, 4 cuando no se pudo
contactar con el servidor o rechazó el token.`,
  export: `ladle export: escribir tu colección en un archivo que lee otra aplicación

Uso: ladle export --format jsonld|paprika|cooklang|html|netscape|json [--type recipe|article|bookmark] -o FILE [--user NAME]
     ladle export ... --server URL --token TOKEN

Opciones:
  --format F   jsonld (zip de JSON Recipe de schema.org con fotos), paprika (.paprikarecipes),
               cooklang (zip de archivos .cook), html (un recetario para imprimir, en tu
               idioma), netscape (HTML de marcadores que importa cualquier navegador), json
  --type T     recipe (por defecto con jsonld, paprika, cooklang, html), bookmark (por defecto
               con netscape y json) o article
  -o, --output FILE  dónde escribirlo
  --user NAME  actuar como esta persona (por defecto: el admin local)
  --server URL   exportar desde este Ladle en marcha a través de su API HTTP (por defecto:
                 LADLE_SERVER, o "server" en ~/.config/ladle/cli.json)
  --token TOKEN  tu token de API en ese Ladle (por defecto: LADLE_TOKEN)`,
  extract: `ladle extract: leer recetas de archivos HTML guardados, sin conexión; una línea JSON por archivo

Uso: ladle extract [--base-url URL] FILE...

--base-url  la dirección de la página, para resolver enlaces e imágenes relativos`,
  "check-url": `ladle check-url: ¿iría la descarga a estas URL? No se descarga nada.

Uso: ladle check-url [--resolve host=ip]... URL...

Muestra una línea JSON por URL y sale con 1 cuando alguna URL se rechaza.
--resolve host=ip  responder al DNS de host con ip en vez de preguntar al sistema`,
  article: `ladle article: leer artículos de archivos HTML guardados, sin conexión; una línea JSON por archivo

Uso: ladle article [--base-url URL] FILE...

--base-url  la dirección de la página, para resolver enlaces e imágenes relativos (sin ella se pierden)

Cada línea: {"file","ok":true,"article":{title,byline,excerpt,siteName,lang,publishedTime,
htmlSanitized,canonicalText,imageUrls}} o {"file","ok":false,"code","message"}. Para guardar un
artículo en tu biblioteca: "ladle articles save <url>".`,
  users: `ladle users: gestionar las personas de la base de datos configurada y sus tokens de API

Uso:
  ladle users add NAME [--role admin|user] [--token-name NAME]   crear una persona y mostrar su primer token
  ladle users list [--json]                                     listar las personas y sus tokens
  ladle users token NAME [--name TOKEN_NAME]                    emitir otro token para una persona
  ladle users token NAME --revoke TOKEN_ID                      revocar un token
  ladle users password NAME                                     poner una contraseña para entrar en la aplicación web
                                                                (leída de stdin: echo "$PW" | npx ladle users password bo)
  ladle users export NAME -o FILE                               todos los datos de una persona en un archivo
  ladle users erase NAME --confirm NAME                         borrar a una persona y todo lo suyo

--role        admin o user (por defecto user)
--token-name  el nombre del primer token (por defecto "default")
--name        el nombre del token nuevo (por defecto "default")
--revoke      revocar este token en vez de emitir uno
--json        list: personas y datos de los tokens como JSON
--output, -o  export: el archivo que se escribe (líneas JSON comprimidas con gzip; no debe existir aún)
--confirm     erase: otra vez el nombre de la persona, para confirmar

Los tokens se muestran una sola vez, en stdout, y se guardan cifrados con hash.`,
};
