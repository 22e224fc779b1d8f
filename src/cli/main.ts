import { ConfigError } from "../config.ts";

const HELP = `ladle: turn recipe pages into reviewed, structured records

Usage:
  ladle serve [--role api|worker|all] [--host H] [--port P]
  ladle import <url> [--commit [--acknowledge-guardrail]] [--quiet]
  ladle extract [--base-url URL] FILE...
  ladle check-url [--resolve host=ip]... URL...
  ladle article [--base-url URL] FILE...   (offline article reading: one NDJSON line per file)
  ladle users add NAME [--role admin|user] | list | token NAME [--name N | --revoke ID]
  ladle tasks list|commit|reject|cancel ...
  ladle scale <recipeId|FILE.json> [--servings N | --factor F | --have "300 g" --ingredient I] [--units metric|us]
  ladle mcp                      (MCP server on stdio: prompt tools, web_fetch, recipe_extract, recipe_validate)

Run "ladle <command> --help" for a command's options. Configuration comes from ladle.config.json
(or LADLE_CONFIG) and the environment; see README.`;

/** `ladle <command> --help`: what each command does and takes. */
const COMMAND_HELP: Record<string, string> = {
  serve: `ladle serve: the API, the worker and the web UI (http://127.0.0.1:3000 by default)

Usage: ladle serve [--role api|worker|all] [--host H] [--port P]

--role   api serves HTTP only, worker only runs jobs, all (the default) does both
--host   address to bind (Server:Host, HOST); a non-loopback address needs users with tokens
--port   port to listen on (Server:Port, PORT)`,
  import: `ladle import: fetch a recipe page, show each phase, print the draft as JSON

Usage: ladle import <url> [--commit [--acknowledge-guardrail]] [--quiet]

--commit                 save the draft as a recipe right away
--acknowledge-guardrail  with --commit: keep text that is the site's own words, for personal use
--quiet                  no phase lines on stderr

Loopback and private addresses are refused unless listed in LADLE_ALLOW_PRIVATE_HOSTS.`,
  extract: `ladle extract: read recipes from saved HTML files, offline; one JSON line per file

Usage: ladle extract [--base-url URL] FILE...

--base-url  the page's address, to resolve relative links and images`,
  "check-url": `ladle check-url: would the fetcher go to these URLs? Nothing is fetched.

Usage: ladle check-url [--resolve host=ip]... URL...

Prints one JSON line per URL and exits 1 when any URL is refused.
--resolve host=ip  answer DNS for host with ip instead of asking the system resolver`,
  mcp: `ladle mcp: the MCP server on stdio (prompt tools, web_fetch, recipe_extract, recipe_validate)

Usage: ladle mcp`,
};

/** Runs the CLI; returns the exit code. Commands load their own modules, so `extract` starts without the server's. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command && (rest.includes("--help") || rest.includes("-h"))) {
    const help =
      command === "tasks"
        ? (await import("./tasks.ts")).TASKS_HELP
        : command === "scale"
          ? (await import("./scale.ts")).SCALE_HELP
          : COMMAND_HELP[command];
    if (help) {
      process.stdout.write(help + "\n");
      return 0;
    }
  }
  try {
    switch (command) {
      case "serve":
        return await (await import("./serve.ts")).serveCommand(rest);
      case "import":
        return await (await import("./import.ts")).importCommand(rest);
      case "extract":
        return await (await import("./extract.ts")).extractCommand(rest);
      case "check-url":
        return await (await import("./checkUrl.ts")).checkUrlCommand(rest);
      case "article":
        return await (await import("./article.ts")).articleCommand(rest);
      case "users":
        return await (await import("./users.ts")).usersCommand(rest);
      case "tasks":
        return await (await import("./tasks.ts")).tasksCommand(rest);
      case "scale":
        return await (await import("./scale.ts")).scaleCommand(rest);
      case "mcp":
        return await (await import("./mcp.ts")).mcpCommand();
      case undefined:
      case "help":
      case "--help":
      case "-h":
        process.stdout.write(HELP + "\n");
        return command === undefined ? 2 : 0;
      default:
        process.stderr.write(`ladle: unknown command "${command}"\n\n${HELP}\n`);
        return 2;
    }
  } catch (err) {
    if (err instanceof ConfigError || String((err as { code?: string }).code).startsWith("ERR_PARSE_ARGS")) {
      const hint =
        command && (command in COMMAND_HELP || command === "tasks" || command === "scale")
          ? `; see "ladle ${command} --help"`
          : "";
      process.stderr.write(`ladle: ${(err as Error).message}${hint}\n`);
      return 2;
    }
    throw err;
  }
}
