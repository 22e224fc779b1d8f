import { CommanderError } from "commander";
import { ConfigError } from "../config.ts";
import { ConnectionError } from "./executor.ts";
import { buildProgram, commandFor, EXIT, pathOf, type LegacyCommand } from "./program.ts";
import { EXPORT_HELP, IMPORT_FILE_HELP } from "./collectionsHelp.ts";
import { BACKUP_HELP, RESTORE_HELP } from "./backupHelp.ts";
import { helpText, moreHelp, ownHelp } from "./i18n/cliHelp.ts";
import { parseArgsError } from "./i18n/commanderErrors.ts";

/** `ladle <command> --help` of the commands that parse their own arguments. */
export const COMMAND_HELP: Record<string, string> = {
  serve: `ladle serve: the API, the worker, the web UI and MCP at /mcp (http://127.0.0.1:3000 by default)

Usage: ladle serve [--role api|worker|all] [--host H] [--port P]

--role   api serves HTTP only, worker only runs jobs, all (the default) does both
--host   address to bind (Server:Host, HOST); a non-loopback address needs users with tokens
--port   port to listen on (Server:Port, PORT)`,
  import: `ladle import: fetch a recipe page, show each phase, print the draft as JSON

Usage: ladle import <url> [--commit [--acknowledge-guardrail]] [--quiet]

--commit                 save the draft as a recipe right away
--acknowledge-guardrail  with --commit: keep text that is the site's own words, for personal use
--quiet                  no phase lines on stderr

Runs in this process on the configured database. Against a server (--server URL --token T), use
"ladle recipes import <url>", then "ladle recipes commit <taskId>".
Loopback and private addresses are refused unless listed in LADLE_ALLOW_PRIVATE_HOSTS.`,
  add: `ladle add: save a page as what it is: a recipe, an article or a bookmark

Usage: ladle add <url> [--json] [--quiet] [--user NAME]

--json   print what was saved as JSON on stdout
--quiet  no progress lines on stderr
--user   save it for this user (default: the local admin)

A page with a recipe (structured Recipe data or a recipe card) becomes a draft waiting for review;
an article (Article data, og:type article, a long read) is read into your library; anything else
is a bookmark. Runs in this process on the configured database.`,
  extract: `ladle extract: read recipes from saved HTML files, offline; one JSON line per file

Usage: ladle extract [--base-url URL] FILE...

--base-url  the page's address, to resolve relative links and images`,
  "check-url": `ladle check-url: would the fetcher go to these URLs? Nothing is fetched.

Usage: ladle check-url [--resolve host=ip]... URL...

Prints one JSON line per URL and exits 1 when any URL is refused.
--resolve host=ip  answer DNS for host with ip instead of asking the system resolver`,
  article: `ladle article: read articles from saved HTML files, offline; one JSON line per file

Usage: ladle article [--base-url URL] FILE...

--base-url  the page's address, to resolve relative links and images (without it they are dropped)

Each line: {"file","ok":true,"article":{title,byline,excerpt,siteName,lang,publishedTime,
htmlSanitized,canonicalText,imageUrls}} or {"file","ok":false,"code","message"}. To save an
article to your library, use "ladle articles save <url>".`,
  users: `ladle users: manage the users of the configured database and their API tokens

Usage:
  ladle users add NAME [--role admin|user] [--token-name NAME]   create a user and print their first token
  ladle users list [--json]                                     list users and their tokens
  ladle users token NAME [--name TOKEN_NAME]                    issue another token for a user
  ladle users token NAME --revoke TOKEN_ID                      revoke a token
  ladle users password NAME                                     set a password for signing in to the web app
                                                                (read from stdin: echo "$PW" | npx ladle users password bo)
  ladle users export NAME -o FILE                               all of a person's data in one file
  ladle users erase NAME --confirm NAME                         delete a person and everything of theirs

--role        admin or user (default user)
--token-name  the first token's name (default "default")
--name        the new token's name (default "default")
--revoke      revoke this token id instead of issuing one
--json        list: users and token metadata as JSON
--output, -o  export: the file to write (gzip-compressed JSON lines; it must not exist yet)
--confirm     erase: the person's name again, to confirm

Tokens are printed once, on stdout, and stored hashed.`,
  mcp: `ladle mcp: the MCP server on stdio, acting as one user

Usage: ladle mcp [--user NAME]

--user  act as this user (or LADLE_USER); default: the local admin

Every tool of "ladle mcp" is also served over Streamable HTTP at /mcp by "ladle serve", for the
user of the bearer token. Imports started here run in this process when no server is running.`,
};

/** The commands that parse their own arguments, loaded on use so `extract` starts without the server's modules. */
function legacyCommands(tasksHelp: string, scaleHelp: string): LegacyCommand[] {
  return [
    {
      name: "serve",
      summary: helpText("sumServe"),
      help: moreHelp("serve", COMMAND_HELP.serve!),
      options: ["--role <role>", "--host <host>", "--port <port>"],
      run: async (a) => (await import("./serve.ts")).serveCommand(a),
    },
    {
      name: "import",
      summary: helpText("sumImport"),
      help: helpText("import", { english: COMMAND_HELP.import! }),
      options: ["--commit", "--acknowledge-guardrail", "--quiet"],
      run: async (a) => (await import("./import.ts")).importCommand(a),
    },
    {
      name: "add",
      summary: helpText("sumAdd"),
      help: helpText("add", { english: COMMAND_HELP.add! }),
      options: ["--json", "--quiet", "--user <name>"],
      run: async (a) => (await import("./add.ts")).addCommand(a),
    },
    {
      name: "import-file",
      summary: helpText("sumImportFile"),
      help: ownHelp("import-file", IMPORT_FILE_HELP),
      options: [
        "--commit-clean",
        "--json",
        "--user <name>",
        "--quiet",
        "--mealie <url>",
        "--mealie-token <token>",
        "--server <url>",
        "--token <token>",
      ],
      run: async (a) => (await import("./collections.ts")).importFileCommand(a),
    },
    {
      name: "export",
      summary: helpText("sumExport"),
      help: ownHelp("export", EXPORT_HELP),
      options: [
        "--format <format>",
        "--type <type>",
        "--output <file>",
        "--user <name>",
        "--server <url>",
        "--token <token>",
      ],
      run: async (a) => (await import("./collections.ts")).exportCommand(a),
    },
    {
      name: "extract",
      summary: helpText("sumExtract"),
      help: ownHelp("extract", COMMAND_HELP.extract!),
      options: ["--base-url <url>"],
      run: async (a) => (await import("./extract.ts")).extractCommand(a),
    },
    {
      name: "check-url",
      summary: helpText("sumCheckUrl"),
      help: ownHelp("check-url", COMMAND_HELP["check-url"]!),
      options: ["--resolve <host=ip>"],
      run: async (a) => (await import("./checkUrl.ts")).checkUrlCommand(a),
    },
    {
      name: "article",
      summary: helpText("sumArticle"),
      help: ownHelp("article", COMMAND_HELP.article!),
      options: ["--base-url <url>"],
      run: async (a) => (await import("./article.ts")).articleCommand(a),
    },
    {
      name: "users",
      summary: helpText("sumUsers"),
      help: ownHelp("users", COMMAND_HELP.users!),
      options: [
        "--role <role>",
        "--token-name <name>",
        "--name <name>",
        "--revoke <id>",
        "--json",
        "--output <file>",
        "--confirm <name>",
      ],
      run: async (a) => (await import("./users.ts")).usersCommand(a),
    },
    {
      name: "backup",
      summary: helpText("sumBackup"),
      help: moreHelp("backup", BACKUP_HELP),
      options: ["--output <file>"],
      run: async (a) => (await import("./backup.ts")).backupCommand(a),
    },
    {
      name: "restore",
      summary: helpText("sumRestore"),
      help: moreHelp("restore", RESTORE_HELP),
      options: ["--force"],
      run: async (a) => (await import("./backup.ts")).restoreCommand(a),
    },
    {
      name: "tasks",
      summary: helpText("sumTasks"),
      help: helpText("tasks", { english: tasksHelp }),
      options: [
        "--status <statuses>",
        "--page <n>",
        "--json",
        "--acknowledge-guardrail",
        "--replace",
        "--keep-both",
        "--reason <text>",
      ],
      run: async (a) => (await import("./tasks.ts")).tasksCommand(a),
    },
    {
      name: "scale",
      summary: helpText("sumScale"),
      help: helpText("scale", { english: scaleHelp }),
      options: [
        "--servings <n>",
        "--factor <f>",
        "--have <amount>",
        "--ingredient <n>",
        "--units <system>",
        "--json",
      ],
      run: async (a) => (await import("./scale.ts")).scaleCommand(a),
    },
    {
      name: "mcp",
      summary: helpText("sumMcp"),
      help: moreHelp("mcp", COMMAND_HELP.mcp!),
      options: ["--user <name>"],
      run: async (a) => (await import("./mcp.ts")).mcpCommand(a),
    },
  ];
}

/** The legacy commands' help texts without loading them (tests, the docs/cli-and-mcp.md check). */
export async function allLegacyCommands(): Promise<LegacyCommand[]> {
  return legacyCommands(
    (await import("./tasksHelp.ts")).TASKS_HELP,
    (await import("./scaleHelp.ts")).SCALE_HELP,
  );
}

/** Runs the CLI; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const exit = { code: EXIT.ok as number };
  const io = {
    out: (s: string) => void process.stdout.write(s),
    err: (s: string) => void process.stderr.write(s),
  };
  // A reader that stops early (`| head`) is not an error.
  if (!process.stdout.listenerCount("error"))
    process.stdout.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EPIPE") process.exit(exit.code);
    });
  const program = await buildProgram(await allLegacyCommands(), io, exit, argv);
  if (argv.length === 0) {
    program.outputHelp({ error: true });
    return EXIT.usage;
  }
  try {
    await program.parseAsync(argv, { from: "user" });
    return exit.code;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === "commander.helpDisplayed" || err.code === "commander.version") return EXIT.ok;
      if (err.code === "commander.help") return EXIT.ok;
      // commander wrote the message; point at the help of the command that was meant.
      process.stderr.write(`${helpText("seeHelp", { command: pathOf(commandFor(program, argv)) })}\n`);
      return EXIT.usage;
    }
    if (err instanceof ConnectionError) {
      process.stderr.write(`ladle: ${err.message}\n`);
      return EXIT.connection;
    }
    if (err instanceof ConfigError || String((err as { code?: string }).code).startsWith("ERR_PARSE_ARGS")) {
      const cmd = argv.find((a) => !a.startsWith("-"));
      const message = err instanceof ConfigError ? err.message : parseArgsError((err as Error).message);
      process.stderr.write(
        `ladle: ${message}${cmd ? `; ${helpText("seeHelp", { command: `ladle ${cmd}` })}` : ""}\n`,
      );
      return EXIT.usage;
    }
    throw err;
  }
}
