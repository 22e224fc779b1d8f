import { ConfigError } from "../config.ts";

const HELP = `ladle: turn recipe pages into reviewed, structured records

Usage:
  ladle serve [--role api|worker|all] [--host H] [--port P]
  ladle import <url> [--commit [--acknowledge-guardrail]] [--quiet]
  ladle extract [--base-url URL] FILE...
  ladle check-url [--resolve host=ip]... URL...
  ladle mcp                      (MCP server on stdio: prompt tools, web_fetch, recipe_extract, recipe_validate)

Configuration comes from ladle.config.json (or LADLE_CONFIG) and the environment; see README.`;

/** Runs the CLI; returns the exit code. Commands load their own modules, so `extract` starts without the server's. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
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
    if (err instanceof ConfigError || (err as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      process.stderr.write(`ladle: ${(err as Error).message}\n`);
      return 2;
    }
    throw err;
  }
}
