/** `ladle tasks --help` (its own file: the help loads without the server's modules). */
export const TASKS_HELP = `ladle tasks: list imports, commit or reject their drafts, cancel running ones

Usage:
  ladle tasks list [--status ReviewReady[,Running...]] [--page N] [--json]
  ladle tasks commit <taskId> [--acknowledge-guardrail] [--replace | --keep-both]
  ladle tasks reject <taskId> [--reason TEXT]
  ladle tasks cancel <taskId>

list      newest first; without --status, every task (drafts show when they expire)
commit    saves the draft as a recipe; --acknowledge-guardrail keeps text that is the site's own
          words for personal use; --replace makes it a new version of a recipe from the same page
reject    discards the draft
cancel    stops an import that is waiting or running`;
