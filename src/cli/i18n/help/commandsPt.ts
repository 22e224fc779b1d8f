// `ladle <command> --help` in Portuguese for the commands whose English lives beside them
// (main.ts, collectionsHelp.ts): users, import-file, export, extract, check-url, article.
import type { OwnHelpKey } from "./ownHelpKeys.ts";

export const ptOwn: Record<OwnHelpKey, string> = {
  "import-file": `ladle import-file: trazer uma coleção inteira de outra aplicação

Utilização: ladle import-file PATH... [--commit-clean] [--json] [--user NAME] [--quiet]
            ladle import-file --mealie URL [--mealie-token TOKEN] [--commit-clean] [--json]
            ladle import-file ... --server URL --token TOKEN

Cada PATH (um ficheiro, ou uma pasta como uma do Nextcloud Cookbook ou do Cooklang) é um trabalho
em lote; o formato é reconhecido pelo conteúdo: Paprika .paprikarecipes, zips exportados do Mealie
ou do Tandoor, Nextcloud Cookbook, Cooklang .cook, JSON-LD do schema.org (ficheiro, lista ou zip),
o HTML de marcadores de um navegador, um CSV do Pocket, JSON do Omnivore ou do Karakeep, uma página
de receita guardada (cada receita que contém) ou uma lista de endereços web (um por linha).

--mealie URL importa cada receita de um servidor Mealie em funcionamento através da sua API, com
um token de API da sua conta (--mealie-token, ou a variável de ambiente MEALIE_TOKEN); um servidor
num endereço privado tem de ser permitido por quem gere o Ladle (LADLE_ALLOW_PRIVATE_HOSTS).

Opções:
  --commit-clean  guardar logo as receitas sem erros; deixar as outras para rever
                  (por omissão: deixar cada receita para rever)
  --json          mostrar o relatório de cada entrada como JSON no stdout
  --user NAME     agir como esta pessoa (por omissão: o admin local)
  --quiet         sem progresso no stderr
  --mealie URL    um servidor Mealie em funcionamento de onde importar
  --mealie-token TOKEN  o seu token de API (por omissão: $MEALIE_TOKEN)
  --server URL    trabalhar com este Ladle em funcionamento através da sua API HTTP (por omissão:
                  LADLE_SERVER, ou "server" em ~/.config/ladle/cli.json; nenhum: a base de dados
                  deste computador)
  --token TOKEN   o seu token de API nesse Ladle (por omissão: LADLE_TOKEN)

Cada entrada acaba importada, duplicada (de uma receita ou de um marcador que já existe), por rever
ou falhada com o motivo. Sai com 0 quando todos os ficheiros foram lidos (algumas entradas podem
falhar na mesma), 1 quando um ficheiro não pôde ser lido de todo, 2 numa chamada errada, 4 quando
não foi possível contactar o servidor ou ele recusou o token.`,
  export: `ladle export: escrever a sua coleção num ficheiro que outra aplicação lê

Utilização: ladle export --format jsonld|paprika|cooklang|html|netscape|json [--type recipe|article|bookmark] -o FILE [--user NAME]
            ladle export ... --server URL --token TOKEN

Opções:
  --format F   jsonld (zip de JSON Recipe do schema.org com fotografias), paprika (.paprikarecipes),
               cooklang (zip de ficheiros .cook), html (um livro de receitas para imprimir, na sua
               língua), netscape (HTML de marcadores que qualquer navegador importa), json
  --type T     recipe (por omissão com jsonld, paprika, cooklang, html), bookmark (por omissão
               com netscape e json) ou article
  -o, --output FILE  onde o escrever
  --user NAME  agir como esta pessoa (por omissão: o admin local)
  --server URL   exportar deste Ladle em funcionamento através da sua API HTTP (por omissão:
                 LADLE_SERVER, ou "server" em ~/.config/ladle/cli.json)
  --token TOKEN  o seu token de API nesse Ladle (por omissão: LADLE_TOKEN)`,
  extract: `ladle extract: ler receitas de ficheiros HTML guardados, sem ligação; uma linha JSON por ficheiro

Utilização: ladle extract [--base-url URL] FILE...

--base-url  o endereço da página, para resolver ligações e imagens relativas`,
  "check-url": `ladle check-url: a transferência iria a estes URL? Nada é transferido.

Utilização: ladle check-url [--resolve host=ip]... URL...

Mostra uma linha JSON por URL e sai com 1 quando algum URL é recusado.
--resolve host=ip  responder ao DNS de host com ip em vez de perguntar ao sistema`,
  article: `ladle article: ler artigos de ficheiros HTML guardados, sem ligação; uma linha JSON por ficheiro

Utilização: ladle article [--base-url URL] FILE...

--base-url  o endereço da página, para resolver ligações e imagens relativas (sem ele perdem-se)

Cada linha: {"file","ok":true,"article":{title,byline,excerpt,siteName,lang,publishedTime,
htmlSanitized,canonicalText,imageUrls}} ou {"file","ok":false,"code","message"}. Para guardar um
artigo na sua biblioteca: "ladle articles save <url>".`,
  users: `ladle users: gerir as pessoas da base de dados configurada e os seus tokens de API

Utilização:
  ladle users add NAME [--role admin|user] [--token-name NAME]   criar uma pessoa e mostrar o seu primeiro token
  ladle users list [--json]                                     listar as pessoas e os seus tokens
  ladle users token NAME [--name TOKEN_NAME]                    emitir outro token para uma pessoa
  ladle users token NAME --revoke TOKEN_ID                      revogar um token
  ladle users password NAME                                     definir uma palavra-passe para entrar na aplicação web
                                                                (lida do stdin: echo "$PW" | npx ladle users password bo)
  ladle users export NAME -o FILE                               todos os dados de uma pessoa num ficheiro
  ladle users erase NAME --confirm NAME                         apagar uma pessoa e tudo o que é seu

--role        admin ou user (por omissão user)
--token-name  o nome do primeiro token (por omissão "default")
--name        o nome do novo token (por omissão "default")
--revoke      revogar este token em vez de emitir um
--json        list: pessoas e dados dos tokens como JSON
--output, -o  export: o ficheiro a escrever (linhas JSON comprimidas com gzip; ainda não pode existir)
--confirm     erase: outra vez o nome da pessoa, para confirmar

Os tokens são mostrados uma só vez, no stdout, e guardados como hash.`,
};
