// The data commands' descriptions and options in Portuguese (cliOpWords.ts says why and how).
import type { OpWords } from "./opWordsShape.ts";

export const ptOps: OpWords = {
  fields: {
    q: "O que procura, em palavras: «caril de grão», «receitas com grão e sem lacticínios», «sopa em menos de 30 minutos», «tofu -amendoim».",
    type: "Só este tipo de elemento; todos os tipos se não indicar nenhum.",
    tag: "Receitas arquivadas com esta etiqueta ou categoria.",
    cuisine: "Receitas desta cozinha.",
    maxMinutes: "Receitas prontas em, no máximo, este número de minutos.",
    with: "Ingredientes, separados por vírgulas, que cada receita tem de ter.",
    without:
      "Ingredientes ou grupos (dairy, meat, fish, gluten, nuts, egg), separados por vírgulas, que nenhuma receita pode ter.",
    limit: "Resultados por página (no máximo 100).",
    cursor: "A marca de continuação da página anterior.",
    page: "Número da página, a partir de 1.",
    pageSize: "Receitas por página (no máximo 100).",
    deleted: "Listar antes as receitas apagadas que ainda se podem restaurar.",
    query: "As palavras que procura.",
    recipeId: "O número da receita (da lista, da pesquisa ou ao guardá-la).",
    version: "O número de uma versão anterior (veja «versions»).",
    changes: "Os campos da receita que mudam, com os seus novos valores.",
    expectedVersion: "A versão que leu; se a receita mudou entretanto, a edição é recusada.",
    note: "Uma nota curta guardada com a nova versão.",
    url: "O endereço da página (http ou https).",
    render:
      "Mostrá-la num navegador: never, auto (por omissão: quando a página precisa de scripts) ou always.",
    threadId: "Juntar-se ao fio de uma conversa anterior (o seu identificador); sem ele começa um fio novo.",
    wait: "Quantos segundos esperar que o trabalho acabe (0: voltar logo). Por omissão 45; entretanto vê-se o progresso.",
    text: "O texto da receita, ou uma ligação para uma receita.",
    taskId: "O número da tarefa que uma importação ou uma arrumação devolveu.",
    recipe:
      "A receita editada (a receita do rascunho com as suas alterações); sem ela, o rascunho é guardado tal como está.",
    acknowledgeGuardrail:
      "Manter, para uso pessoal, o texto reconhecido como palavras do próprio site; fica anotado com a receita.",
    duplicateAction:
      "Quando o rascunho repete uma receita que já tem: replace (uma nova versão dela), keepBoth ou drop (descartar o rascunho).",
    duplicateOf: "Com replace: o número da receita a atualizar (por omissão: a mais parecida).",
    reason: "Porquê, em poucas palavras (fica com a tarefa).",
    convertUnits:
      "A conversão de unidades a propor: auto, metric, us ou none (por omissão: a das definições).",
    html: "O HTML da página.",
    title: "O título da página, se for conhecido.",
    as: "recipe (um rascunho para rever), article ou bookmark.",
    libraryId: "Uma das suas bibliotecas; por omissão, a sua.",
    excerpt: "Uma nota curta ou um excerto a manter.",
    enrichmentStatus: "Só os que estão neste estado: pending, succeeded ou failed.",
    bookmarkId: "O número do marcador.",
    articleId: "O número do artigo.",
    format: "text (por omissão) ou html.",
    intervalMinutes:
      "Minutos entre duas transferências; por omissão e no mínimo: as definições de feeds do servidor.",
    feedId: "O número do feed (da lista de feeds ou ao adicioná-lo).",
    quote: "As palavras exatas a destacar.",
    start: "Onde as palavras começam no texto do artigo, quando aparecem mais de uma vez.",
    words: "Palavras a encontrar nos destaques e nas notas.",
    name: "O nome da biblioteca.",
    user: "O nome de utilizador da pessoa a adicionar.",
    role: "member (por omissão) ou admin.",
    set: "alterar um campo (pode repetir-se); o valor é JSON ou texto, p. ex. --set servings=4",
    file: "o ficheiro a importar (PDF, fotografia, legendas ou texto)",
    accept: "all, low (as de risco baixo) ou números de alterações como 0,2,5",
    htmlFile: "um ficheiro com o HTML da página («-»: a entrada padrão)",
  },
  ops: {
    search: {
      d: "Encontrar as suas receitas, artigos e marcadores (os seus e os das suas bibliotecas). As palavras são encontradas nas suas formas e pelo início, e os erros de escrita perdoados; a pesquisa percebe «com grão», «sem lacticínios», «menos de 30 minutos», citações, OR e -palavra.",
    },
    recipe_list: {
      d: "As suas receitas guardadas, as mais recentes primeiro (com --deleted, as apagadas que ainda se podem restaurar).",
    },
    recipe_search: {
      d: "Encontrar receitas guardadas pelas palavras do nome (p. ex. «panquecas»); útil antes de importar, para ver se já tem a receita.",
    },
    recipe_get: {
      d: "Ler por inteiro uma receita guardada: nome, descrição, ingredientes, passos, tempos, doses, etiquetas e origem; com --version, uma versão anterior.",
    },
    recipe_update: {
      d: "Alterar uma receita guardada: indique só os campos que mudam (as linhas de ingredientes são interpretadas, os passos podem ser texto simples). É escrita uma versão nova; a antiga fica no histórico.",
    },
    recipe_delete: {
      d: "Apagar uma receita guardada. Pode ser restaurada durante algum tempo (30 dias por omissão).",
    },
    recipe_restore: {
      d: "Recuperar uma receita apagada enquanto o prazo para a restaurar não tiver passado.",
    },
    recipe_versions: {
      d: "As versões de uma receita, a mais recente primeiro: cada gravação, edição, substituição, arrumação e restauro, quem o fez e quando.",
    },
    import_url: {
      d: "Importar uma receita de uma página web para a rever: o Ladle transfere a página com cuidado, lê a receita e prepara um rascunho. Nada é guardado antes de «commit».",
      o: { url: "O endereço da página da receita (http ou https)." },
    },
    import_text: {
      d: "Importar uma receita de um texto colado (ingredientes e passos tal como escritos, ou uma ligação para uma página, um PDF ou um vídeo). Fica guardada logo nas suas receitas, sem revisão.",
    },
    import_file: {
      d: "Importar uma receita de um ficheiro: um PDF, uma fotografia de uma receita, as legendas de um vídeo (.vtt, .srt) ou um ficheiro de texto. Fica guardada logo nas suas receitas.",
    },
    task_status: {
      d: "Ler uma tarefa de importação ou de arrumação: estado, progresso, um erro e, quando está pronta a rever, o rascunho com a sua verificação. Com --wait espera que acabe.",
      o: { wait: "Segundos a esperar até a tarefa deixar de estar em curso (0: voltar logo)." },
    },
    task_commit: {
      d: "Guardar como receita um rascunho pronto a rever, editado se quiser. Se os passos ou a descrição forem palavras do próprio site, reescreva-os ou mantenha-os para uso pessoal com --acknowledge-guardrail.",
      o: { taskId: "A tarefa cujo rascunho é guardado." },
    },
    task_reject: {
      d: "Descartar um rascunho (ou uma proposta de arrumação): nada é guardado.",
      o: { taskId: "A tarefa a descartar." },
    },
    normalize_start: {
      d: "Pedir ao Ladle que arrume uma receita guardada ou um rascunho: unidades, nomes e maiúsculas coerentes, com conversão se quiser. Cada alteração proposta tem risco baixo ou alto; nada muda antes de «apply».",
      o: { recipeId: "Uma receita guardada a arrumar.", taskId: "Um rascunho a arrumar." },
    },
    normalize_apply: {
      d: "Aplicar uma proposta de arrumação: todas as alterações, só as de risco baixo ou as indicadas. É escrita uma versão nova da receita (ou do rascunho).",
      o: { taskId: "A tarefa de arrumação." },
    },
    page_capture: {
      d: "Enviar o HTML de uma página que já tem (guardada a partir do navegador), com o seu endereço: o Ladle lê-a como uma página que ele próprio transferiu, sem visitar o endereço (para sites que recusam servidores). Os scripts são retirados.",
      o: {
        url: "O endereço onde a página era mostrada (http ou https).",
        libraryId: "Para um artigo ou marcador: uma das suas bibliotecas; por omissão, a sua.",
      },
    },
    bookmark_add: {
      d: "Criar um marcador para qualquer página web. O Ladle completa o título, o excerto e a imagem de pré-visualização em segundo plano (o que indicar aqui mantém-se). O mesmo endereço duas vezes devolve o marcador que já existe.",
      o: { title: "Um título a manter em vez do da página." },
    },
    bookmark_list: {
      d: "Os seus marcadores, os mais recentes primeiro, com título, excerto, tipo de página e estado do preenchimento.",
      o: { limit: "Marcadores por página (no máximo 100).", libraryId: "Só os marcadores desta biblioteca." },
    },
    bookmark_get: {
      d: "Ler um marcador: endereço, título, excerto, pré-visualização, tipo de página e estado do preenchimento.",
    },
    bookmark_update: {
      d: "Alterar o título ou o excerto de um marcador (ficam assim daí em diante; null devolve-os ao preenchimento automático) ou movê-lo para outra biblioteca.",
      o: {
        title: "Novo título; null deixa que se preencha sozinho.",
        excerpt: "Novo excerto; null deixa que se preencha sozinho.",
        libraryId: "Movê-lo para esta biblioteca (null: a sua).",
      },
    },
    bookmark_delete: { d: "Apagar um marcador de vez." },
    article_save: {
      d: "Guardar um artigo da web (não uma receita) na sua biblioteca para ler mais tarde: o Ladle transfere-o e guarda uma cópia limpa e legível.",
      o: {
        url: "O endereço do artigo (http ou https).",
        libraryId: "Uma biblioteca que administra; por omissão, a sua.",
      },
    },
    article_list: {
      d: "Os artigos de uma das suas bibliotecas (por omissão a sua), os mais recentes primeiro, com número, título, site e estado.",
      o: { libraryId: "A biblioteca; por omissão, a sua." },
    },
    article_read: {
      d: "Ler um artigo guardado: os seus dados e o conteúdo como texto (por omissão) ou HTML limpo. Não é possível enquanto ainda está a ser transferido.",
    },
    feed_add: {
      d: "Inscrever uma das suas bibliotecas num feed RSS ou Atom, com o endereço do feed ou de uma página que o indica. O Ladle transfere-o logo e depois com regularidade; as entradas novas tornam-se artigos.",
      o: {
        url: "O endereço do feed, ou de uma página do site que indica o seu feed.",
        libraryId: "Uma biblioteca que administra; por omissão, a sua.",
      },
    },
    feed_list: {
      d: "Os feeds que as suas bibliotecas seguem, cada um com o seu estado em palavras simples (um feed que falha diz porquê), a última transferência e quantas entradas foram importadas, esperam ou falharam.",
      o: { libraryId: "Só os feeds desta biblioteca." },
    },
    feed_log: {
      d: "O registo de um feed, a transferência mais recente primeiro: quando, a resposta do site, as entradas vistas, novas e importadas, e cada falha com o seu motivo.",
      o: { limit: "Quantas transferências mostrar (20 por omissão)." },
    },
    feed_refresh: {
      d: "Transferir um feed agora em vez de esperar pela próxima vez; o registo dá o resultado.",
    },
    feed_remove: { d: "Deixar de seguir um feed. Os artigos que trouxe ficam na biblioteca." },
    archive_keep: {
      d: "Guardar uma cópia completa da página de um artigo ou de um marcador tal como está agora (imagens e estilos lá dentro, sem scripts), legível mesmo que o site mude ou desapareça.",
      o: { articleId: "Um dos seus artigos.", bookmarkId: "Um dos seus marcadores." },
    },
    archive_list: {
      d: "As suas cópias de páginas guardadas, as mais recentes primeiro (as de um artigo ou marcador, se o indicar), e o espaço que ocupam.",
      o: { articleId: "Só as cópias deste artigo.", bookmarkId: "Só as cópias deste marcador." },
    },
    highlight_add: {
      d: "Destacar um excerto de um artigo guardado, com uma nota se quiser. Indique as palavras exatas; o Ladle encontra-as no texto (no primeiro sítio, a menos que --start indique outro).",
      o: { note: "Porque importa." },
    },
    highlight_list: {
      d: "Os seus destaques e notas: os de um artigo pela ordem de leitura, ou todos, os mais recentes primeiro.",
      o: { articleId: "Só os destaques deste artigo." },
    },
    highlight_export: {
      d: "Um artigo com os seus destaques e notas, em Markdown (por omissão) ou JSON.",
      o: { format: "markdown (por omissão) ou json." },
    },
    library_list: {
      d: "As bibliotecas a que pertence (a sua e as partilhadas), com o seu papel em cada uma (admin ou member). Os artigos e os marcadores vivem em bibliotecas.",
    },
    library_create: { d: "Criar uma biblioteca sua, que administra, para partilhar artigos e marcadores." },
    library_members: {
      d: "Os membros de uma das suas bibliotecas, com o seu papel.",
      o: { libraryId: "O número da biblioteca." },
    },
    library_add_member: {
      d: "Adicionar uma pessoa (pelo nome de utilizador) a uma biblioteca que administra: como member (lê) ou admin (também adiciona).",
      o: { libraryId: "O número da biblioteca." },
    },
  },
};
