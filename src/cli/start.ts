import { ConfigError } from "../config.ts";
import { EXIT } from "./exitCodes.ts";

/**
 * The command line's entry. `ladle serve` alone (how every server process starts) goes straight to
 * its command: the rest of the command line (commander, its words and help in every language, the
 * data commands' executor) would stay resident in each API and worker process for nothing.
 * Everything else, `serve --help` among it, goes through the whole program (main.ts).
 */
export async function start(argv: string[]): Promise<number> {
  if (argv[0] !== "serve" || argv.includes("--help") || argv.includes("-h"))
    return (await import("./main.ts")).main(argv);
  const { serveCommand } = await import("./serve.ts");
  try {
    return await serveCommand(argv.slice(1));
  } catch (err) {
    // As main.ts answers a wrong setting or option.
    if (err instanceof ConfigError || String((err as { code?: string }).code).startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`ladle: ${(err as Error).message}; see "ladle serve --help"\n`);
      return EXIT.usage;
    }
    throw err;
  }
}
