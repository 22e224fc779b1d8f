import { cliActor } from "./cliActor.ts";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { zTaskStatus } from "../domain/task.ts";
import { Ladle } from "../app/ladle.ts";
import { TASKS_HELP } from "./tasksHelp.ts";

export { TASKS_HELP };

/** `ladle tasks list|commit|reject|cancel`: the review lifecycle from the command line, in-process. */
export async function tasksCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      status: { type: "string" },
      page: { type: "string", default: "1" },
      json: { type: "boolean", default: false },
      "acknowledge-guardrail": { type: "boolean", default: false },
      replace: { type: "boolean", default: false },
      "keep-both": { type: "boolean", default: false },
      reason: { type: "string" },
    },
  });
  const usage = (why: string) => {
    process.stderr.write(`ladle tasks: ${why}\n\n${TASKS_HELP}\n`);
    return 2;
  };
  if (!sub || !["list", "commit", "reject", "cancel"].includes(sub)) {
    return usage(sub ? `unknown subcommand "${sub}"` : "say what to do: list, commit, reject or cancel");
  }
  const statuses = values.status?.split(",").map((s) => s.trim());
  if (statuses?.some((s) => !zTaskStatus.safeParse(s).success)) {
    return usage(`--status takes ${zTaskStatus.options.join(", ")}`);
  }
  const page = Number(values.page);
  if (!Number.isInteger(page) || page < 1) return usage("--page must be a whole number from 1");
  const taskId = positionals[0];
  if (sub !== "list" && (!taskId || positionals.length > 1)) return usage(`${sub} needs one task id`);
  if (values.replace && values["keep-both"]) return usage("choose --replace or --keep-both, not both");

  const config = loadConfig({ overrides: { Server: { LogLevel: "warn" } } });
  const ladle = await Ladle.start({ config, queue: false, role: "api" });
  try {
    const actor = await cliActor(ladle);
    if (sub === "list") {
      const list = await ladle.review.listTasks({
        viewer: actor,
        ...(statuses ? { statuses } : {}),
        page,
        pageSize: 50,
      });
      if (values.json) {
        process.stdout.write(JSON.stringify(list, null, 2) + "\n");
        return 0;
      }
      if (list.tasks.length === 0) {
        process.stderr.write("no tasks\n");
        return 0;
      }
      for (const t of list.tasks) {
        const what = t.summary.recipeName ?? t.summary.url ?? "";
        const when = t.expiresAt ? `expires ${t.expiresAt}` : t.lastUpdated;
        const err = t.error ? `  ${t.error.code}: ${t.error.message}` : "";
        process.stdout.write(`${t.taskId}  ${t.status.padEnd(11)}  ${when}  ${what}${err}\n`);
      }
      const pages = Math.ceil(list.total / list.pageSize);
      if (pages > 1) process.stderr.write(`page ${page} of ${pages} (--page N for more)\n`);
      return 0;
    }
    if (sub === "commit") {
      const res = await ladle.review.commit(
        {
          taskId: taskId!,
          acknowledgeGuardrail: values["acknowledge-guardrail"],
          ...(values.replace ? { duplicateAction: "replace" as const } : {}),
          ...(values["keep-both"] ? { duplicateAction: "keepBoth" as const } : {}),
        },
        { caller: actor },
      );
      if (!res.ok) {
        process.stderr.write(`ladle tasks commit: ${res.message}\n`);
        if (res.code === "GUARDRAIL_VIOLATION" && res.details?.policy !== "block") {
          process.stderr.write("  to keep that text for personal use: add --acknowledge-guardrail\n");
        }
        if (res.code === "DUPLICATE_RECIPE") {
          for (const d of (res.details?.duplicates ?? []) as {
            recipeId: string;
            title: string;
            reason: string;
          }[])
            process.stderr.write(`  you already have: "${d.title}" (${d.reason}, recipe ${d.recipeId})\n`);
          process.stderr.write(
            "  add --replace (update it), --keep-both, or discard: ladle tasks reject ID\n",
          );
        }
        return 1;
      }
      const r = res.value;
      process.stdout.write(`${r.recipe.id}\n`);
      process.stderr.write(
        `${r.alreadyCommitted ? "already saved" : r.replaced ? "replaced" : "saved"}: "${r.recipe.name}" (recipe ${r.recipe.id})\n`,
      );
      for (const w of r.warnings) process.stderr.write(`  warning: ${w}\n`);
      return 0;
    }
    if (sub === "reject") {
      const res = await ladle.review.reject(
        taskId!,
        values.reason ?? "rejected from the command line",
        actor,
      );
      if (!res.ok) {
        process.stderr.write(`ladle tasks reject: ${res.message}\n`);
        return 1;
      }
      process.stderr.write(`discarded the draft of task ${taskId}\n`);
      return 0;
    }
    const res = await ladle.review.cancel(taskId!, actor);
    if (!res.ok) {
      process.stderr.write(`ladle tasks cancel: ${res.message}\n`);
      return 1;
    }
    process.stderr.write(`cancelled task ${taskId}\n`);
    return 0;
  } finally {
    await ladle.stop();
  }
}
