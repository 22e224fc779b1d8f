import { readFileSync } from "node:fs";
import { type Argument, Command, Help, Option } from "commander";
import type { z } from "zod";
import type { AnyOperation } from "../mcp/operation.ts";
import { completionScript, completions, SHELLS } from "./completion.ts";
import { DATA_COMMANDS, GROUPS, type DataCommand } from "./dataCommands.ts";
import { ConnectionError, localExecutor, remoteExecutor, resolveTarget, type Executor } from "./executor.ts";
import { fieldInfo, optionOf, parseValue } from "./flags.ts";
import { progressReporter } from "./progress.ts";
import { helpText } from "./i18n/cliHelp.ts";
import { say } from "./i18n/cliWords.ts";
import { summaryOf } from "./i18n/cliSummaries.ts";
import { opDescription, optionWords } from "./i18n/cliOpWords.ts";
import { commanderError } from "./i18n/commanderErrors.ts";
import { EXIT } from "./exitCodes.ts";
import { sayProblem } from "./i18n/cliProblems.ts";

export { EXIT };

/** Commander's own words in a usage line (its placeholders), in the person's language. */
const usageWords = (usage: string) =>
  usage.replaceAll("[options]", helpText("optionsWord")).replaceAll("[command]", helpText("commandWord"));

const TITLES: Record<string, Parameters<typeof helpText>[0]> = {
  "Usage:": "usageTitle",
  "Options:": "optionsTitle",
  "Commands:": "commandsTitle",
  "Arguments:": "argumentsTitle",
  "Global Options:": "optionsTitle",
};

/** "(choices: …, default: …)" as commander adds them to an option's help, in the person's language. */
const extraWords = (text: string) =>
  text
    .replace(
      /\((choices|default): /g,
      (_, w: string) => `(${helpText(w === "choices" ? "choicesWord" : "defaultWord")} `,
    )
    .replace(/, default: /g, `, ${helpText("defaultWord")} `);

/**
 * Commander's own words in help (headings, placeholders, its help option and "choices"), in the
 * person's language; each goes in where commander builds it, so the columns stay aligned.
 */
const HELP_WORDS = {
  styleTitle: (title: string) => (TITLES[title] ? helpText(TITLES[title]) : title),
  subcommandTerm(this: Help, cmd: Command) {
    return usageWords(Help.prototype.subcommandTerm.call(this, cmd));
  },
  commandUsage(this: Help, cmd: Command) {
    return usageWords(Help.prototype.commandUsage.call(this, cmd));
  },
  optionDescription(this: Help, option: Option) {
    return extraWords(Help.prototype.optionDescription.call(this, option)).replace(
      /^display help for command$/,
      helpText("help"),
    );
  },
  subcommandDescription(this: Help, cmd: Command) {
    return Help.prototype.subcommandDescription
      .call(this, cmd)
      .replace(/^display help for command$/, helpText("help"));
  },
  argumentDescription(this: Help, argument: Argument) {
    return extraWords(Help.prototype.argumentDescription.call(this, argument));
  },
};

/** An extra option's English help, kept before a run says it in another language. */
const englishOf = new WeakMap<Option, string>();

/** The legacy commands (their own parsers; help texts in main.ts and tasks.ts). */
export interface LegacyCommand {
  name: string;
  summary: string;
  help: string;
  /** Declared for completion and checked against `help` by a test; parsing stays the command's. */
  options: string[];
  run: (argv: string[]) => Promise<number>;
}

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

/** `ladle recipes list`, for help titles. */
export function pathOf(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

/** The deepest command `argv` names (for "see ladle recipes show --help"). */
export function commandFor(program: Command, argv: string[]): Command {
  let cmd = program;
  for (const w of argv) {
    if (w.startsWith("-")) continue;
    const sub = cmd.commands.find((c) => c.name() === w);
    if (!sub) break;
    cmd = sub;
  }
  return cmd;
}

const isNotFound = (code: string) => /NOT_FOUND$|^not_found$/i.test(code);

/** The input of a data command from its positional arguments and options. */
function inputOf(dc: DataCommand, op: AnyOperation, cmd: Command): Record<string, unknown> {
  const shape = op.input;
  const input: Record<string, unknown> = {};
  const opts = cmd.opts();
  (dc.args ?? []).forEach((name, i) => {
    const text = String(cmd.processedArgs[i]);
    // A file's text (a saved page), read here so it reaches a server too; "-" reads standard input.
    if (dc.files?.includes(name))
      input[name] = text === "-" ? readFileSync(0, "utf8") : readFileSync(text, "utf8");
    else input[name] = parseValue(fieldInfo(shape[name] as z.ZodType), name, text);
  });
  for (const name of Object.keys(shape)) {
    if (dc.args?.includes(name) || dc.hide?.includes(name)) continue;
    if (opts[name] !== undefined) input[name] = opts[name];
  }
  for (const x of dc.extra ?? []) x.apply(opts[x.option.attributeName()], input);
  return input;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function addDataCommand(
  group: Command,
  dc: DataCommand,
  op: AnyOperation,
  io: Io,
  exit: { code: number },
): void {
  const shape = op.input;
  const cmd = group
    .command(dc.name)
    .summary(
      summaryOf(
        dc.op,
        op.title.replace(/^./, (c) => c.toLowerCase()),
      ),
    )
    .description(opDescription(dc.op, op.description));
  for (const name of dc.args ?? []) {
    const info = fieldInfo(shape[name] as z.ZodType);
    const label = dc.files?.includes(name) ? `${name}-file` : name;
    cmd.argument(
      info.required ? `<${label}>` : `[${label}]`,
      dc.files?.includes(name)
        ? optionWords(dc.op, "htmlFile", `a file with the page's HTML ("-": standard input)`)
        : optionWords(dc.op, name, info.description),
    );
  }
  for (const [name, schema] of Object.entries(shape)) {
    if (dc.args?.includes(name) || dc.hide?.includes(name)) continue;
    const info = fieldInfo(schema as z.ZodType);
    cmd.addOption(optionOf(name, { ...info, description: optionWords(dc.op, name, info.description) }));
  }
  for (const x of dc.extra ?? []) {
    const english = englishOf.get(x.option) ?? x.option.description;
    englishOf.set(x.option, english);
    x.option.description = optionWords(dc.op, x.option.attributeName(), english);
    cmd.addOption(x.option);
  }
  cmd.option("--json", helpText("json"));
  cmd.option("--quiet", helpText("quiet"));
  cmd.action(async (...params: unknown[]) => {
    const self = params.at(-1) as Command;
    const g = self.optsWithGlobals() as {
      json?: boolean;
      quiet?: boolean;
      server?: string;
      token?: string;
      user?: string;
    };
    const input = inputOf(dc, op, self);
    if (dc.op === "import_text" && input.text === "-") input.text = await readStdin();
    const target = resolveTarget(g);
    const executor: Executor = target.server
      ? await remoteExecutor(target.server, target.token)
      : await localExecutor({ user: target.user, worker: dc.worker ?? false });
    const progress = progressReporter(process.stderr, { quiet: g.quiet ?? false });
    try {
      const res = await executor.call(dc.op, input, progress.report);
      progress.done();
      if (!res.ok) {
        io.err(
          `ladle ${dc.group === "top" ? "" : `${dc.group} `}${dc.name}: ${sayProblem(res.code, res.message)}\n`,
        );
        if (res.code === "GUARDRAIL_VIOLATION" && res.details?.policy !== "block")
          io.err(`${say("addGuardrailFlag")}\n`);
        exit.code = isNotFound(res.code) ? EXIT.notFound : EXIT.failed;
        return;
      }
      if (g.json) io.out(JSON.stringify(res.value, null, 2) + "\n");
      else dc.print(res.value as Record<string, unknown>, (line) => io.out(line + "\n"));
      exit.code = EXIT.ok;
    } finally {
      progress.done();
      await executor.close();
    }
  });
}

/**
 * The whole command tree: legacy commands (their own parsers), the data commands over the
 * operations registry, and `completion`. Built per run; tests walk it for --help and docs/cli-and-mcp.md.
 */
export async function buildProgram(
  legacy: LegacyCommand[],
  io: Io,
  exit: { code: number },
  argv: string[] = [],
): Promise<Command> {
  const program = new Command("ladle");
  program
    .description(helpText("program"))
    .addOption(new Option("--server <url>", helpText("optServer")))
    .addOption(new Option("--token <token>", helpText("optToken")))
    .addOption(new Option(`--user <${helpText("phName")}>`, helpText("optUser")))
    .addHelpText("after", `\n${helpText("target")}\n\n${helpText("exit")}\n\n${helpText("runHelp")}`)
    .showHelpAfterError(false)
    .configureOutput({
      writeOut: io.out,
      writeErr: io.err,
      outputError: (text, write) => write(commanderError(text)),
    })
    .configureHelp({
      formatHelp: (cmd, helper) =>
        `${pathOf(cmd)}: ${cmd.summary() || cmd.description()}\n\n${Help.prototype.formatHelp.call(helper, cmd, helper)}`,
      sortSubcommands: false,
      ...HELP_WORDS,
    })
    .exitOverride();

  for (const l of legacy) {
    const cmd = program
      .command(l.name)
      .description(l.summary)
      .argument(`[${helpText("phArgs")}]`)
      .allowUnknownOption()
      .allowExcessArguments()
      .helpOption("-h, --help", helpText("showHelp"))
      .action(async () => {
        // The command's own parser reads its arguments as given (global options before it dropped).
        const at = argv.indexOf(l.name);
        const own = at >= 0 ? argv.slice(at + 1) : [];
        // Global --server, --token and --user given before it reach a command that takes them.
        const globals = Object.entries(program.opts<Record<string, unknown>>()).flatMap(([k, v]) =>
          typeof v === "string" && l.options.some((o) => o.startsWith(`--${k} `)) && !own.includes(`--${k}`)
            ? [`--${k}`, v]
            : [],
        );
        exit.code = await l.run([...globals, ...own]);
      });
    for (const o of l.options) cmd.option(o);
    cmd.helpInformation = () => `${l.help}\n`;
  }

  // The operations (and the services behind them) load only when a data command may run or be
  // listed: `ladle extract` and the other legacy commands start without them.
  const first = argv.find((a) => !a.startsWith("-"));
  const full = !legacy.some((l) => l.name === first);
  const { operation } = full ? await import("../mcp/operations.ts") : { operation: null };
  if (operation)
    for (const dc of DATA_COMMANDS.filter((d) => d.group === "top"))
      addDataCommand(program, dc, operation(dc.op), io, exit);
  for (const group of Object.keys(GROUPS) as Exclude<DataCommand["group"], "top">[]) {
    const g = program.command(group).description(GROUPS[group]());
    g.addHelpText("after", `\n${helpText("exit")}`);
    if (operation)
      for (const dc of DATA_COMMANDS.filter((d) => d.group === group))
        addDataCommand(g, dc, operation(dc.op), io, exit);
  }

  program
    .command("completion")
    .description(`${helpText("completion")} (${SHELLS.join(", ")})`)
    .argument("<shell>", SHELLS.join(", "))
    .addHelpText(
      "after",
      `\n${helpText("installTitle")}\n  bash: echo 'source <(ladle completion bash)' >> ~/.bashrc\n  zsh:  ladle completion zsh > "\${fpath[1]}/_ladle"\n  fish: ladle completion fish > ~/.config/fish/completions/ladle.fish`,
    )
    .action((shell: string) => {
      const script = completionScript(shell);
      if (!script) {
        io.err(`ladle completion: ${helpText("chooseShell")} ${SHELLS.join(", ")}\n`);
        exit.code = EXIT.usage;
        return;
      }
      io.out(script);
      exit.code = EXIT.ok;
    });

  program
    .command("__complete", { hidden: true })
    .argument("[words...]")
    .allowUnknownOption()
    .action((words: string[]) => {
      for (const c of completions(program, words)) io.out(c + "\n");
      exit.code = EXIT.ok;
    });
  return program;
}

export { ConnectionError };
