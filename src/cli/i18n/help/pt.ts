// The CLI's help in Portuguese (one file per language: the texts are long).
import type { MoreKey, Texts } from "./en.ts";

export const pt: Texts = {
  program: "transformar páginas de receitas em fichas revistas e estruturadas",
  optServer: "executar os comandos neste servidor Ladle (o seu ponto de acesso /mcp)",
  optToken: "o token de API para --server",
  optUser: "os comandos neste processo agem como esta pessoa (por omissão: o admin local)",
  target: `Onde os comandos correm: neste processo, na base de dados configurada (ladle.config.json,
LADLE_DATA_DIR, DATABASE_URL), como --user NOME ou o admin local; ou num servidor Ladle com
--server URL --token T (ou LADLE_SERVER e LADLE_TOKEN, ou {"server","token"} em
~/.config/ladle/cli.json, LADLE_CLI_CONFIG para o mudar de sítio). O progresso vai para stderr:
uma barra num terminal, linhas simples nos outros casos.`,
  exit: `Códigos de saída:
  0  feito
  1  o pedido falhou (recusado, inválido, conflito); stderr diz porquê
  2  erro de utilização (comando ou opção desconhecidos, argumento em falta)
  3  não encontrado (não existe essa receita, marcador, artigo, biblioteca ou tarefa; ou não é sua)
  4  não foi possível chegar ao servidor, ou este recusou o token`,
  runHelp: `"ladle <comando> --help" mostra as opções de um comando.`,
  seeHelp: `veja "{command} --help"`,
  json: "mostrar o resultado como JSON no stdout",
  quiet: "sem progresso no stderr",
  help: "mostrar a ajuda do comando",
  showHelp: "mostrar esta ajuda",
  usageTitle: "Utilização:",
  optionsTitle: "Opções:",
  commandsTitle: "Comandos:",
  argumentsTitle: "Argumentos:",
  optionsWord: "[opções]",
  commandWord: "[comando]",
  choicesWord: "opções:",
  defaultWord: "por omissão:",
  installTitle: "Instalar:",
  chooseShell: "escolha",
  phText: "texto",
  phChoice: "opção",
  phArgs: "argumentos...",
  phName: "nome",
  usageWord: "utilização:",
  seeHelpPlain: `veja "{command} --help"`,
  completion: "mostrar o script de conclusão automática para a shell",
  groupRecipes:
    "as suas receitas guardadas: listar, pesquisar, mostrar, editar, apagar, restaurar; importar páginas, texto e ficheiros",
  groupBookmarks: "marcadores de qualquer página: adicionar, listar, mostrar, editar, apagar",
  groupArticles: "artigos da web guardados para ler: guardar, listar, ler",
  groupFeeds:
    "feeds RSS e Atom cujas entradas novas se tornam artigos: adicionar, listar, registo, atualizar, remover",
  groupArchives: "cópias guardadas de páginas: guardar uma de um artigo ou marcador, listar as suas",
  groupHighlights: "destaques e notas em artigos: adicionar, listar, exportar",
  groupLibraries: "bibliotecas que partilham artigos e marcadores: listar, criar, membros, adicionar membro",
  sumServe: "iniciar a API, o worker, a aplicação web e o ponto de acesso MCP",
  sumImport: "importar uma página de receita neste processo, passo a passo",
  sumAdd: "guardar uma página como aquilo que é: receita, artigo ou marcador",
  sumImportFile: "trazer uma coleção inteira de outra aplicação (Paprika, Mealie, marcadores…)",
  sumExport: "escrever as suas receitas, marcadores ou artigos num ficheiro que outra aplicação lê",
  sumExtract: "ler receitas de ficheiros HTML guardados, sem ligação",
  sumCheckUrl: "o descarregador iria a estes URL?",
  sumArticle: "ler artigos de ficheiros HTML guardados, sem ligação",
  sumUsers: "gerir as pessoas e os seus tokens de API",
  sumBackup: "escrever tudo o que esta instalação guarda num só ficheiro",
  sumRestore: "repor uma cópia de segurança numa instalação vazia",
  sumTasks: "listar importações, guardar ou rejeitar os seus rascunhos, cancelar as que estão a correr",
  sumScale: "uma receita guardada, escalada e convertida, como quem cozinha a lê",
  sumMcp: "o servidor MCP em stdio",
  addUsage: "utilização: ladle add <url> [--json] [--quiet] [--user NOME]",
  add: `ladle add: guardar uma página como aquilo que é: uma receita, um artigo ou um marcador

Utilização: ladle add <url> [--json] [--quiet] [--user NOME]

--json   mostrar o que foi guardado como JSON no stdout
--quiet  sem linhas de progresso no stderr
--user   guardá-lo para esta pessoa (por omissão: o admin local)

Uma página com uma receita (dados Recipe estruturados ou uma ficha de receita) torna-se um rascunho
à espera de revisão; um artigo (dados Article, og:type article, um texto longo) entra na sua
biblioteca; tudo o resto fica como marcador. Corre neste processo, na base de dados configurada.`,
  tasks: `ladle tasks: listar importações, guardar ou rejeitar os seus rascunhos, cancelar as que estão a correr

Utilização:
  ladle tasks list [--status ReviewReady[,Running...]] [--page N] [--json]
  ladle tasks commit <taskId> [--acknowledge-guardrail] [--replace | --keep-both]
  ladle tasks reject <taskId> [--reason TEXTO]
  ladle tasks cancel <taskId>

list      as mais recentes primeiro; sem --status, todas as tarefas (os rascunhos dizem quando expiram)
commit    guarda o rascunho como receita; --acknowledge-guardrail mantém para uso pessoal o texto que
          são palavras do site; --replace torna-o uma nova versão de uma receita da mesma página
reject    rejeita o rascunho
cancel    para uma importação que está à espera ou a correr`,
  import: `ladle import: obter uma página de receita, mostrar cada passo, imprimir o rascunho como JSON

Utilização: ladle import <url> [--commit [--acknowledge-guardrail]] [--quiet]

--commit                 guardar logo o rascunho como receita
--acknowledge-guardrail  com --commit: manter para uso pessoal o texto que são palavras do site
--quiet                  sem linhas de passos no stderr

Corre neste processo, na base de dados configurada. Para um servidor (--server URL --token T), use
"ladle recipes import <url>" e depois "ladle recipes commit <taskId>".
Os endereços locais e privados são recusados, a não ser que estejam em LADLE_ALLOW_PRIVATE_HOSTS.`,
  scale: `ladle scale: uma receita guardada (ou um ficheiro JSON de receita), escalada e convertida, como quem cozinha a lê

Utilização: ladle scale <recipeId | FILE.json> [--servings N | --factor F | --have "300 g" --ingredient I]
                        [--units original|metric|us] [--json]

--servings    cozinhar para N doses (a receita tem de dizer para quantas é)
--factor      2 duplica, 0.5 reduz para metade
--have        escalar ao que tem de um ingrediente; --ingredient é o seu número (1 para o primeiro)
--units       como está escrito (por omissão), metric (g, ml, °C) ou us (chávenas, oz, °F)
--json        mostrar a receita escalada como JSON`,
};

export const ptMore: Record<MoreKey, string> = {
  serve: `ladle serve: a API, o worker, a aplicação web e o MCP em /mcp (http://127.0.0.1:3000 por omissão)

Utilização: ladle serve [--role api|worker|all] [--host H] [--port P]

--role   api só serve HTTP, worker só executa trabalhos, all (por omissão) faz as duas coisas
--host   endereço onde escutar (Server:Host, HOST); um endereço fora do loopback exige pessoas com tokens
--port   porta onde escutar (Server:Port, PORT)`,
  mcp: `ladle mcp: o servidor MCP em stdio, em nome de uma pessoa

Utilização: ladle mcp [--user NOME]

--user  agir como esta pessoa (ou LADLE_USER); por omissão: o admin local

Cada ferramenta de "ladle mcp" também é servida por "ladle serve" em Streamable HTTP em /mcp, para a
pessoa do token. As importações iniciadas aqui correm neste processo quando nenhum servidor está a correr.`,
  backup: `ladle backup: escrever tudo o que esta instalação guarda num só ficheiro

Utilização: ladle backup -o FILE

-o, --output  o ficheiro a escrever (p. ex. ladle-2026-11-29.ladle); ainda não pode existir

Cada tabela (receitas e as suas versões, rascunhos, artigos, imagens, envios, marcadores,
bibliotecas, planos, listas de compras, webhooks, importações, pessoas), lida num só instantâneo
enquanto o servidor continua a correr, a versão do esquema e a configuração sem os seus segredos.
Reponha-a com "ladle restore FILE". Veja docs/backups.md.`,
  restore: `ladle restore: repor uma cópia de segurança numa instalação vazia

Utilização: ladle restore FILE [--force]

--force  substituir tudo o que a instalação guarda pela cópia (pare primeiro o servidor)

Repõe na base de dados configurada (DATABASE_URL, senão a pasta de dados LADLE_DATA_DIR); uma
instalação que já tem dados é recusada sem --force. Uma cópia de uma versão mais antiga é atualizada
pelas migrações de hoje. Veja docs/backups.md.`,
};
