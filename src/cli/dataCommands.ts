import { readFileSync } from "node:fs";
import { InvalidArgumentError, Option } from "commander";
import { helpText } from "./i18n/cliHelp.ts";
import { say } from "./i18n/cliWords.ts";
import { sayProblem } from "./i18n/cliProblems.ts";

type Out = (line: string) => void;
type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A CLI command over one operation of src/mcp/operations.ts: its options come from the
 * operation's input schema (src/cli/flags.ts), so the CLI, the MCP tools and the API bodies
 * share one Zod source. `args` are the input fields given as positional arguments.
 */
export interface DataCommand {
  /** The command's group; "top" for a command of its own (`ladle search`). */
  group: "recipes" | "bookmarks" | "articles" | "feeds" | "archives" | "highlights" | "libraries" | "top";
  name: string;
  op: string;
  args?: string[];
  /** Fields not offered as options (set by `extra` or not meaningful on a command line). */
  hide?: string[];
  /** Options beyond the schema's, and how they fill the input. */
  extra?: { option: Option; apply: (value: unknown, input: Obj) => void }[];
  /** Positional arguments that name a file whose text is the field's value (`-`: standard input). */
  files?: string[];
  /** Runs jobs (imports, articles): in-process commands start a worker to wait for them. */
  worker?: boolean;
  /** Human output; `--json` prints the operation's value instead. */
  print: (value: Obj, out: Out) => void;
}

const pad = (s: unknown, n: number) => String(s ?? "").padEnd(n);
const mins = (m: number) => (m ? `${m} min` : "");

function printFeed(f: Obj, out: Out) {
  out(`${f.id}  ${pad(f.title ?? f.url, 40)}  ${f.statusText}`);
  out(
    say("feedLine", {
      url: f.url,
      minutes: f.intervalMinutes,
      imported: f.imported,
      waiting: f.waiting,
      failed: f.failed,
    }),
  );
}

function printFeedLog(v: Obj, out: Out) {
  out(`${v.feed.title ?? v.feed.url}: ${v.feed.statusText}`);
  if (!v.runs.length) out(say("notFetchedYet"));
  for (const r of v.runs) {
    out(`${r.startedAt}  ${r.summary}`);
    for (const f of r.failures)
      out(say("feedEntryFailed", { title: f.title ?? f.link ?? say("anEntry"), reason: f.reason }));
  }
}

function printRecipeList(v: Obj, out: Out) {
  if (!v.items.length) return out(say("noRecipes"));
  for (const r of v.items)
    out(`${r.id}  ${pad(r.name, 40)}  ${pad(mins(r.totalTimeMinutes), 8)}  ${r.sourceUrl ?? ""}`.trimEnd());
  const pages = Math.ceil(v.total / v.pageSize);
  if (pages > 1) out(say("pageOf", { page: v.page, pages }));
}

function printRecipe(r: Obj, out: Out) {
  out(
    say(r.deletedAt ? "recipeHeadingDeleted" : "recipeHeading", {
      name: r.name,
      id: r.id,
      version: r.version ?? 1,
    }),
  );
  const facts = [
    r.servings ? say("serves", { n: r.servings }) : "",
    r.totalTimeMinutes ? `${r.totalTimeMinutes} min` : "",
    r.cuisine ?? "",
  ].filter(Boolean);
  if (facts.length) out(facts.join(" · "));
  if (r.description) out(`\n${r.description}`);
  if (r.ingredients?.length) {
    out(`\n${say("ingredientsHeading")}`);
    for (const i of r.ingredients)
      out(`  - ${i.originalText ?? i.text ?? [i.quantity, i.unit, i.name].filter(Boolean).join(" ")}`);
  }
  if (r.instructions?.length) {
    out(`\n${say("stepsHeading")}`);
    r.instructions.forEach((s: Obj, n: number) => out(`  ${n + 1}. ${s.text}`));
  }
  if (r.source?.url) out(`\n${say("fromSource", { url: r.source.url })}`);
}

function printTask(t: Obj, out: Out) {
  out(`${say("taskLine", { taskId: t.taskId, status: t.status })}${t.phase ? ` (${t.phase})` : ""}`);
  if (t.error) out(`  ${sayProblem(t.error.code, t.error.message)}`);
  const d = t.draft;
  if (d?.recipe) {
    const counts = {
      ingredients: d.recipe.ingredients?.length ?? 0,
      steps: d.recipe.instructions?.length ?? 0,
    };
    out(say("draftLine", { name: d.recipe.name, ...counts }));
    for (const w of d.validation?.warnings ?? [])
      out(say("warning", { text: typeof w === "string" ? w : w.message }));
    for (const e of d.validation?.errors ?? [])
      out(say("error", { text: typeof e === "string" ? e : e.message }));
  }
  if (t.recipeId) out(say("recipeLine", { id: t.recipeId }));
  if (t.status === "ReviewReady") out(say("saveOrDiscard", { taskId: t.taskId }));
}

function printJob(j: Obj, out: Out) {
  out(
    `${say("importJobLine", { jobId: j.jobId, status: j.status })}${j.recipeId ? say("importJobRecipe", { id: j.recipeId }) : ""}`,
  );
  if (j.error) out(`  ${sayProblem(j.error.code, j.error.message)}`);
}

function printItems(v: Obj, out: Out) {
  if (!v.items.length) return out(say("noBookmarks"));
  for (const i of v.items) out(`${i.id}  ${pad(i.title ?? say("noTitleYet"), 40)}  ${i.url}`);
  if (v.nextCursor) out(say("moreCursor", { cursor: v.nextCursor }));
}

const printItem = (i: Obj, out: Out) =>
  out(
    `${i.id}  ${i.title ?? say("noTitleYet")}  ${i.url}${i.created === false ? say("alreadyBookmarked") : ""}`,
  );

const printArticle = (a: Obj, out: Out) =>
  out(`${a.id}  ${pad(a.processing_status, 17)}  ${a.title ?? a.canonical_url}`);

const printArchive = (a: Obj, out: Out) =>
  out(
    `${a.id}  ${pad(`${(a.sizeBytes / 1048576).toFixed(1)} MB`, 8)}  ${a.title ?? a.sourceUrl}${a.imagesShrunk || a.imagesLeftOut ? say("archiveShrunk", { shrunk: a.imagesShrunk, leftOut: a.imagesLeftOut }) : ""}`,
  );
const printHighlight = (h: Obj, out: Out) =>
  out(
    `${h.id}  “${h.quote.slice(0, 80)}”${h.note ? say("highlightNote", { note: h.note }) : ""}  (${h.articleTitle ?? h.articleUrl})`,
  );

/** `--set field=value` (repeatable): the value as JSON when it parses, else as text. */
const setOption = {
  option: new Option(
    "--set <field=value>",
    "change one field (repeatable); the value is JSON or text, e.g. --set servings=4",
  ).argParser((text: string, prev: string[] | undefined) => {
    if (!/^[A-Za-z]\w*=/.test(text)) throw new InvalidArgumentError(say("setUsage"));
    return [...(prev ?? []), text];
  }),
  apply: (value: unknown, input: Obj) => {
    for (const pair of (value as string[] | undefined) ?? []) {
      const at = pair.indexOf("=");
      const raw = pair.slice(at + 1);
      let v: unknown = raw;
      try {
        v = JSON.parse(raw);
      } catch {
        // plain text
      }
      input.changes = { ...(input.changes ?? {}), [pair.slice(0, at)]: v };
    }
  },
};

/** `--accept all|low|1,2,5`: the operations of a normalization proposal to apply. */
const acceptOption = {
  option: new Option(
    "--accept <which>",
    "all, low (the Low-risk ones) or operation ids like 0,2,5",
  ).makeOptionMandatory(),
  apply: (value: unknown, input: Obj) => {
    const s = String(value);
    input.accept = s === "all" || s === "low" ? s : s.split(",").map((x) => Number(x.trim()));
  },
};

/** `ladle recipes import-file PATH`: the file read here and sent as base64 (works against a server too). */
const fileArg = {
  option: new Option(
    "--file <path>",
    "the file to import (PDF, photo, captions or text)",
  ).makeOptionMandatory(),
  apply: (value: unknown, input: Obj) => {
    input.contentBase64 = readFileSync(String(value)).toString("base64");
    input.filename = String(value);
  },
};

function printSearch(v: Obj, out: Out) {
  const t = v.facets.types;
  const u = v.understood;
  const asked = u.words || u.with.length || u.without.length || u.maxMinutes;
  if (!v.items.length) return out(say(asked ? "nothingFound" : "nothingYet"));
  if (v.fuzzy) out(say("closestSpellings"));
  for (const h of v.items)
    out(
      `${pad(h.type, 8)}  ${h.id}  ${pad(h.title, 44)}  ${pad(mins(h.totalTimeMinutes ?? 0), 7)}  ${h.url ?? ""}`.trimEnd(),
    );
  out(
    `${say("searchCounts", { recipes: t.recipe, articles: t.article, bookmarks: t.bookmark })}${v.nextCursor ? ` (more: --cursor ${v.nextCursor})` : ""}`,
  );
}

export const DATA_COMMANDS: DataCommand[] = [
  { group: "top", name: "search", op: "search", args: ["q"], print: printSearch },
  { group: "recipes", name: "list", op: "recipe_list", print: printRecipeList },
  { group: "recipes", name: "search", op: "recipe_search", args: ["query"], print: printRecipeList },
  { group: "recipes", name: "show", op: "recipe_get", args: ["recipeId"], print: printRecipe },
  {
    group: "recipes",
    name: "edit",
    op: "recipe_update",
    args: ["recipeId"],
    extra: [setOption],
    print: (v, out) => {
      out(say("savedVersion", { version: v.recipe.version, name: v.recipe.name, id: v.recipe.id }));
      for (const w of v.warnings ?? []) out(say("warning", { text: `${w.field}: ${w.message}` }));
    },
  },
  {
    group: "recipes",
    name: "delete",
    op: "recipe_delete",
    args: ["recipeId"],
    print: (v, out) => out(say("deletedRecipe", { id: v.id, until: v.restoreUntil })),
  },
  {
    group: "recipes",
    name: "restore",
    op: "recipe_restore",
    args: ["recipeId"],
    print: (r, out) => out(say("restoredRecipe", { name: r.name, id: r.id })),
  },
  {
    group: "recipes",
    name: "versions",
    op: "recipe_versions",
    args: ["recipeId"],
    print: (v, out) => {
      for (const x of v.versions)
        out(
          `v${x.version}  ${pad(x.kind, 9)}  ${x.createdAt}  ${x.createdBy ?? ""}  ${x.note ?? ""}`.trimEnd(),
        );
    },
  },
  { group: "recipes", name: "import", op: "import_url", args: ["url"], worker: true, print: printTask },
  { group: "recipes", name: "import-text", op: "import_text", args: ["text"], worker: true, print: printJob },
  {
    group: "recipes",
    name: "import-file",
    op: "import_file",
    hide: ["contentBase64", "filename"],
    extra: [fileArg],
    worker: true,
    print: printJob,
  },
  { group: "recipes", name: "task", op: "task_status", args: ["taskId"], print: printTask },
  {
    group: "recipes",
    name: "commit",
    op: "task_commit",
    args: ["taskId"],
    print: (v, out) => {
      const done = v.alreadyCommitted ? "savedAlready" : v.replaced ? "savedReplaced" : "savedNew";
      out(say(done, { name: v.recipe.name, id: v.recipe.id }));
      for (const w of v.warnings ?? []) out(say("warning", { text: String(w) }));
    },
  },
  {
    group: "recipes",
    name: "reject",
    op: "task_reject",
    args: ["taskId"],
    print: (v, out) => out(say("discardedDraft", { taskId: v.taskId })),
  },
  {
    group: "recipes",
    name: "normalize",
    op: "normalize_start",
    args: ["recipeId"],
    hide: ["taskId"],
    worker: true,
    print: printTask,
  },
  {
    group: "recipes",
    name: "apply",
    op: "normalize_apply",
    args: ["taskId"],
    hide: ["accept"],
    extra: [acceptOption],
    print: (v, out) => out(say("appliedChanges", { n: v.applied.length, version: v.version })),
  },

  {
    group: "top",
    name: "capture",
    op: "page_capture",
    args: ["html"],
    files: ["html"],
    worker: true,
    print: (v, out) => (v.taskId ? printTask(v, out) : out(say("sentFromBrowser", { as: v.as, id: v.id }))),
  },

  { group: "bookmarks", name: "add", op: "bookmark_add", args: ["url"], print: printItem },
  { group: "bookmarks", name: "list", op: "bookmark_list", print: printItems },
  { group: "bookmarks", name: "show", op: "bookmark_get", args: ["bookmarkId"], print: printItem },
  { group: "bookmarks", name: "edit", op: "bookmark_update", args: ["bookmarkId"], print: printItem },
  {
    group: "bookmarks",
    name: "delete",
    op: "bookmark_delete",
    args: ["bookmarkId"],
    print: (v, out) => out(say("deletedBookmark", { id: v.id })),
  },

  { group: "articles", name: "save", op: "article_save", args: ["url"], worker: true, print: printArticle },
  {
    group: "articles",
    name: "list",
    op: "article_list",
    print: (v, out) =>
      v.articles.length ? v.articles.forEach((a: Obj) => printArticle(a, out)) : out(say("noArticles")),
  },
  {
    group: "articles",
    name: "read",
    op: "article_read",
    args: ["articleId"],
    print: (a, out) => {
      out(`${a.title ?? ""}\n${a.canonical_url}\n`);
      out(a.content);
    },
  },

  { group: "feeds", name: "add", op: "feed_add", args: ["url"], print: printFeed },
  {
    group: "feeds",
    name: "list",
    op: "feed_list",
    print: (v, out) =>
      v.feeds.length ? v.feeds.forEach((f: Obj) => printFeed(f, out)) : out(say("noFeeds")),
  },
  { group: "feeds", name: "log", op: "feed_log", args: ["feedId"], print: printFeedLog },
  {
    group: "feeds",
    name: "refresh",
    op: "feed_refresh",
    args: ["feedId"],
    print: (v, out) => out(v.message),
  },
  {
    group: "feeds",
    name: "remove",
    op: "feed_remove",
    args: ["feedId"],
    print: (v, out) => out(say("feedRemoved", { id: v.id })),
  },
  { group: "archives", name: "keep", op: "archive_keep", print: printArchive },
  {
    group: "archives",
    name: "list",
    op: "archive_list",
    print: (v, out) =>
      v.archives.length ? v.archives.forEach((a: Obj) => printArchive(a, out)) : out(say("noKeptCopies")),
  },
  {
    group: "highlights",
    name: "add",
    op: "highlight_add",
    args: ["articleId", "quote"],
    print: printHighlight,
  },
  {
    group: "highlights",
    name: "list",
    op: "highlight_list",
    print: (v, out) =>
      v.highlights.length
        ? v.highlights.forEach((h: Obj) => printHighlight(h, out))
        : out(say("noHighlights")),
  },
  {
    group: "highlights",
    name: "export",
    op: "highlight_export",
    args: ["articleId"],
    print: (v, out) => out(v.content),
  },

  {
    group: "libraries",
    name: "list",
    op: "library_list",
    print: (v, out) => {
      for (const l of v.libraries)
        out(`${l.id}  ${pad(l.role, 6)}  ${l.name}${l.isDefault ? say("libraryDefault") : ""}`);
    },
  },
  {
    group: "libraries",
    name: "create",
    op: "library_create",
    args: ["name"],
    print: (l, out) => out(`${l.id}  ${l.name}`),
  },
  {
    group: "libraries",
    name: "members",
    op: "library_members",
    args: ["libraryId"],
    print: (v, out) => {
      for (const m of v.members) out(`${pad(m.name, 20)}  ${m.role}`);
    },
  },
  {
    group: "libraries",
    name: "add-member",
    op: "library_add_member",
    args: ["libraryId", "user"],
    print: (m, out) => out(say("memberAdded", { name: m.name, role: m.role })),
  },
];

/** One-line descriptions of the command groups. */
/** The groups' descriptions, said in the person's language when the help is drawn. */
export const GROUPS: Record<Exclude<DataCommand["group"], "top">, () => string> = {
  recipes: () => helpText("groupRecipes"),
  bookmarks: () => helpText("groupBookmarks"),
  articles: () => helpText("groupArticles"),
  feeds: () => helpText("groupFeeds"),
  archives: () => helpText("groupArchives"),
  highlights: () => helpText("groupHighlights"),
  libraries: () => helpText("groupLibraries"),
};
