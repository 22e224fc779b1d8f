// The CLI's help in English: what the CLI always printed; every other language has the same keys.
export const en = {
  program: "turn recipe pages into reviewed, structured records",
  optServer: "run commands on this Ladle server (its /mcp endpoint)",
  optToken: "the API token for --server",
  optUser: "in-process commands act as this user (default: the local admin)",
  target: `Where commands run: in this process on the configured database (ladle.config.json,
LADLE_DATA_DIR, DATABASE_URL), acting as --user NAME or the local admin; or on a Ladle server with
--server URL --token T (or LADLE_SERVER and LADLE_TOKEN, or {"server","token"} in
~/.config/ladle/cli.json, LADLE_CLI_CONFIG to move it). Progress goes to stderr: a bar on a
terminal, plain lines otherwise.`,
  exit: `Exit codes:
  0  done
  1  the request failed (refused, invalid, conflict); stderr says why
  2  usage error (unknown command or option, missing argument)
  3  not found (no such recipe, bookmark, article, library, task; or not yours)
  4  the server could not be reached, or refused the token`,
  runHelp: `Run "ladle <command> --help" for a command's options.`,
  seeHelp: `see "{command} --help"`,
  json: "print the result as JSON on stdout",
  quiet: "no progress on stderr",
  help: "display help for command",
  showHelp: "show this help",
  usageTitle: "Usage:",
  optionsTitle: "Options:",
  commandsTitle: "Commands:",
  argumentsTitle: "Arguments:",
  optionsWord: "[options]",
  commandWord: "[command]",
  choicesWord: "choices:",
  defaultWord: "default:",
  installTitle: "Install:",
  chooseShell: "choose",
  /** Placeholders in option and argument names (`--note <text>`, `[args...]`). */
  phText: "text",
  phChoice: "choice",
  phArgs: "args...",
  phName: "name",
  usageWord: "usage:",
  seeHelpPlain: "see {command} --help",
  completion: "print the shell completion script",
  groupRecipes: "your saved recipes: list, search, show, edit, delete, restore; import pages, text and files",
  groupBookmarks: "bookmarks of any page: add, list, show, edit, delete",
  groupArticles: "web articles saved for reading: save, list, read",
  groupFeeds: "RSS and Atom feeds whose new entries become articles: add, list, log, refresh, remove",
  groupArchives: "kept copies of pages: keep one of an article or bookmark, list yours",
  groupHighlights: "highlights and notes on articles: add, list, export",
  groupLibraries: "libraries that share articles and bookmarks: list, create, members, add-member",
  sumServe: "run the API, worker, web UI and MCP endpoint",
  sumImport: "import a recipe page in this process, phase by phase",
  sumAdd: "save a page as what it is: recipe, article or bookmark",
  sumImportFile: "bring in a whole collection from another app (Paprika, Mealie, bookmarks…)",
  sumExport: "write your recipes, bookmarks or articles to a file another app reads",
  sumExtract: "read recipes from saved HTML files, offline",
  sumCheckUrl: "would the fetcher go to these URLs?",
  sumArticle: "read articles from saved HTML files, offline",
  sumUsers: "manage users and their API tokens",
  sumBackup: "write everything this install holds into one file",
  sumRestore: "put a backup back into an empty install",
  sumTasks: "list imports, commit or reject their drafts, cancel running ones",
  sumScale: "a saved recipe scaled and converted, as a cook reads it",
  sumMcp: "the MCP server on stdio",
  addUsage: "usage: ladle add <url> [--json] [--quiet] [--user NAME]",
  /** `ladle add --help` (the English is main.ts's COMMAND_HELP.add). */
  add: "",
  /** `ladle tasks --help` (the English is tasksHelp.ts's). */
  tasks: "",
  /** `ladle import --help` (the English is main.ts's). */
  import: "",
  /** `ladle scale --help` (the English is scaleHelp.ts's). */
  scale: "",
};

export type HelpKey = keyof typeof en;
export type Texts = Record<HelpKey, string>;

/** More commands' `--help`, whose English lives beside the command (main.ts, backupHelp.ts). */
export const MORE_HELP_KEYS = ["serve", "mcp", "backup", "restore"] as const;
export type MoreKey = (typeof MORE_HELP_KEYS)[number];
