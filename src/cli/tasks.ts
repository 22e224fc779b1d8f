import { cliActor } from "./cliActor.ts";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { zTaskStatus } from "../domain/task.ts";
import { Ladle } from "../app/ladle.ts";
import { TASKS_HELP } from "./tasksHelp.ts";
import { helpText } from "./i18n/cliHelp.ts";
import { say } from "./i18n/cliWords.ts";
import { problemWords, sayProblem } from "./i18n/cliProblems.ts";

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
    process.stderr.write(`ladle tasks: ${why}\n\n${helpText("tasks", { english: TASKS_HELP })}\n`);
    return 2;
  };
  if (!sub || !["list", "commit", "reject", "cancel"].includes(sub)) {
    return usage(sub ? say("tasksUnknownSub", { sub }) : say("tasksSayWhat"));
  }
  const statuses = values.status?.split(",").map((s) => s.trim());
  if (statuses?.some((s) => !zTaskStatus.safeParse(s).success)) {
    return usage(say("tasksStatusTakes", { statuses: zTaskStatus.options.join(", ") }));
  }
  const page = Number(values.page);
  if (!Number.isInteger(page) || page < 1) return usage(say("tasksPageWhole"));
  const taskId = positionals[0];
  if (sub !== "list" && (!taskId || positionals.length > 1)) return usage(say("tasksNeedsId", { sub }));
  if (values.replace && values["keep-both"]) return usage(say("tasksReplaceOrKeep"));

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
        process.stderr.write(`${say("noTasks")}\n`);
        return 0;
      }
      for (const t of list.tasks) {
        const what = t.summary.recipeName ?? t.summary.url ?? "";
        const when = t.expiresAt ? say("expires", { when: t.expiresAt }) : t.lastUpdated;
        const err = t.error ? `  ${sayProblem(t.error.code, t.error.message)}` : "";
        process.stdout.write(`${t.taskId}  ${t.status.padEnd(11)}  ${when}  ${what}${err}\n`);
      }
      const pages = Math.ceil(list.total / list.pageSize);
      if (pages > 1) process.stderr.write(`${say("pageOf", { page, pages })}\n`);
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
        process.stderr.write(`ladle tasks commit: ${problemWords(res.code, res.message)}\n`);
        if (res.code === "GUARDRAIL_VIOLATION" && res.details?.policy !== "block") {
          process.stderr.write(`${say("addGuardrailFlag")}\n`);
        }
        if (res.code === "DUPLICATE_RECIPE") {
          for (const d of (res.details?.duplicates ?? []) as {
            recipeId: string;
            title: string;
            reason: string;
          }[])
            process.stderr.write(
              `${say("youAlreadyHave", { title: d.title, reason: d.reason, id: d.recipeId })}\n`,
            );
          process.stderr.write(`${say("duplicateChoices")}\n`);
        }
        return 1;
      }
      const r = res.value;
      process.stdout.write(`${r.recipe.id}\n`);
      const done = r.alreadyCommitted ? "savedAlready" : r.replaced ? "savedReplaced" : "savedNew";
      process.stderr.write(`${say(done, { name: r.recipe.name, id: r.recipe.id })}\n`);
      for (const w of r.warnings) process.stderr.write(`${say("warning", { text: w })}\n`);
      return 0;
    }
    if (sub === "reject") {
      const res = await ladle.review.reject(
        taskId!,
        values.reason ?? "rejected from the command line",
        actor,
      );
      if (!res.ok) {
        process.stderr.write(`ladle tasks reject: ${problemWords(res.code, res.message)}\n`);
        return 1;
      }
      process.stderr.write(`${say("discardedDraft", { taskId: taskId! })}\n`);
      return 0;
    }
    const res = await ladle.review.cancel(taskId!, actor);
    if (!res.ok) {
      process.stderr.write(`ladle tasks cancel: ${problemWords(res.code, res.message)}\n`);
      return 1;
    }
    process.stderr.write(`${say("cancelledTask", { taskId: taskId! })}\n`);
    return 0;
  } finally {
    await ladle.stop();
  }
}
