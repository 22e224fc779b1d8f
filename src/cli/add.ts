import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { SYSTEM } from "../domain/user.ts";
import type { Ladle } from "../app/ladle.ts";
import { ConnectionError, localCaller } from "./executor.ts";
import { helpText } from "./i18n/cliHelp.ts";
import { say as words, type CliKey } from "./i18n/cliWords.ts";
import { parseArgsError } from "./i18n/commanderErrors.ts";
import { sayProblem } from "./i18n/cliProblems.ts";

/** What a page is, from how the recipe import ended (its extraction classifies every page it reads). */
export type PageKind = "recipe" | "article" | "bookmark";

/**
 * Recipe when the import found one (structured data or the recipe heuristics); article when the
 * extraction says the page is one (Article data, og:type article, or a long read: classifyPage);
 * a bookmark for any other page it could read. A page it could not read (refused, blocked, gone)
 * is no kind at all: null.
 */
export function pageKind(
  status: string,
  error: { code?: string; details?: unknown } | null,
): PageKind | null {
  if (status === "ReviewReady") return "recipe";
  const classified = (error?.details as { classification?: { kind?: string } } | undefined)?.classification
    ?.kind;
  if (error?.code === "NOT_A_RECIPE" || classified === "article") return "article";
  if (error?.code === "NO_RECIPE_FOUND") return "bookmark";
  return null;
}

interface Added {
  kind: PageKind;
  url: string;
  title: string | null;
  /** The draft's task (recipe), the article's media id, or the bookmark's id. */
  id: string;
  /** What happens next, in words (English: the JSON answer's, as it always was). */
  next: string;
}

/** An added page, with what happens next said in the person's language for the human output. */
type Said = { value: Added; nextWords: string };

const KIND_WORDS: Record<PageKind, CliKey> = {
  recipe: "kindRecipe",
  article: "kindArticle",
  bookmark: "kindBookmark",
};

/**
 * `ladle add <url> [--json]`: saves a page as what it is. A recipe page becomes a draft waiting for
 * review, an article is read into the user's library, anything else a bookmark. In this process,
 * on the configured database, through the same services as the API.
 */
export async function addCommand(argv: string[]): Promise<number> {
  let values: { json?: boolean; quiet?: boolean; user?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: "boolean" }, quiet: { type: "boolean" }, user: { type: "string" } },
    }));
  } catch (e) {
    process.stderr.write(
      `ladle add: ${parseArgsError((e as Error).message)}\n${helpText("seeHelpPlain", { command: "ladle add" })}\n`,
    );
    return 2;
  }
  const url = positionals[0];
  if (!url || positionals.length > 1) {
    process.stderr.write(`${helpText("addUsage")}\n`);
    return 2;
  }
  const say = (s: string) => void (values.quiet ? null : process.stderr.write(`${s}\n`));
  // Errors only: stdout is the answer (--json), and a bookmark's background enrichment, cut short
  // when this process ends, is taken up again by the server's worker.
  const config = loadConfig({ overrides: { Server: { LogLevel: "error" } } });
  const { Ladle } = await import("../app/ladle.ts");
  const ladle = await Ladle.start({ config, queue: false, role: "api" });
  try {
    const caller = await localCaller(ladle, values.user).catch((e: unknown) => {
      if (e instanceof ConnectionError) process.stderr.write(`ladle add: ${e.message}\n`);
      throw e;
    });
    const res = await add(ladle, caller, url, say);
    if (!res.ok) {
      process.stderr.write(`ladle add: ${sayProblem(res.code, res.message)}\n`);
      return 1;
    }
    const a = res.value.value;
    if (values.json) process.stdout.write(`${JSON.stringify(a, null, 2)}\n`);
    else
      process.stdout.write(
        `${words(KIND_WORDS[a.kind])}: ${a.title ? `"${a.title}"` : a.url} (${a.id})\n  ${res.value.nextWords}\n`,
      );
    return 0;
  } catch (e) {
    if (e instanceof ConnectionError) return 4;
    throw e;
  } finally {
    await ladle.stop();
  }
}

async function add(
  ladle: Ladle,
  caller: { id: string; name: string; role: "admin" | "user" },
  url: string,
  say: (s: string) => void,
): Promise<{ ok: true; value: Said } | { ok: false; code: string; message: string }> {
  say(words("addReading", { url }));
  const created = await ladle.tasks.create({
    agentType: "Ingest",
    payload: { mode: "Url", url },
    requestedBy: caller.id,
    requester: caller,
  });
  if (!created.ok) return created;
  const taskId = created.value.taskId;
  await ladle.runTask(taskId);
  const task = await ladle.tasks.get(taskId, SYSTEM);
  if (!task.ok) return task;
  const kind = pageKind(task.value.status, task.value.error);
  if (!kind) {
    const e = task.value.error;
    return {
      ok: false,
      code: e?.code ?? task.value.status,
      message: e?.message ?? words("addUnreadable"),
    };
  }
  if (kind === "recipe") {
    const recipe = (task.value.result as { draft: { recipe: { name: string } } }).draft.recipe;
    return {
      ok: true,
      value: {
        value: {
          kind,
          url,
          title: recipe.name,
          id: taskId,
          next: `a draft waiting for review: ladle tasks commit ${taskId} (or open it in the web app)`,
        },
        nextWords: words("nextDraft", { taskId }),
      },
    };
  }
  // Not a recipe: the import task ended Failed (NOT_A_RECIPE, NO_RECIPE_FOUND), which is its
  // record; the page is kept as what it is instead.
  if (kind === "article") {
    say(words("addNotRecipe"));
    const sub = await ladle.articles.submit(caller, { url });
    if (!sub.ok) return sub;
    const media = (await ladle.articles.get(caller, sub.value.media.id)) as
      { ok: true; value: { title: string | null; processing_status: string } } | { ok: false };
    const m = media.ok ? media.value : { title: null, processing_status: sub.value.media.processing_status };
    const ready = m.processing_status === "ready_for_reading";
    const status = m.processing_status.replaceAll("_", " ");
    return {
      ok: true,
      value: {
        value: {
          kind,
          url,
          title: m.title,
          id: sub.value.media.id,
          next: ready ? "saved to your library, ready to read" : `saved to your library (${status})`,
        },
        nextWords: ready ? words("nextArticleReady") : words("nextArticleStatus", { status }),
      },
    };
  }
  say(words("addNeither"));
  const item = await ladle.items.create(caller.id, { url });
  if (!item.ok) return item;
  // A bookmark without a preview image is finished in the background (a screenshot): this
  // process waits for it, within its time budgets, rather than ending under it.
  const e = ladle.config.Enrichment;
  const until = Date.now() + e.ScreenshotTimeoutMs + ladle.config.Fetch.TotalTimeoutMs + 10_000;
  let saved = item.value.item;
  while (saved.enrichmentStatus === "pending" && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 200));
    const now = await ladle.items.get(caller.id, saved.id);
    if (!now.ok) break;
    saved = now.value;
  }
  return {
    ok: true,
    value: {
      value: {
        kind,
        url,
        title: saved.title,
        id: saved.id,
        next: item.value.created ? "saved as a bookmark" : "already in your bookmarks",
      },
      nextWords: words(item.value.created ? "nextBookmark" : "nextAlreadyBookmarked"),
    },
  };
}
