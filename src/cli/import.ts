import { cliActor } from "./cliActor.ts";
import { SYSTEM } from "../domain/user.ts";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { Ladle } from "../app/ladle.ts";
import { say as words, type CliKey } from "./i18n/cliWords.ts";
import { helpText } from "./i18n/cliHelp.ts";
import { problemWords, sayProblem } from "./i18n/cliProblems.ts";

/** Phase names in words, as the web UI says them (in the person's language: cliWords.ts). */
const PHASE_WORDS: Record<string, CliKey> = {
  "Ingest.Fetch": "phaseFetch",
  "Ingest.Extract": "phaseExtract",
  "Ingest.Validate": "phaseValidate",
  "Ingest.RepairJson": "phaseRepairJson",
  "Ingest.RepairParaphrase": "phaseRepairParaphrase",
  "Ingest.ReviewReady": "phaseReviewReady",
};

/**
 * `ladle import <url>`: runs the URL pipeline in this process on the configured database,
 * shows each phase on stderr as it happens, prints the draft (JSON) on stdout, and with
 * `--commit` commits it.
 */
export async function importCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      commit: { type: "boolean", default: false },
      "acknowledge-guardrail": { type: "boolean", default: false },
      quiet: { type: "boolean", default: false },
    },
  });
  const url = positionals[0];
  if (!url || positionals.length > 1) {
    process.stderr.write(
      `${helpText("usageWord")} ladle import <url> [--commit [--acknowledge-guardrail]] [--quiet]\n`,
    );
    return 2;
  }
  const config = loadConfig({ overrides: { Server: { LogLevel: "warn" } } });
  const ladle = await Ladle.start({ config, queue: false, role: "api" });
  const say = (s: string) => {
    if (!values.quiet) process.stderr.write(s + "\n");
  };
  try {
    const created = await ladle.tasks.create({
      agentType: "Ingest",
      payload: { mode: "Url", url },
      requestedBy: (await cliActor(ladle)).id,
    });
    if (!created.ok) {
      process.stderr.write(`ladle import: ${sayProblem(created.code, created.message)}\n`);
      return 1;
    }
    const taskId = created.value.taskId;
    say(words("importTask", { taskId, threadId: created.value.threadId }));
    const t0 = Date.now();
    const unsubscribe = ladle.events.subscribe(taskId, null, (e) => {
      if (e.type === "ingest.progress") return;
      const state = e.data.state ? ` ${String(e.data.state)}` : "";
      const key = PHASE_WORDS[String(e.data.phase)];
      const phase = key ? words(key) : e.type;
      say(`  [${String(e.data.progress).padStart(3)}%] ${phase}${state}  +${Date.now() - t0} ms`);
    });
    await ladle.runTask(taskId);
    unsubscribe();
    const task = await ladle.tasks.get(taskId, SYSTEM);
    if (!task.ok) throw new Error("task vanished");
    if (task.value.status !== "ReviewReady") {
      const e = task.value.error;
      process.stderr.write(
        `ladle import: ${task.value.status}: ${e?.code ?? ""} ${e ? problemWords(e.code, e.message) : ""}\n`,
      );
      return 1;
    }
    const result = task.value.result as {
      draft: {
        validation: { errors: string[]; warnings: string[] };
        similarity?: { violatesPolicy?: boolean } | null;
      };
    };
    process.stdout.write(
      JSON.stringify({ taskId, threadId: task.value.threadId, draft: result.draft }, null, 2) + "\n",
    );
    for (const w of result.draft.validation.warnings) say(words("warning", { text: w }));
    for (const e of result.draft.validation.errors) say(words("error", { text: e }));
    if (!values.commit) {
      // Most sites' steps are their own words: say up front what the commit will need.
      const copied = result.draft.similarity?.violatesPolicy === true;
      say(
        copied
          ? words("reviewThenSaveCopied", { taskId })
          : words("reviewThenSave", { taskId, body: JSON.stringify({ taskId }) }),
      );
      return 0;
    }
    const committed = await ladle.review.commit(
      { taskId, acknowledgeGuardrail: values["acknowledge-guardrail"] },
      { caller: await cliActor(ladle) },
    );
    if (!committed.ok) {
      process.stderr.write(
        `${words("commitFailed", { code: committed.code, message: problemWords(committed.code, committed.message) })}\n`,
      );
      if (committed.code === "GUARDRAIL_VIOLATION" && committed.details?.policy !== "block") {
        process.stderr.write(`${words("keepCopied", { taskId })}\n`);
      }
      if (committed.code === "DUPLICATE_RECIPE") {
        process.stderr.write(`${words("alreadyHave", { taskId })}\n`);
      }
      return 1;
    }
    say(words("committedRecipe", { id: committed.value.recipe.id }));
    for (const w of committed.value.warnings) say(words("warning", { text: w }));
    return 0;
  } finally {
    await ladle.stop();
  }
}
