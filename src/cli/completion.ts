import type { Command, Option } from "commander";

export const SHELLS = ["bash", "zsh", "fish"] as const;

/**
 * Completion scripts ask `ladle __complete -- WORDS…` for the candidates, so they always follow
 * the registered commands and options (hand-written: commander ships no completion, and the
 * three scripts are a few lines each).
 */
export function completionScript(shell: string): string | null {
  switch (shell) {
    case "bash":
      return `# ladle completion for bash: source <(ladle completion bash)
_ladle_complete() {
  local IFS=$'\\n'
  COMPREPLY=( $(ladle __complete -- "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null) )
}
complete -o default -F _ladle_complete ladle
`;
    case "zsh":
      return `#compdef ladle
# ladle completion for zsh: ladle completion zsh > "\${fpath[1]}/_ladle"
_ladle() {
  local -a candidates
  candidates=("\${(@f)$(ladle __complete -- "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  compadd -a candidates
}
compdef _ladle ladle
`;
    case "fish":
      return `# ladle completion for fish: ladle completion fish > ~/.config/fish/completions/ladle.fish
function __ladle_complete
  ladle __complete -- (commandline -opc)[2..-1] (commandline -ct) 2>/dev/null
end
complete -c ladle -f -a '(__ladle_complete)'
`;
    default:
      return null;
  }
}

const visible = (cmd: Command) =>
  cmd.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden);
const longFlags = (cmd: Command) =>
  [...cmd.options, ...(cmd.parent ? cmd.parent.options : [])]
    .map((o) => o.long)
    .filter((f): f is string => !!f);

/** Candidates for the last of `words` (the word being typed), after the words before it. */
export function completions(program: Command, words: string[]): string[] {
  const typed = words.at(-1) ?? "";
  let cmd = program;
  let expecting: Option | null = null;
  for (const w of words.slice(0, -1)) {
    if (expecting) {
      expecting = null;
      continue;
    }
    if (w.startsWith("--")) {
      const opt = [...cmd.options, ...program.options].find((o) => o.long === w);
      if (opt && (opt.required || opt.optional)) expecting = opt;
      continue;
    }
    const sub = visible(cmd).find((c) => c.name() === w);
    if (sub) cmd = sub;
  }
  if (expecting) return (expecting.argChoices ?? []).filter((c) => c.startsWith(typed));
  const candidates = typed.startsWith("-")
    ? [...longFlags(cmd), ...(cmd === program ? [] : program.options.map((o) => o.long ?? "")), "--help"]
    : visible(cmd).map((c) => c.name());
  return [...new Set(candidates)].filter((c) => c && c.startsWith(typed));
}
